import { describe, expect, it } from 'vitest';
import { createNonceClaims } from '../../src/server/security/nonceClaims';
import { type DeferredNonce, nonceToClaim, ReplayedNonceError, settleNonce } from '../../src/server/repositories/replayNonceRepository';

/** The repository's contract in memory (a set of seen nonces), recording each batch it was given. */
function setup() {
  const seen = new Set<string>();
  const batches: string[][] = [];
  let fail = false;
  const claim = createNonceClaims(async (nonces) => {
    batches.push(nonces);
    await new Promise((r) => setTimeout(r, 5));
    if (fail) {
      fail = false;
      throw new Error('database down');
    }
    const fresh = new Set(nonces.filter((n) => !seen.has(n)));
    for (const n of nonces) seen.add(n);
    return fresh;
  });
  return { claim, batches, failNext: () => (fail = true) };
}

describe('nonce claims', () => {
  it('claims a lone nonce at once, and refuses it the second time', async () => {
    const { claim, batches } = setup();
    expect(await claim('a')).toBe(true);
    expect(await claim('a')).toBe(false);
    expect(batches).toEqual([['a'], ['a']]);
  });

  it('sends the claims that arrive during an insert together in the next one', async () => {
    const { claim, batches } = setup();
    const answers = await Promise.all(['a', 'b', 'c', 'd'].map((n) => claim(n)));
    expect(answers).toEqual([true, true, true, true]);
    expect(batches).toEqual([['a'], ['b', 'c', 'd']]);
  });

  it('a nonce twice in one batch is fresh for the first request only', async () => {
    const { claim } = setup();
    const answers = await Promise.all(['x', 'y', 'y', 'x'].map((n) => claim(n)));
    expect(answers).toEqual([true, true, false, false]);
  });

  it('a failed insert fails the requests of its batch, and the next batch still runs', async () => {
    const { claim, failNext } = setup();
    failNext();
    const [a, b] = [claim('a'), claim('b')];
    await expect(a).rejects.toThrow('database down');
    expect(await b).toBe(true);
  });
});

describe('deferred nonces (a save claims its request nonce in its own statement)', () => {
  it('a pending nonce is claimed by the next statement; a claimed one by none; a replayed one refuses every later write', () => {
    const deferred: DeferredNonce = { nonce: 'n1', settled: false };
    expect(nonceToClaim(deferred)).toBe('n1');
    expect(nonceToClaim(undefined)).toBeNull();
    settleNonce(deferred, true);
    expect(nonceToClaim(deferred)).toBeNull();
    const replay: DeferredNonce = { nonce: 'n1', settled: false };
    settleNonce(replay, false);
    // A retry of the write (a stale cached row) must not go through without the nonce: it is refused before any statement.
    expect(() => nonceToClaim(replay)).toThrow(ReplayedNonceError);
  });
});

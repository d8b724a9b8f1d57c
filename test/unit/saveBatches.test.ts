import { describe, expect, it } from 'vitest';
import { createSaveBatches } from '../../src/server/prospects/saveBatches';
import { type SavedProspect, type SaveManyInput, VersionConflictError } from '../../src/server/repositories/prospectRepository';
import { ReplayedNonceError } from '../../src/server/repositories/replayNonceRepository';

/** A table of versions in memory behind the save, saveMany and notSaved of the repository, recording each statement. */
function setup(options: { failGroupWith?: string; gather?: boolean } = {}) {
  const versions = new Map<string, number>([
    ['a', 1],
    ['b', 1],
    ['c', 1],
    ['bad', 1],
  ]);
  const statements: string[][] = [];
  const nonces = new Set<string>();
  const row = (id: string): SavedProspect => ({ id, version: versions.get(id)! }) as SavedProspect;
  const write = (input: SaveManyInput) => {
    if (input.id === 'bad') throw new Error('refused by the database');
    if (versions.get(input.id) !== input.expectedVersion) return undefined;
    versions.set(input.id, input.expectedVersion + 1);
    return row(input.id);
  };
  /** As the statements: a save whose request's nonce is taken is a replay and writes nothing; the others claim theirs. */
  const replayed = (input: SaveManyInput) => {
    if (!input.nonce || input.nonce.settled) return false;
    input.nonce.settled = true;
    if (nonces.has(input.nonce.nonce)) return true;
    nonces.add(input.nonce.nonce);
    return false;
  };
  const tick = () => new Promise((r) => setTimeout(r, 5));
  const repo = {
    async save(_db: unknown, input: SaveManyInput) {
      statements.push([input.id]);
      await tick();
      if (replayed(input)) throw new ReplayedNonceError();
      const saved = write(input);
      if (!saved) throw new VersionConflictError(versions.get(input.id)!);
      return saved;
    },
    async saveMany(_db: unknown, inputs: SaveManyInput[]) {
      statements.push(inputs.map((i) => i.id));
      await tick();
      if (inputs.some((i) => i.id === options.failGroupWith)) throw new Error('the statement failed');
      // Atomic: check everything first, then write.
      if (new Set(inputs.map((i) => i.id)).size !== inputs.length) throw new Error('the same prospect twice in one statement');
      const claimed = inputs.map((i) => i.nonce?.nonce).filter((n) => n !== undefined);
      if (new Set(claimed).size !== claimed.length) throw new Error('the same nonce twice in one statement');
      return inputs.map((i) => (replayed(i) ? new ReplayedNonceError() : write(i)));
    },
    async notSaved(_db: unknown, input: SaveManyInput): Promise<never> {
      throw new VersionConflictError(versions.get(input.id)!);
    },
  };
  const batches = createSaveBatches({} as never, repo as never, { gather: options.gather });
  const save = (id: string, expectedVersion: number, nonce?: string) =>
    batches.save({ id, expectedVersion, document: {}, audit: {} as never, ...(nonce ? { nonce: { nonce, settled: false } } : {}) });
  return { save, statements, versions, batches };
}

const outcome = (p: Promise<SavedProspect>) =>
  p.then(
    (r) => `v${r.version}`,
    (e: Error) => (e instanceof VersionConflictError ? `409 (now ${e.currentVersion})` : e instanceof ReplayedNonceError ? 'replay' : e.message),
  );

describe('saves in groups', () => {
  it('a lone save goes at once, by a statement of its own', async () => {
    const { save, statements } = setup();
    expect(await outcome(save('a', 1))).toBe('v2');
    expect(statements).toEqual([['a']]);
  });

  it('the saves that arrive during a write go together in the next statement, each with its own answer', async () => {
    const { save, statements, batches } = setup();
    const answers = Promise.all([save('a', 1), save('b', 1), save('c', 1)].map(outcome));
    expect(batches.state()).toEqual({ inFlight: true, waiting: 2 });
    expect(await answers).toEqual(['v2', 'v2', 'v2']);
    expect(statements).toEqual([['a'], ['b', 'c']]);
    expect(batches.state()).toEqual({ inFlight: false, waiting: 0 });
    // Counted for /api/metrics (the benchmark's saves per statement): two statements carried three saves.
    expect(batches.counts()).toEqual({ statements: 2, saves: 3 });
  });

  it('two saves of the same prospect never share a statement: the later one sees the earlier one write', async () => {
    const { save, statements } = setup();
    const answers = await Promise.all([save('c', 1), save('a', 1), save('b', 1), save('a', 1), save('a', 2)].map(outcome));
    expect(answers).toEqual(['v2', 'v2', 'v2', '409 (now 2)', 'v3']);
    expect(statements).toEqual([['c'], ['a', 'b'], ['a'], ['a']]);
  });

  it('two saves of requests with the same nonce never share a statement: the later one is refused as a replay', async () => {
    const { save, statements, versions } = setup();
    const answers = await Promise.all([save('c', 1, 'n0'), save('a', 1, 'n1'), save('b', 1, 'n1'), save('c', 2, 'n2')].map(outcome));
    expect(answers).toEqual(['v2', 'v2', 'replay', 'v3']);
    expect(statements).toEqual([['c'], ['a', 'c'], ['b']]);
    expect(versions.get('b')).toBe(1);
  });

  it('a stale version in a group is refused with the current version; the others are stored', async () => {
    const { save, versions } = setup();
    versions.set('b', 5);
    expect(await Promise.all([save('c', 1), save('a', 1), save('b', 1), save('c', 2)].map(outcome))).toEqual(['v2', 'v2', '409 (now 5)', 'v3']);
  });

  it('when a group statement fails, each of its saves is made alone: one bad save does not fail the others', async () => {
    const { save, statements, versions } = setup({ failGroupWith: 'bad' });
    const answers = await Promise.all([save('c', 1), save('a', 1), save('bad', 1), save('b', 1)].map(outcome));
    expect(answers).toEqual(['v2', 'v2', 'refused by the database', 'v2']);
    expect(statements).toEqual([['c'], ['a', 'bad', 'b'], ['a'], ['bad'], ['b']]);
    expect(versions.get('bad')).toBe(1);
  });

  it('a save is never answered by a statement sent before it arrived', async () => {
    const { save, statements } = setup();
    const first = save('a', 1);
    await new Promise((r) => setTimeout(r, 1)); // the first statement is in flight
    const second = save('b', 1);
    expect(await outcome(first)).toBe('v2');
    expect(await outcome(second)).toBe('v2');
    expect(statements).toEqual([['a'], ['b']]);
  });

  it('gather (PGlite): the saves of one turn of the event loop go together in the first statement', async () => {
    const { save, statements, batches } = setup({ gather: true });
    const answers = Promise.all([save('a', 1), save('b', 1), save('a', 2), save('c', 1)].map(outcome));
    expect(batches.state()).toEqual({ inFlight: false, waiting: 4 }); // nothing sent before the turn ends
    expect(await answers).toEqual(['v2', 'v2', 'v3', 'v2']);
    // The same prospect twice: the later save in the next statement, as without gather.
    expect(statements).toEqual([['a', 'b', 'c'], ['a']]);
  });
});

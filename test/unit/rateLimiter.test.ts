import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/tables';
import type { RateLimitRepository } from '../../src/server/repositories/rateLimitRepository';
import { createRateLimiter } from '../../src/server/security/rateLimiter';

/** The repository's contract in memory, with a clock the test moves. */
function setup() {
  const counts = new Map<string, number>();
  const k = (key: string, w: Date) => `${key}@${w.getTime()}`;
  const repo: RateLimitRepository = {
    increment: async (_db, key, w) => {
      counts.set(k(key, w), (counts.get(k(key, w)) ?? 0) + 1);
      return counts.get(k(key, w))!;
    },
    counts: async (_db, key, ws) => ws.map((w) => counts.get(k(key, w)) ?? 0),
    latest: async (_db, key) => {
      const starts = [...counts.keys()].filter((c) => c.startsWith(`${key}@`)).map((c) => Number(c.slice(key.length + 1)));
      return starts.length ? new Date(Math.max(...starts)) : undefined;
    },
    reset: async (_db, key) => {
      for (const c of [...counts.keys()]) if (c.startsWith(`${key}@`)) counts.delete(c);
    },
    prune: async () => {},
  };
  const clock = { now: 600_000 * 1000 }; // the start of a 600 s window
  const limiter = createRateLimiter({ db: {} as Kysely<Database>, repo, now: () => clock.now });
  return { limiter, clock };
}

describe('rate limiter', () => {
  it('a lock-out lasts its whole time from the moment it is set, across window boundaries', async () => {
    const { limiter, clock } = setup();
    clock.now += 597_000; // 3 s before a 600 s window ends: a lock-out must not end with the window
    expect(await limiter.lockedFor('u')).toBe(0);
    await limiter.lock('u', 600);
    expect(await limiter.lockedFor('u')).toBe(600);
    clock.now += 5_000;
    expect(await limiter.lockedFor('u')).toBe(595);
    clock.now += 594_500;
    expect(await limiter.lockedFor('u')).toBe(1);
    clock.now += 500;
    expect(await limiter.lockedFor('u')).toBe(0);
    expect(await limiter.lockedFor('someone else')).toBe(0);
  });

  it('allows `limit` events per window, then refuses with the seconds to wait', async () => {
    const { limiter, clock } = setup();
    for (let i = 0; i < 3; i++) expect((await limiter.hit('m', 3, 600)).allowed).toBe(true);
    clock.now += 100_000;
    const refused = await limiter.hit('m', 3, 600);
    expect(refused.allowed).toBe(false);
    // The window's 3 allowed events (the refused 4th does not count on) weigh 3 * (2/3 - t) in the next window,
    // which is <= 2 at once: the wait ends with this window (500 s), never later than a window from now.
    expect(refused.retryAfter).toBe(500);
    clock.now += 499_000;
    expect((await limiter.peek('m', 3, 600)).allowed).toBe(false);
    clock.now += 1_000;
    expect((await limiter.peek('m', 3, 600)).allowed).toBe(true);
    expect((await limiter.hit('other', 3, 600)).allowed).toBe(true);
  });

  it('uses a sliding estimate: a burst at the end of a window still counts at the start of the next', async () => {
    const { limiter, clock } = setup();
    clock.now += 590_000;
    for (let i = 0; i < 3; i++) await limiter.hit('m', 3, 600);
    clock.now += 20_000; // 10 s into the next window: the previous 3 still weigh 3 * (2/3 - 10/600) = 1.95
    expect((await limiter.hit('m', 3, 600)).allowed).toBe(true); // the one event of slack: 1.95 + 1 <= 3
    expect((await limiter.hit('m', 3, 600)).allowed).toBe(false); // 1.95 + 2 > 3: the burst still counts
    clock.now += 590_000; // almost the whole next window: the weight has faded
    expect((await limiter.hit('m', 3, 600)).allowed).toBe(true);
  });

  it('never asks for a wait longer than the window, and the wait it names is honest', async () => {
    const { limiter, clock } = setup();
    for (let step = 0; step < 40; step++) {
      const refused = await limiter.hit('burst', 3, 600);
      if (!refused.allowed) {
        expect(refused.retryAfter).toBeLessThanOrEqual(600);
        clock.now += refused.retryAfter * 1000;
        expect((await limiter.peek('burst', 3, 600)).allowed).toBe(true);
      } else clock.now += 7_000;
    }
  });

  it('peek does not count; a reset forgets; the retry time of a lock-out is honest', async () => {
    const { limiter, clock } = setup();
    for (let i = 0; i < 4; i++) await limiter.hit('fail', 5, 900);
    expect((await limiter.peek('fail', 5, 900)).allowed).toBe(true);
    expect((await limiter.peek('fail', 5, 900)).allowed).toBe(true);
    await limiter.hit('fail', 5, 900);
    const locked = await limiter.peek('fail', 5, 900);
    expect(locked.allowed).toBe(false);
    clock.now += locked.retryAfter * 1000;
    expect((await limiter.peek('fail', 5, 900)).allowed).toBe(true);
    await limiter.hit('fail', 5, 900);
    await limiter.reset('fail');
    expect((await limiter.peek('fail', 5, 900)).allowed).toBe(true);
  });

  it('refuses windows it cannot keep', async () => {
    const { limiter } = setup();
    await expect(limiter.hit('x', 1, 0)).rejects.toThrow(/rate window/);
    await expect(limiter.hit('x', 1, 2 * 86_400)).rejects.toThrow(/rate window/);
  });
});

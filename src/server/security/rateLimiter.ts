import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';
import type { RateLimitRepository } from '../repositories/rateLimitRepository';

export interface RateDecision {
  allowed: boolean;
  /** Seconds until the next event would be allowed (0 when allowed). */
  retryAfter: number;
}

export interface RateLimiter {
  /** Counts one event for `key` and says whether it is within `limit` per `windowSeconds`. */
  hit(key: string, limit: number, windowSeconds: number): Promise<RateDecision>;
  /** Whether one more event would be allowed, without counting one (login lockout checks before the attempt). */
  peek(key: string, limit: number, windowSeconds: number): Promise<RateDecision>;
  /** Forgets the key (a successful login clears its failures). */
  reset(key: string): Promise<void>;
  /** Locks `key` out for `seconds` from now (a lock-out lasts its whole time, whatever the windows of its counter). */
  lock(key: string, seconds: number): Promise<void>;
  /** Seconds left of a lock-out of `key` (0: not locked). */
  lockedFor(key: string): Promise<number>;
}

const MAX_WINDOW_SECONDS = 86_400;
const PRUNE_PROBABILITY = 0.01;
/** 2/3 - 400/600 is not 0 in floating point: without rounding, the moment Retry-After names could still refuse. */
const round = (x: number) => Math.floor(x * 1e9) / 1e9;

/**
 * Counters in the database, so a limit holds across server processes. Each key has fixed windows; the
 * decision uses the sliding estimate `min(previous, limit) * weight + current`, which avoids the burst of twice
 * the limit that plain fixed windows allow at a window boundary. The previous window's weight fades from
 * `1 - 1/limit` to 0 one emission interval (window / limit) before the window ends, and at most `limit` of its
 * events count: so the honest Retry-After is never longer than the window itself (at the cost of at most one
 * event more than the limit around a window boundary).
 */
export function createRateLimiter(options: { db: Kysely<Database>; repo: RateLimitRepository; now?: () => number }): RateLimiter {
  const { db, repo } = options;
  const now = options.now ?? Date.now;

  const windows = (windowSeconds: number, limit: number) => {
    if (!(windowSeconds > 0 && windowSeconds <= MAX_WINDOW_SECONDS)) throw new Error(`rate window must be 1..${MAX_WINDOW_SECONDS} s`);
    const size = windowSeconds * 1000;
    const at = now();
    const start = Math.floor(at / size) * size;
    const fade = 1 - 1 / limit;
    return { size, at, start, previous: start - size, limit, fade, weight: Math.max(0, round(fade - (at - start) / size)) };
  };
  type Windows = ReturnType<typeof windows>;

  const estimate = (w: Windows, previous: number, current: number) => Math.min(previous, w.limit) * w.weight + current;

  /** Seconds until `min(previous, limit) * weight + current <= room` holds, assuming no further events. */
  const retryAfter = (w: Windows, previous: number, current: number, room: number) => {
    const prev = Math.min(previous, w.limit);
    const until =
      current <= room
        ? w.start + Math.max(0, w.fade - (room - current) / prev) * w.size // the previous window's weight fades out
        : w.start + w.size + Math.max(0, w.fade - room / Math.min(current, w.limit)) * w.size; // the current window becomes the previous one
    return Math.max(1, Math.ceil((until - w.at) / 1000));
  };

  return {
    async hit(key, limit, windowSeconds) {
      const w = windows(windowSeconds, limit);
      const current = await repo.increment(db, key, new Date(w.start));
      const [previous = 0] = await repo.counts(db, key, [new Date(w.previous)]);
      if (Math.random() < PRUNE_PROBABILITY) await repo.prune(db, new Date(w.at - 2 * MAX_WINDOW_SECONDS * 1000));
      const allowed = estimate(w, previous, current) <= limit;
      return { allowed, retryAfter: allowed ? 0 : retryAfter(w, previous, current, limit - 1) };
    },

    async peek(key, limit, windowSeconds) {
      const w = windows(windowSeconds, limit);
      const [current = 0, previous = 0] = await repo.counts(db, key, [new Date(w.start), new Date(w.previous)]);
      const allowed = estimate(w, previous, current) + 1 <= limit;
      return { allowed, retryAfter: allowed ? 0 : retryAfter(w, previous, current, limit - 1) };
    },

    async reset(key) {
      await repo.reset(db, key);
    },

    // A lock-out is a row of its own key whose window start is the lock's end (pruned like any counter).
    async lock(key, seconds) {
      await repo.increment(db, `lock:${key}`, new Date(now() + seconds * 1000));
    },

    async lockedFor(key) {
      const until = await repo.latest(db, `lock:${key}`);
      const left = until ? until.getTime() - now() : 0;
      return left > 0 ? Math.ceil(left / 1000) : 0;
    },
  };
}

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
}

const MAX_WINDOW_SECONDS = 86_400;
const PRUNE_PROBABILITY = 0.01;

/**
 * Counters in the database, so a limit holds across server processes. Each key has fixed windows; the
 * decision uses the sliding estimate `previous * (1 - elapsed/window) + current`, which avoids the burst of
 * twice the limit that plain fixed windows allow at a window boundary.
 */
export function createRateLimiter(options: { db: Kysely<Database>; repo: RateLimitRepository; now?: () => number }): RateLimiter {
  const { db, repo } = options;
  const now = options.now ?? Date.now;

  const windows = (windowSeconds: number) => {
    if (!(windowSeconds > 0 && windowSeconds <= MAX_WINDOW_SECONDS)) throw new Error(`rate window must be 1..${MAX_WINDOW_SECONDS} s`);
    const size = windowSeconds * 1000;
    const at = now();
    const start = Math.floor(at / size) * size;
    return { size, at, start, previous: start - size, weight: 1 - (at - start) / size };
  };

  /** Seconds until `previous * weight + current <= room` holds, assuming no further events. */
  const retryAfter = (w: ReturnType<typeof windows>, previous: number, current: number, room: number) => {
    const until =
      current <= room
        ? w.start + (1 - (room - current) / previous) * w.size // the previous window's weight fades out
        : w.start + w.size + (1 - room / current) * w.size; // the current window becomes the previous one
    return Math.max(1, Math.ceil((until - w.at) / 1000));
  };

  return {
    async hit(key, limit, windowSeconds) {
      const w = windows(windowSeconds);
      const current = await repo.increment(db, key, new Date(w.start));
      const [previous = 0] = await repo.counts(db, key, [new Date(w.previous)]);
      if (Math.random() < PRUNE_PROBABILITY) await repo.prune(db, new Date(w.at - 2 * MAX_WINDOW_SECONDS * 1000));
      const allowed = previous * w.weight + current <= limit;
      return { allowed, retryAfter: allowed ? 0 : retryAfter(w, previous, current, limit - 1) };
    },

    async peek(key, limit, windowSeconds) {
      const w = windows(windowSeconds);
      const [current = 0, previous = 0] = await repo.counts(db, key, [new Date(w.start), new Date(w.previous)]);
      const allowed = previous * w.weight + current + 1 <= limit;
      return { allowed, retryAfter: allowed ? 0 : retryAfter(w, previous, current, limit - 1) };
    },

    async reset(key) {
      await repo.reset(db, key);
    },
  };
}

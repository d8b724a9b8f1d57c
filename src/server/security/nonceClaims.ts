/** Most nonces one INSERT claims (well under PostgreSQL's 65,535 parameters). */
const MAX_BATCH = 500;

interface Waiting {
  nonce: string;
  resolve(fresh: boolean): void;
  reject(error: unknown): void;
}

/**
 * Replay-nonce claims in batches, as PostgreSQL commits in groups: the first claim goes to the database at
 * once; the claims that arrive while an INSERT is in flight wait for it to finish and then go together in
 * one INSERT. Under load many encrypted requests share one round trip and one commit; an idle server answers
 * each at once. The database stays the one judge (every process refuses the others' nonces). A nonce sent
 * twice in one batch is fresh for the first request only.
 */
export function createNonceClaims(claimMany: (nonces: string[]) => Promise<Set<string>>): (nonce: string) => Promise<boolean> {
  let waiting: Waiting[] = [];
  let inFlight = false;

  async function flush(): Promise<void> {
    if (inFlight || waiting.length === 0) return;
    inFlight = true;
    const batch = waiting.slice(0, MAX_BATCH);
    waiting = waiting.slice(MAX_BATCH);
    try {
      const fresh = await claimMany([...new Set(batch.map((w) => w.nonce))]);
      for (const w of batch) w.resolve(fresh.delete(w.nonce));
    } catch (error) {
      for (const w of batch) w.reject(error);
    } finally {
      inFlight = false;
      void flush();
    }
  }

  return (nonce) =>
    new Promise<boolean>((resolve, reject) => {
      waiting.push({ nonce, resolve, reject });
      void flush();
    });
}

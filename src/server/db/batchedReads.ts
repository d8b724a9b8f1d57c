/** Most keys one read asks for (well under PostgreSQL's 65,535 parameters; one array parameter anyway). */
const MAX_BATCH = 500;

interface Waiting<K, V> {
  key: K;
  resolve(value: V | undefined): void;
  reject(error: unknown): void;
}

/**
 * Reads by key in batches, as the replay-nonce claims do (security/nonceClaims.ts): the first read goes to the
 * database at once; the reads that arrive while a query is in flight wait for it to finish and then go together
 * in one query (each distinct key once). A read is never answered by a query that was sent before it arrived,
 * so it sees every write committed before it was asked for, exactly as a read of its own would. Under load many
 * requests share one round trip; an idle server answers each at once.
 */
export function createBatchedReads<K, V>(readMany: (keys: K[]) => Promise<Map<K, V>>): (key: K) => Promise<V | undefined> {
  let waiting: Waiting<K, V>[] = [];
  let inFlight = false;

  async function flush(): Promise<void> {
    if (inFlight || waiting.length === 0) return;
    inFlight = true;
    const batch = waiting.slice(0, MAX_BATCH);
    waiting = waiting.slice(MAX_BATCH);
    try {
      const found = await readMany([...new Set(batch.map((w) => w.key))]);
      for (const w of batch) w.resolve(found.get(w.key));
    } catch (error) {
      for (const w of batch) w.reject(error);
    } finally {
      inFlight = false;
      void flush();
    }
  }

  return (key) =>
    new Promise<V | undefined>((resolve, reject) => {
      waiting.push({ key, resolve, reject });
      void flush();
    });
}

/** Most keys one query takes (well under PostgreSQL's 65,535 parameters; one array parameter anyway). */
const MAX_BATCH = 500;

interface Waiting<K, V> {
  key: K;
  resolve(value: V): void;
  reject(error: unknown): void;
}

/**
 * Calls by key in batches: the first goes to the database at once; the calls that arrive while a query is in flight
 * wait for it to finish and then go together in one query (each distinct key once), whose result `answer` turns
 * into each caller's value (in the callers' order). A call is never answered by a query that was sent before it
 * arrived, so it sees every write committed before it was made, exactly as a query of its own would. Under load many
 * requests share one round trip; an idle server answers each at once.
 */
export function createBatcher<K, V, R>(runMany: (keys: K[]) => Promise<R>, answer: (result: R, key: K) => V): (key: K) => Promise<V> {
  let waiting: Waiting<K, V>[] = [];
  let inFlight = false;

  async function flush(): Promise<void> {
    if (inFlight || waiting.length === 0) return;
    inFlight = true;
    const batch = waiting.slice(0, MAX_BATCH);
    waiting = waiting.slice(MAX_BATCH);
    try {
      const result = await runMany([...new Set(batch.map((w) => w.key))]);
      for (const w of batch) w.resolve(answer(result, w.key));
    } catch (error) {
      for (const w of batch) w.reject(error);
    } finally {
      inFlight = false;
      void flush();
    }
  }

  return (key) =>
    new Promise<V>((resolve, reject) => {
      waiting.push({ key, resolve, reject });
      void flush();
    });
}

/** Reads by key in batches (createBatcher): each caller gets its key's row, or undefined when there is none. */
export function createBatchedReads<K, V>(readMany: (keys: K[]) => Promise<Map<K, V>>): (key: K) => Promise<V | undefined> {
  return createBatcher(readMany, (found, key) => found.get(key));
}

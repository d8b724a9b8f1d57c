/** Most keys one query takes (well under PostgreSQL's 65,535 parameters; one array parameter anyway). */
const MAX_BATCH = 500;

interface Waiting<K, V> {
  key: K;
  resolve(value: V): void;
  reject(error: unknown): void;
}

export interface BatchOptions {
  /**
   * Send the first query one turn of the event loop later (setImmediate), not at once, so that every call made in
   * the same turn goes with it. The server gathers its session reads, nonce claims and saves on both databases.
   * On PGlite a query is a synchronous WebAssembly call behind promises, so nothing can arrive while one is in
   * flight: without it every call would go alone. On PostgreSQL groups formed without it too, but the first call
   * of each burst (the requests one turn reads from their sockets) went alone: with it the burst shares one
   * statement, so fewer statements (each a socket write, a round trip and, for a write, a commit) per request.
   */
  gather?: boolean;
}

/**
 * Calls by key in batches: the first goes to the database at once (or, `gather`, at the end of the event loop's
 * turn); the calls that arrive while a query is in flight wait for it to finish and then go together in one query
 * (each distinct key once), whose result `answer` turns into each caller's value (in the callers' order). A call is
 * never answered by a query that was sent before it arrived, so it sees every write committed before it was made,
 * exactly as a query of its own would. Under load many requests share one round trip; an idle server answers each
 * at once.
 */
export function createBatcher<K, V, R>(runMany: (keys: K[]) => Promise<R>, answer: (result: R, key: K) => V, options: BatchOptions = {}): (key: K) => Promise<V> {
  let waiting: Waiting<K, V>[] = [];
  let inFlight = false;
  const kick = kicker(() => inFlight, flush, options);

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
      kick();
    });
}

/**
 * What a batcher does when a call arrives: flush at once, or (`gather`) once at the end of this turn of the event
 * loop unless a query is in flight (whose end flushes what waits).
 */
export function kicker(inFlight: () => boolean, flush: () => Promise<void>, { gather = false }: BatchOptions): () => void {
  if (!gather) return () => void flush();
  let scheduled = false;
  return () => {
    if (scheduled || inFlight()) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      void flush();
    });
  };
}

/** Reads by key in batches (createBatcher): each caller gets its key's row, or undefined when there is none. */
export function createBatchedReads<K, V>(readMany: (keys: K[]) => Promise<Map<K, V>>, options?: BatchOptions): (key: K) => Promise<V | undefined> {
  return createBatcher(readMany, (found, key) => found.get(key), options);
}

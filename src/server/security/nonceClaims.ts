import { type BatchOptions, createBatcher } from '../db/batchedReads';

/**
 * Replay-nonce claims in batches (createBatcher), as PostgreSQL commits in groups: the first claim goes to the
 * database at once (with `gather`, as the server runs it: at the end of the event loop's turn, with the claims of the
 * same turn); the claims that arrive while an INSERT is in flight wait for it to finish and then go together in
 * one INSERT. Under load many encrypted requests share one round trip and one commit; an idle server answers each at
 * once. The database stays the one judge (every process refuses the others' nonces). A nonce sent twice in one batch
 * is fresh for the first request only.
 */
export function createNonceClaims(claimMany: (nonces: string[]) => Promise<Set<string>>, options?: BatchOptions): (nonce: string) => Promise<boolean> {
  return createBatcher(claimMany, (fresh, nonce) => fresh.delete(nonce), options);
}

import type { Kysely } from 'kysely';
import { type BatchOptions, kicker } from '../db/batchedReads';
import type { DatabaseHandle } from '../db/createDatabase';
import type { Database } from '../db/tables';
import { createProspectRepository, type SavedProspect, type SaveManyInput } from '../repositories/prospectRepository';
import { ReplayedNonceError } from '../repositories/replayNonceRepository';

/** Most saves one statement takes (the batch is one JSON parameter; a few MB at most with large documents). */
const MAX_BATCH = 64;

interface Waiting {
  input: SaveManyInput;
  resolve(row: SavedProspect): void;
  reject(error: unknown): void;
}

type Repository = Pick<ReturnType<typeof createProspectRepository>, 'save' | 'saveMany' | 'notSaved'>;

/**
 * Saves in groups (group commit), as the replay-nonce claims and the session reads go (db/batchedReads.ts): the
 * first save goes to the database at once in a statement of its own; the saves that arrive while a write is in
 * flight wait for it and then go together in ONE statement (`saveMany`): one round trip and one commit (one disk
 * flush) for all of them. Each save is still atomic with its audit row and gets its own answer: its row, or what
 * the single save would have thrown (409 on a stale version, StaleRowError when the cached row was written since,
 * 404). Two saves of the same prospect never go together: the later waits for the next statement (where its
 * version check sees the earlier one's write), nor two saves of requests with the same nonce. A save whose request's
 * nonce was left to its statement (`nonce`) is written only if the statement claims it, and is refused as a replay
 * (ReplayedNonceError) otherwise. If the group's statement fails (a constraint, a serialisation
 * failure, a deadlock with another process), each of its saves is made again by a statement of its own, so one bad
 * save cannot fail the others. A save is never answered before its own statement committed. `gather` (the server's
 * saves, on both databases): the first save waits for the end of the event loop's turn (batchedReads.ts).
 */
export function createSaveBatches(db: Kysely<Database>, repo: Repository = createProspectRepository(), options: BatchOptions = {}): SaveBatches {
  let waiting: Waiting[] = [];
  let inFlight = false;
  const counts = { statements: 0, saves: 0 };
  const kick = kicker(() => inFlight, flush, options);

  async function alone(w: Waiting): Promise<void> {
    try {
      w.resolve(await repo.save(db, w.input));
    } catch (error) {
      w.reject(error);
    }
  }

  async function together(batch: Waiting[]): Promise<void> {
    let rows: (SavedProspect | ReplayedNonceError | undefined)[];
    try {
      rows = await repo.saveMany(
        db,
        batch.map((w) => w.input),
      );
    } catch {
      // Nothing of the statement was written: each save again on its own, answered by its own outcome.
      await Promise.all(batch.map(alone));
      return;
    }
    batch.forEach((w, i) => {
      const row = rows[i];
      if (row instanceof ReplayedNonceError) w.reject(row);
      else if (row) w.resolve(row);
      // Why it wrote nothing (a read): not awaited, so the next group need not wait for it.
      else repo.notSaved(db, w.input).catch(w.reject);
    });
  }

  async function flush(): Promise<void> {
    if (inFlight || waiting.length === 0) return;
    inFlight = true;
    const batch: Waiting[] = [];
    const later: Waiting[] = [];
    const ids = new Set<string>();
    // A nonce the group's statement claims is claimed for one save of it only: a second save of it waits too.
    const nonces = new Set<string>();
    for (const w of waiting) {
      const nonce = w.input.nonce?.nonce;
      if (batch.length < MAX_BATCH && !ids.has(w.input.id) && (nonce === undefined || !nonces.has(nonce))) {
        ids.add(w.input.id);
        if (nonce !== undefined) nonces.add(nonce);
        batch.push(w);
      } else later.push(w);
    }
    waiting = later;
    counts.statements++;
    counts.saves += batch.length;
    try {
      await (batch.length === 1 ? alone(batch[0]!) : together(batch));
    } finally {
      inFlight = false;
      void flush();
    }
  }

  return {
    save: (input) =>
      new Promise<SavedProspect>((resolve, reject) => {
        waiting.push({ input, resolve, reject });
        kick();
      }),
    state: () => ({ inFlight, waiting: waiting.length }),
    counts: () => ({ ...counts }),
  };
}

export interface SaveBatches {
  /** Saves (the version check, the new version and its audit row), answered once its statement committed. */
  save(input: SaveManyInput): Promise<SavedProspect>;
  /** Whether a write is in flight, and how many saves wait for it (tests). */
  state(): { inFlight: boolean; waiting: number };
  /**
   * Group statements sent since the start and the saves they carried (their mean is the group size; a group whose
   * statement failed counts once, not its saves' retries).
   */
  counts(): { statements: number; saves: number };
}

const perDatabase = new WeakMap<Kysely<Database>, SaveBatches>();

/** The save batches of a database handle (one per process and database). */
export function saveBatchesOf({ db }: Pick<DatabaseHandle, 'db'>): SaveBatches {
  let batches = perDatabase.get(db);
  if (!batches) perDatabase.set(db, (batches = createSaveBatches(db, createProspectRepository(), { gather: true })));
  return batches;
}

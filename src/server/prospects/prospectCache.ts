import { LRUCache } from 'lru-cache';
import type { SavedProspect } from '../repositories/prospectRepository';
import type { ValidationState } from './saveProspect';

/** A row this process wrote, and what the validation before that write depended on (saveProspect.ts). */
export interface CachedProspect {
  row: SavedProspect;
  validated?: ValidationState;
}

/** Characters of stored JSON the cache may hold per process (the objects take a few times that in memory). */
const MAX_JSON_CHARS = 16_000_000;
const TTL_MS = 30 * 60_000;

/** Freezes a document in place, all the way down (tests only: a save that mutated a cached document would throw). */
function deepFreeze(value: unknown): void {
  if (!value || typeof value !== 'object' || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const child of Object.values(value)) deepFreeze(child);
}

/**
 * The rows this process wrote last (create and save), by prospect id, so that the next save of the same version
 * does not read and parse the document again. It is only a cache, and a safe one across processes and writers:
 * a cached row is used only when its version is the one the save names, and the save's UPDATE then also
 * requires the row's xmin to be the cached one (the transaction that wrote it: any later write of the row
 * changes it, whoever makes it, version bumped or not). A row written since (another process, a back-office
 * UPDATE) makes that UPDATE write nothing, and the save is made again from a fresh read (routes/prospects.ts),
 * answering exactly what it would have without the cache. Rows are cached after their write committed (a
 * submit's rolled-back transaction leaves nothing). Documents are shared, never copied: nothing may change them
 * in place (NODE_ENV test freezes them to prove it).
 */
export function createProspectCache(options: { freeze?: boolean } = {}) {
  const freeze = options.freeze ?? process.env.NODE_ENV === 'test';
  const rows = new LRUCache<string, CachedProspect>({
    maxSize: MAX_JSON_CHARS,
    sizeCalculation: (entry) => Math.max(1, entry.row.jsonChars),
    ttl: TTL_MS,
  });
  return {
    /** The cached row of a prospect at exactly this version, if this process wrote it last. */
    at(id: string, version: number): CachedProspect | undefined {
      const hit = rows.get(id);
      return hit && hit.row.version === version ? hit : undefined;
    },
    /** Remembers a row just written (its document's JSON length is its weight in the cache). */
    remember(row: SavedProspect, validated?: ValidationState): void {
      if (row.jsonChars > MAX_JSON_CHARS / 100) {
        rows.delete(row.id);
        return;
      }
      if (freeze) deepFreeze(row.document);
      rows.set(row.id, { row, ...(validated ? { validated } : {}) });
    },
    forget(id: string): void {
      rows.delete(id);
    },
  };
}

export type ProspectCache = ReturnType<typeof createProspectCache>;

import { describe, expect, it } from 'vitest';
import { createBatchedReads } from '../../src/server/db/batchedReads';

/** A table in memory, read by key lists, recording each query and what the table held when it ran. */
function setup() {
  const table = new Map<string, string>([
    ['a', 'alive'],
    ['b', 'alive'],
  ]);
  const queries: string[][] = [];
  let fail = false;
  const read = createBatchedReads(async (keys: string[]) => {
    queries.push(keys);
    const snapshot = new Map(keys.filter((k) => table.has(k)).map((k) => [k, table.get(k)!]));
    await new Promise((r) => setTimeout(r, 5));
    if (fail) {
      fail = false;
      throw new Error('database down');
    }
    return snapshot;
  });
  return { read, table, queries, failNext: () => (fail = true) };
}

describe('batched reads', () => {
  it('reads a lone key at once; an unknown key is undefined', async () => {
    const { read, queries } = setup();
    expect(await read('a')).toBe('alive');
    expect(await read('zz')).toBeUndefined();
    expect(queries).toEqual([['a'], ['zz']]);
  });

  it('the reads that arrive during a query go together in the next one, each key once', async () => {
    const { read, queries } = setup();
    const answers = await Promise.all(['a', 'b', 'a', 'zz', 'b'].map((k) => read(k)));
    expect(answers).toEqual(['alive', 'alive', 'alive', undefined, 'alive']);
    expect(queries).toEqual([['a'], ['b', 'a', 'zz']]);
  });

  it('a read asked for after a write never gets the answer of a query sent before it (a logout is seen at once)', async () => {
    const { read, table, queries } = setup();
    const early = read('a'); // in flight: it read the table before the write
    table.set('a', 'revoked');
    const late = read('a'); // asked for after the write: must see it
    expect(await early).toBe('alive');
    expect(await late).toBe('revoked');
    expect(queries).toEqual([['a'], ['a']]);
  });

  it('a failed query fails the reads of its batch only, and the next batch still runs', async () => {
    const { read, failNext } = setup();
    failNext();
    const [a, b] = [read('a'), read('b')];
    await expect(a).rejects.toThrow('database down');
    expect(await b).toBe('alive');
  });
});

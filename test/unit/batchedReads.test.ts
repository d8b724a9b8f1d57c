import { describe, expect, it } from 'vitest';
import { createBatchedReads } from '../../src/server/db/batchedReads';

/** A table in memory, read by key lists, recording each query and what the table held when it ran. */
function setup(options: { gather?: boolean } = {}) {
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
  }, options);
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

  it('gather: the reads of one turn of the event loop go together in the first query, sent at the end of the turn', async () => {
    const { read, table, queries } = setup({ gather: true });
    const first = read('a');
    const second = read('b');
    await Promise.resolve();
    expect(queries).toEqual([]); // not yet: the turn has not ended
    table.set('a', 'revoked'); // before the query: seen by it
    expect(await Promise.all([first, second])).toEqual(['revoked', 'alive']);
    expect(queries).toEqual([['a', 'b']]);
    // A read during the query goes in the next one, never answered by the query sent before it.
    const during = read('a');
    const late = read('b');
    table.set('b', 'revoked');
    expect(await Promise.all([during, late])).toEqual(['revoked', 'revoked']);
    expect(queries).toEqual([['a', 'b'], ['a', 'b']]);
  });
});

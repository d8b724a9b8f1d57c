import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';

// The migrator's outcomes, one per call of migrateToLatest (the real Migrator needs a database; what is tested
// here is how `migrate` treats its errors).
const outcomes: Array<{ error?: unknown; results?: Array<{ migrationName: string; status: string }> }> = [];
const calls = vi.fn();
vi.mock('kysely', async (importOriginal) => {
  const actual = await importOriginal<typeof import('kysely')>();
  class Migrator {
    async migrateToLatest() {
      calls();
      return outcomes.shift() ?? { results: [] };
    }
  }
  return { ...actual, Migrator };
});

const { migrate } = await import('../../src/server/db/migrate');

/** A database that answers every query with no rows: `migrate` finds no migration table and goes to the migrator. */
function emptyDatabase() {
  return new Kysely<unknown>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => new PostgresIntrospector(db),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  });
}

function pgError(code: string, message: string) {
  return Object.assign(new Error(message), { code });
}

describe('migrate, when another schema runs its DDL at the same moment', () => {
  afterEach(() => {
    outcomes.length = 0;
    calls.mockReset();
  });

  it('retries the catalogue races seen in CI (a column or schema gone mid-query) and then applies', async () => {
    outcomes.push(
      { error: pgError('42703', 'column "name" of relation "studio_drafts" does not exist') },
      { error: pgError('3F000', 'schema "t_1" does not exist') },
      { results: [{ migrationName: '001_initial', status: 'Success' }] },
    );
    await expect(migrate(emptyDatabase(), 'x_schema')).resolves.toEqual(['001_initial']);
    expect(calls).toHaveBeenCalledTimes(3);
  });

  it('throws any other error at once: a migration that is wrong is not retried', async () => {
    outcomes.push({ error: pgError('42601', 'syntax error at or near "tabel"') });
    await expect(migrate(emptyDatabase(), 'x_schema')).rejects.toThrow('syntax error');
    expect(calls).toHaveBeenCalledTimes(1);
  });

  it('gives up after five races in a row, with the last error', async () => {
    for (let i = 0; i < 6; i++) outcomes.push({ error: pgError('42P01', `relation "t${i}" does not exist`) });
    await expect(migrate(emptyDatabase(), 'x_schema')).rejects.toThrow('relation "t4" does not exist');
    expect(calls).toHaveBeenCalledTimes(5);
  });
});

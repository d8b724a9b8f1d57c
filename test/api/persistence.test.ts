import { readdirSync } from 'node:fs';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { expect, it } from 'vitest';
import { createDatabase } from '../../src/server/db/createDatabase';
import { MIGRATIONS_DIR } from '../../src/server/db/migrate';
import { createProspectRepository, VersionConflictError } from '../../src/server/repositories/prospectRepository';
import { describeEachDatabase, startApp, TEST_DATABASE_URL } from './helpers';

describeEachDatabase('persistence', (db) => {
  const repo = createProspectRepository();

  it('keeps a prospect across a server restart', async () => {
    const document = { applicantInfo: { fullName: 'Aisha Al Mansoori', email: 'aisha@falcon.ae' }, signatoryInfo: [] };
    const first = await startApp(db());
    await repo.create(first.database.db, { id: 'P-RESTART-1', userType: 'sme', document });
    await first.close();

    const second = await startApp(db());
    const row = await repo.findById(second.database.db, 'P-RESTART-1');
    await second.close();
    expect(row?.document).toEqual(document);
    expect(row?.version).toBe(1);
  });

  it('refuses a stale version instead of overwriting (optimistic concurrency)', async () => {
    const app = await startApp(db());
    try {
      const { db: kdb } = app.database;
      await repo.create(kdb, { id: 'P-CONFLICT-1', userType: 'sme', document: { a: 1 } });
      const audit = { principal: { sub: 'c-1', kind: 'customer' as const, roles: ['customer' as const] }, action: 'prospect.auto', changes: ['/a'] };
      const updated = await repo.save(kdb, { id: 'P-CONFLICT-1', expectedVersion: 1, document: { a: 2 }, audit });
      expect(updated.version).toBe(2);
      await expect(repo.save(kdb, { id: 'P-CONFLICT-1', expectedVersion: 1, document: { a: 3 }, audit })).rejects.toBeInstanceOf(VersionConflictError);
      expect((await repo.findById(kdb, 'P-CONFLICT-1'))?.document).toEqual({ a: 2 });
      // The save and its audit row are one statement: the refused save left no audit row.
      const logged = await kdb.selectFrom('audit_log').select(['actor_sub', 'actor_kind', 'action', 'changes']).where('prospect_id', '=', 'P-CONFLICT-1').execute();
      expect(logged).toEqual([{ actor_sub: 'c-1', actor_kind: 'customer', action: 'prospect.auto', changes: ['/a'] }]);
    } finally {
      await app.close();
      await db().cleanup();
    }
  });
});

describeEachDatabase('migrations', (db) => {
  it('run once when two processes start together', async () => {
    const { databaseUrl, dataDir, databaseSchema } = db().config;
    if (!databaseUrl) {
      // PGlite: a second process is refused by the data-folder lock instead of migrating twice.
      const one = await createDatabase({ dataDir });
      await expect(createDatabase({ dataDir })).rejects.toThrow(/in use by process/);
      await one.close();
      const again = await createDatabase({ dataDir });
      await again.close();
      await db().cleanup();
      return;
    }
    const [a, b] = await Promise.all([
      createDatabase({ databaseUrl, dataDir, schema: databaseSchema }),
      createDatabase({ databaseUrl, dataDir, schema: databaseSchema }),
    ]);
    const check = new Kysely<{ kysely_migration: { name: string } }>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: TEST_DATABASE_URL, options: `-c search_path=${databaseSchema}` }) }),
    });
    const rows = await check.selectFrom('kysely_migration').select('name').execute();
    await check.destroy();
    await a.close();
    await b.close();
    await db().cleanup();
    const files = readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql')).map((f) => f.replace(/\.sql$/, '')).sort();
    expect(rows.map((r) => r.name).sort()).toEqual(files); // each applied exactly once
  });
});

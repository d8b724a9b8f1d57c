import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { dropSchema, postgresReachable } from '../../scripts/lib/postgres';
import { createDatabase } from '../../src/server/db/createDatabase';
import { PREPARED, withPreparedStatements } from '../../src/server/db/preparedStatements';
import { createProspectRepository } from '../../src/server/repositories/prospectRepository';
import { TEST_DATABASE_URL } from './helpers';

const run = (await postgresReachable()) ? describe : describe.skip;

run('prepared statements (PostgreSQL)', () => {
  // One connection, so that what one statement prepared is seen by the next.
  let pool: pg.Pool;
  beforeAll(() => {
    pool = withPreparedStatements(new pg.Pool({ connectionString: TEST_DATABASE_URL, max: 1 }));
  });
  afterAll(async () => {
    await pool?.end();
  });
  const named = async () => (await pool.query<{ name: string; statement: string }>('select name, statement from pg_prepared_statements order by name')).rows;

  it('runs a statement marked PREPARED by a name of its text, once prepared per connection; others stay unnamed', async () => {
    const text = `${PREPARED} select $1::int + 1 as n`;
    expect((await pool.query(text, [1])).rows).toEqual([{ n: 2 }]);
    expect((await pool.query(text, [41])).rows).toEqual([{ n: 42 }]);
    expect((await pool.query('select $1::int * 2 as n', [21])).rows).toEqual([{ n: 42 }]);
    const statements = await named();
    expect(statements).toHaveLength(1);
    expect(statements[0]!.name).toMatch(/^qa_[0-9a-f]{40}$/);
    expect(statements[0]!.statement).toBe(text);
    // Another text of the same kind is a statement of its own.
    expect((await pool.query(`${PREPARED} select $1::int - 1 as n`, [43])).rows).toEqual([{ n: 42 }]);
    expect(await named()).toHaveLength(2);
  });

  it('a prepared statement still answers errors as such, and the connection goes on', async () => {
    const text = `${PREPARED} select 1 / $1::int as n`;
    await expect(pool.query(text, [0])).rejects.toMatchObject({ code: '22012' }); // division by zero
    expect((await pool.query(text, [1])).rows).toEqual([{ n: 1 }]);
  });

  it("the prospect save is one: its second run on a connection binds the statement the first prepared", async () => {
    const schema = `t_${process.pid}_prepared`;
    const database = await createDatabase({ databaseUrl: TEST_DATABASE_URL, schema, dataDir: '/nonexistent', poolMax: 1 });
    try {
      const repo = createProspectRepository();
      await repo.create(database.db, { id: 'SME0000000001', userType: 'sme', document: {} });
      const audit = { principal: { sub: 'c1', kind: 'customer' as const, roles: ['customer' as const] }, action: 'prospect.auto', changes: ['/organizationInfo/companyName'] };
      for (const [version, companyName] of [[1, 'Falcon'], [2, 'Falcon Trading']] as const) {
        await repo.save(database.db, { id: 'SME0000000001', expectedVersion: version, document: { organizationInfo: { companyName } }, audit });
      }
      await expect(repo.save(database.db, { id: 'SME0000000001', expectedVersion: 2, document: {}, audit })).rejects.toMatchObject({ currentVersion: 3 });
      const { rows } = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(database.db);
      // The lone save's statement (its replay-nonce claim, its update and its audit row) was prepared once.
      expect(rows.filter((r) => r.statement.includes('update prospects set') && r.statement.includes('insert into audit_log'))).toHaveLength(1);
      expect((await repo.findById(database.db, 'SME0000000001'))?.document).toEqual({ organizationInfo: { companyName: 'Falcon Trading' } });
    } finally {
      await database.close();
      await dropSchema(schema);
    }
  });
});

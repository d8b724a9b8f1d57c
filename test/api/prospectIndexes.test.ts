import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { describeEachDatabase, useDatabase } from './helpers';

/**
 * Every save rewrites the prospect's row (updated_at is indexed, so a save is never a HOT update) and inserts an
 * entry into every index of `prospects`: an index no query reads is work on every save for nothing (issue 20,
 * migrations/027). Each index here is listed with the lookup of the server's that reads it (the same condition as
 * src/server/repositories/prospectRepository.ts and screeningRepository.ts), and the plan of that lookup, with
 * sequential scans off, uses it; an index added without a reader, or one left behind by a change of the queries,
 * fails this test.
 */
const READERS: Record<string, string> = {
  prospects_pkey: `select id from prospects where id = 'SME0000000001'`,
  // The applicant's own applications (listByOwner), the open ones' count, the screening's same-applicant rule.
  prospects_owner_idx: `select id from prospects where owner_mobile = '501234567' and owner_country_code = '971'`,
  // The agents' search by e-mail.
  prospects_owner_email_idx: `select id from prospects where lower(owner_email) = 'a@example.ae'`,
  // Lists newest first (the studio's sample of applications, the agents' default order).
  prospects_updated_at_idx: `select id from prospects order by updated_at desc limit 50`,
  prospects_eid_idx: `select id from prospects where eid_numbers @> array['784199012345671']::text[]`,
  prospects_name_words_idx: `select id from prospects where name_words @> array['haddad']::text[]`,
  prospects_company_words_idx: `select id from prospects where company_words @> array['dune']::text[]`,
  // The duplicate licence check and the agents' search: case-insensitive.
  prospects_trade_license_upper_idx: `select id from prospects where upper(trade_license_no) = 'CN-4455667'`,
  prospects_lead_number_upper_idx: `select id from prospects where upper(lead_number) = 'LD00000001'`,
};

describeEachDatabase('indexes of prospects', (db) => {
  const database = useDatabase(db);

  it('holds only indexes a lookup of the server reads, and each lookup uses its index', async () => {
    const { rows } = await sql<{ name: string }>`select indexname as name from pg_indexes where tablename = 'prospects' and schemaname = current_schema()`.execute(database().db);
    expect(rows.map((r) => r.name).sort()).toEqual(Object.keys(READERS).sort());
    await database().db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      for (const [index, query] of Object.entries(READERS)) {
        const plan = (await sql<Record<string, string>>`explain ${sql.raw(query)}`.execute(trx)).rows.map((r) => Object.values(r)[0]).join('\n');
        expect(plan, `${index}: ${query}`).toContain(index);
      }
    });
  });
});

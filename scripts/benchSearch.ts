/**
 * Agent search benchmark: 100,000 prospects in PostgreSQL (a schema of its own, dropped afterwards), then
 * searches by every criterion; prints p50/p95 per criterion and overall (target: p95 under 50 ms).
 *   npm run bench:search                      (TEST_DATABASE_URL or postgres://postgres@127.0.0.1:5432/test)
 *   npm run bench:search -- 20000             (fewer prospects)
 */
import { sql } from 'kysely';
import { createDatabase } from '../src/server/db/createDatabase';
import { TEST_DATABASE_URL } from './lib/postgres';
import { createProspectRepository, type SearchCriteria } from '../src/server/repositories/prospectRepository';
import { searchColumns } from '../src/server/repositories/searchColumns';

const url = TEST_DATABASE_URL;
const count = Number(process.argv[2] ?? 100_000);
const schema = `bench_${process.pid}`;
const handle = await createDatabase({ databaseUrl: url, dataDir: '/tmp', schema });
const repo = createProspectRepository();
const names = ['Aisha', 'Omar', 'Fatima', 'Khalid', 'Mariam', 'Rashid', 'Layla', 'Yousef', 'Noura', 'Hamad'];
const families = ['Al Mansoori', 'Al Falasi', 'Khan', 'Rahman', 'Patel', 'Al Suwaidi', 'Haddad', 'Nair'];

function prospect(i: number) {
  const document = {
    generalInfo: { prospectId: `SMEB${i}`, leadNumber: `LEAD${100000 + i}` },
    applicantInfo: { fullName: `${names[i % names.length]} ${families[i % families.length]} ${i}`, email: `user${i}@example.ae`, countryCode: '971', mobileNo: String(500000000 + i) },
    organizationInfo: { companyName: `Company ${i} ${families[(i >> 3) % families.length]} LLC`, licenseNumber: `CN-${1000000 + i}` },
    signatoryInfo: [{ kycDetails: { emirateIdDetails: { eidNumber: `784${String(198000000000 + i)}` } } }],
  };
  return {
    id: `SMEB${i}`,
    user_type: 'sme',
    document: JSON.stringify(document),
    owner_country_code: '971',
    owner_mobile: String(500000000 + i),
    owner_email: `user${i}@example.ae`,
    ...searchColumns(document),
  };
}

try {
  const started = Date.now();
  for (let i = 0; i < count; i += 1000) {
    const batch = Array.from({ length: Math.min(1000, count - i) }, (_, k) => prospect(i + k));
    await handle.db.insertInto('prospects').values(batch).execute();
  }
  await sql`analyze prospects`.execute(handle.db);
  console.log(`inserted ${count} prospects in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  const pick = () => Math.floor(Math.random() * count);
  const kinds: Record<string, () => SearchCriteria> = {
    prospectId: () => ({ prospectId: `SMEB${pick()}` }),
    tradeLicenseNo: () => ({ tradeLicenseNo: `CN-${1000000 + pick()}` }),
    mobileNo: () => ({ countryCode: '971', mobileNo: String(500000000 + pick()) }),
    email: () => ({ email: `user${pick()}@example.ae` }),
    leadNumber: () => ({ leadNumber: `LEAD${100000 + pick()}` }),
    eidNumber: () => ({ eidNumber: `784${String(198000000000 + pick())}` }),
    // Word search: two words of the applicant's name (each shared by many prospects), one word of the company
    // name, a word of the company name through the company criterion, and a mobile typed with 0 / +971.
    applicantName: () => ({ applicantName: `${families[pick() % families.length]} ${names[pick() % names.length]}` }),
    nameWord: () => ({ applicantName: String(pick()) }),
    companyWord: () => ({ companyName: `company ${pick()}` }),
    mobileTyped: () => ({ mobileNo: `${pick() % 2 ? '0' : '+971 '}${500000000 + pick()}` }),
  };
  const all: number[] = [];
  const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;
  for (const [kind, make] of Object.entries(kinds)) {
    const times: number[] = [];
    for (let i = 0; i < 200; i++) {
      const t0 = process.hrtime.bigint();
      await repo.search(handle.db, make(), { limit: 20, offset: 0, sort: 'updatedAt', order: 'desc' });
      times.push(Number(process.hrtime.bigint() - t0) / 1e6);
    }
    all.push(...times);
    console.log(`${kind.padEnd(15)} p50 ${pct(times, 0.5).toFixed(2)} ms  p95 ${pct(times, 0.95).toFixed(2)} ms`);
  }
  console.log(`search over ${count} prospects: p95 ${pct(all, 0.95).toFixed(2)} ms (target < 50 ms)`);
} finally {
  await handle.db.schema.dropSchema(schema).ifExists().cascade().execute();
  await handle.close();
}

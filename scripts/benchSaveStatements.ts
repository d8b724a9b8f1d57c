/**
 * What one statement of the save path costs the database, piece by piece (issue 20, docs/benchmarks.md session 13):
 * the group save of 32 applications (saveMany: the new versions, their search columns and audit rows), the replay-nonce
 * claim of 32 nonces and the session read of 32 sessions, each timed alone; then the group save again with parts of
 * its work taken away in a scratch copy (scratch only: never a change to the schema), to see what each part costs:
 * the secondary indexes of `prospects`, the audit rows, an edit that leaves the search columns as they were.
 * On PGlite (a new data folder) the statement runs on this thread: this process's CPU time per statement is its cost
 * (wall time also counts waiting for a core and for the disk); on PostgreSQL
 * (`postgres`: TEST_DATABASE_URL, a schema of its own, dropped at the end) it is a round trip, and the backend's CPU
 * is read from /proc. A benchmark: prints only.
 *
 *   npx tsx scripts/benchSaveStatements.ts [pglite|postgres] [rounds]
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { createDatabase } from '../src/server/db/createDatabase';
import { createProspectRepository, type SaveManyInput } from '../src/server/repositories/prospectRepository';
import { createReplayNonceRepository } from '../src/server/repositories/replayNonceRepository';
import { createRefreshTokenRepository } from '../src/server/repositories/refreshTokenRepository';
import { dropSchema, TEST_DATABASE_URL } from './lib/postgres';

const kind = process.argv[2] === 'postgres' ? 'postgres' : 'pglite';
const rounds = Number(process.argv[3] ?? 200);
const GROUP = 32;
const dir = mkdtempSync(join(tmpdir(), 's13-stmts-'));
const schema = `bench_stmts_${process.pid}`;
const h = await createDatabase(kind === 'postgres' ? { dataDir: dir, databaseUrl: TEST_DATABASE_URL, schema, poolMax: 1 } : { dataDir: dir });
const { db } = h;
const repo = createProspectRepository();
const nonces = createReplayNonceRepository();
const sessions = createRefreshTokenRepository();

/** CPU ms of this connection's backend (PostgreSQL), from /proc. */
let backendPid = 0;
if (kind === 'postgres') backendPid = (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db)).rows[0]!.pid;
const backendMs = () => {
  if (!backendPid) return 0;
  const f = readFileSync(`/proc/${backendPid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(f[11]) + Number(f[12])) * 10;
};

// Applications as the save benchmark makes them: the applicant, the company section, its KYC section.
const document = (i: number, n: number) => ({
  applicantInfo: { fullName: 'Bench Applicant', email: 'bench@falcon.ae', countryCode: '971', mobileNo: '507778888' },
  applicationInfo: { accountType: 'currentAccount', islamicBanking: false },
  organizationInfo: {
    companyName: `Falcon Trading ${n % 1000} LLC`,
    vatRegistrationNumber: '100234567800003',
    noOfEmployees: 12,
    corporateTaxId: 'TRN-1002345678',
    licenseNumber: `CN-${1234567 + i}`,
    licenseIssueDate: '2021-03-04',
    licenseIssuingAuthority: 'DED',
    countryOfIncorporation: 'AE',
    dateOfIncorporation: '2021-03-01',
  },
  orgKYCDetails: { companyCategory: 'LLC', industryMultiSelect: [{ industry: 'GT', subCategory: '44' }] },
});
const ids = Array.from({ length: GROUP }, (_, i) => `SME${String(9_000_000_000 + i)}`);
const versions = new Map<string, number>();
for (const [i, id] of ids.entries()) {
  const row = await repo.create(db, { id, userType: 'sme', document: document(i, 0), owner: { countryCode: '971', mobile: '507778888', email: 'bench@falcon.ae' } });
  versions.set(id, row.version);
}
const families = Array.from({ length: GROUP }, () => randomBytes(12).toString('hex'));
for (const id of families) {
  await sql`insert into session_families (id, expires_at) values (${id}, now() + interval '1 hour')`.execute(db);
}

const principal = { kind: 'customer', sub: 'bench', roles: [] } as unknown as SaveManyInput['audit']['principal'];
let n = 0;
/**
 * One group save of every application, `same`: the company name left as it was (the search columns unchanged);
 * `nonces`: each save claims its request's nonce in the statement (as the server's saves do since session 14).
 */
const groupSave = async (same = false, nonces = false) => {
  n++;
  const inputs: SaveManyInput[] = ids.map((id, i) => ({
    id,
    expectedVersion: versions.get(id)!,
    document: document(i, same ? 0 : n),
    audit: { principal, action: 'prospect.auto', changes: ['organizationInfo/companyName'] },
    ...(nonces ? { nonce: { nonce: randomBytes(16).toString('base64'), settled: false } } : {}),
  }));
  const rows = await repo.saveMany(db, inputs);
  for (const r of rows) {
    if (!r || r instanceof Error) throw new Error('a save of the group wrote nothing');
    versions.set(r.id, r.version);
  }
};

const timings: { name: string; ms: number[]; cpu: number[]; processCpu: number }[] = [];
async function time(name: string, run: () => Promise<unknown>) {
  for (let i = 0; i < 20; i++) await run(); // warm-up
  const ms: number[] = [];
  const cpu: number[] = [];
  const own = process.cpuUsage();
  for (let i = 0; i < rounds; i++) {
    const c = backendMs();
    const t = performance.now();
    await run();
    ms.push(performance.now() - t);
    cpu.push(backendMs() - c);
  }
  const used = process.cpuUsage(own);
  timings.push({ name, ms, cpu, processCpu: (used.user + used.system) / 1000 / rounds });
}

const hot = async () => (await sql<{ upd: string; hot: string }>`select n_tup_upd::text as upd, n_tup_hot_upd::text as hot from pg_stat_user_tables where relname = 'prospects'`.execute(db)).rows[0];

await time(`group save of ${GROUP} (as the server's)`, () => groupSave());
await time(`group save of ${GROUP}, the company name unchanged`, () => groupSave(true));
// The commit's flush of the log (the save's durability): the same statement with this session's commits not waiting for it.
await sql`set synchronous_commit = off`.execute(db);
await time(`group save of ${GROUP}, commit not waiting for its flush (scratch)`, () => groupSave());
await sql`set synchronous_commit = on`.execute(db);
await time('one row inserted, committed synchronously (the flush of a commit)', async () => {
  await sql`insert into replay_nonces (nonce) values (${randomBytes(16).toString('base64')})`.execute(db);
});
await time(`nonce claim of ${GROUP}`, () => nonces.claimMany(db, Array.from({ length: GROUP }, () => randomBytes(16).toString('base64'))));
await time(`session read of ${GROUP}`, () => sessions.familyStates(db, families));
await time('session read of 1', () => sessions.familyStates(db, families.slice(0, 1)));
await time('select 1 (a statement\'s floor)', () => sql`select 1`.execute(db));

// Session 14: the nonces claimed by a statement of their own before the group save, or by the group save itself
// (interleaved, 10 pairs of blocks of rounds/10, as below).
const claims = { apart: [] as number[], folded: [] as number[] };
for (let pair = 0; pair < 10; pair++) {
  for (const variant of ['apart', 'folded'] as const) {
    const own = process.cpuUsage();
    const c = backendMs();
    const block = Math.max(1, Math.round(rounds / 10));
    for (let i = 0; i < block; i++) {
      if (variant === 'apart') {
        await nonces.claimMany(db, Array.from({ length: GROUP }, () => randomBytes(16).toString('base64')));
        await groupSave();
      } else await groupSave(false, true);
    }
    const used = process.cpuUsage(own);
    claims[variant].push(((used.user + used.system) / 1000 + backendMs() - c) / block);
  }
}

// Migration 027's three indexes, with and without, interleaved (10 pairs of blocks of rounds/10): the same load for both.
const unread = [
  'create index prospects_applicant_name_idx on prospects (applicant_name text_pattern_ops)',
  'create index prospects_trade_license_idx on prospects (trade_license_no)',
  'create index prospects_lead_number_idx on prospects (lead_number)',
];
const paired = { with: [] as number[], without: [] as number[], withCpu: [] as number[], withoutCpu: [] as number[] };
for (let pair = 0; pair < 10; pair++) {
  for (const variant of ['with', 'without'] as const) {
    if (variant === 'with') for (const statement of unread) await sql.raw(statement).execute(db);
    else await sql.raw('drop index prospects_applicant_name_idx, prospects_trade_license_idx, prospects_lead_number_idx').execute(db);
    for (let i = 0; i < 3; i++) await groupSave();
    const own = process.cpuUsage();
    const c = backendMs();
    const block = Math.max(1, Math.round(rounds / 10));
    for (let i = 0; i < block; i++) {
      const t = performance.now();
      await groupSave();
      paired[variant].push(performance.now() - t);
    }
    const used = process.cpuUsage(own);
    paired[`${variant}Cpu`].push(((used.user + used.system) / 1000 + backendMs() - c) / block);
  }
}

// Scratch changes, to see what each part costs (this database only).
const indexes = (await sql<{ name: string; def: string }>`select indexname as name, indexdef as def from pg_indexes where tablename = 'prospects' and indexname not like '%pkey'`.execute(db)).rows;
await sql.raw(`drop index ${indexes.map((i) => i.name).join(', ')}`).execute(db);
await time(`group save of ${GROUP}, no secondary index on prospects (${indexes.length} dropped)`, () => groupSave());
const beforeHot = await hot();
await time(`group save of ${GROUP}, no secondary index, company name unchanged`, () => groupSave(true));
const afterHot = await hot();
await sql`alter table audit_log rename to audit_log_kept`.execute(db);
await sql`create table audit_log (like audit_log_kept including defaults)`.execute(db);
await time(`group save of ${GROUP}, no secondary index, audit rows into an unindexed table`, () => groupSave());

console.log(`\n${kind}, ${rounds} rounds after 20 warm-up; load ${(await import('node:os')).loadavg().map((x) => x.toFixed(2)).join(', ')}`);
console.log(`indexes of prospects dropped for the scratch runs: ${indexes.map((i) => i.name).join(', ')}`);
console.log(`HOT updates in the unchanged-name run without indexes: ${Number(afterHot!.hot) - Number(beforeHot!.hot)} of ${Number(afterHot!.upd) - Number(beforeHot!.upd)}`);
const q = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * p)]!;
for (const t of timings) {
  const mean = t.ms.reduce((a, b) => a + b, 0) / t.ms.length;
  const cpu = t.cpu.reduce((a, b) => a + b, 0) / t.cpu.length;
  console.log(`${t.name.padEnd(80)} median ${q(t.ms, 0.5).toFixed(3)} ms, mean ${mean.toFixed(3)} ms, this process's CPU ${t.processCpu.toFixed(3)} ms${kind === 'postgres' ? `, backend CPU ${cpu.toFixed(3)} ms` : ''}`);
}
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
console.log(
  `group save of ${GROUP} with migration 027's three indexes / without, interleaved: median ${q(paired.with, 0.5).toFixed(3)} / ${q(paired.without, 0.5).toFixed(3)} ms, ` +
    `CPU (this process${kind === 'postgres' ? ' + backend' : ''}) ${(sum(paired.withCpu) / 10).toFixed(3)} / ${(sum(paired.withoutCpu) / 10).toFixed(3)} ms; pairs where without cost less CPU: ${paired.withCpu.filter((w, i) => paired.withoutCpu[i]! < w).length} of 10`,
);
console.log(
  `nonce claim of ${GROUP} then group save of ${GROUP} / group save of ${GROUP} claiming its nonces, interleaved: CPU (this process${kind === 'postgres' ? ' + backend' : ''}) ` +
    `${(sum(claims.apart) / 10).toFixed(3)} / ${(sum(claims.folded) / 10).toFixed(3)} ms; pairs where the one statement cost less CPU: ${claims.folded.filter((f, i) => f < claims.apart[i]!).length} of 10`,
);
await h.close();
rmSync(dir, { recursive: true, force: true });
if (kind === 'postgres') await dropSchema(schema, TEST_DATABASE_URL);

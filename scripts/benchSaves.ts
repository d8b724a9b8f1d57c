/**
 * Load benchmark of the update call (PUT usertypes/sme/prospects/{id}), side by side with its yardstick, in
 * one run: a bare Fastify 5 echo of the same PUT (same encrypted body, same clients, same duration), then the
 * real encrypted save on PGlite and on PostgreSQL (TEST_DATABASE_URL), an echo again after each. Every server
 * and the load generator run in processes of their own. Prints saves/s, p50, p99 and the ratio to the echo
 * (the mean of the echo runs before and after), with the machine's load. Each database runs twice: full save
 * bodies, then JSON Patch bodies (issue 16); it also prints the bytes of one field edit of the 50-stakeholder
 * application, full and as a patch.
 *   npm run bench:saves                               both databases, 32 clients, 15 s each
 *   npm run bench:saves -- pglite 32 10               one database (or both), clients, seconds
 *   npm run bench:saves -- --profile [pglite ...]     also node --cpu-prof on the server and the load generator: top self time
 *   npm run bench:saves -- --body=patch [pglite ...]  only one kind of save body (full or patch)
 *   npm run bench:saves -- --client-cipher=node ...   clients (echo and saves alike) run AES-GCM with node:crypto,
 *                                                     not WebCrypto: same bytes, less generator CPU (loadJob.ts)
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { decryptResponse, encryptRequest, importPublicKey } from '../src/shared/envelope';
import { monotonicMicros, summariseProfileDir, type Window } from './lib/cpuProfile';
import { signInCustomer } from './lib/customerSession';
import { startEchoServer } from './lib/echoServer';
import type { LoadJob, LoadResult } from './lib/loadJob';
import { runLoad } from './lib/loadRun';
import { dropSchema, TEST_DATABASE_URL } from './lib/postgres';
import { createPatch } from '../src/shared/jsonPatch';
import { buildServer } from './buildServer';
import { startServer } from './lib/serverProcess';

const args = process.argv.slice(2);
const profile = args.includes('--profile');
const bodyArg = args.find((a) => a.startsWith('--body='))?.slice('--body='.length);
const bodies = (['full', 'patch'] as const).filter((b) => bodyArg === undefined || b === bodyArg);
if (bodies.length === 0) throw new Error(`--body=${bodyArg}: full or patch`);
const cipherArg = args.find((a) => a.startsWith('--client-cipher='))?.slice('--client-cipher='.length);
if (cipherArg !== undefined && cipherArg !== 'node' && cipherArg !== 'webcrypto') throw new Error(`--client-cipher=${cipherArg}: node or webcrypto`);
const clientCipher = cipherArg ?? 'webcrypto';
const [only, clientsArg, secondsArg] = args.filter((a) => a !== '--profile' && !a.startsWith('--body=') && !a.startsWith('--client-cipher='));
const clients = Number(clientsArg ?? 32);
const seconds = Number(secondsArg ?? 15);
const warmupSeconds = 3;
const kinds = (['pglite', 'postgres'] as const).filter((k) => !only || only === 'both' || only === k);
const load = () => loadavg().map((n) => n.toFixed(2)).join(', ');

/** Signs in and creates one application per client, over HTTP as the browser does. */
async function setUp(url: string): Promise<Omit<LoadJob, 'mode' | 'body' | 'clients' | 'seconds' | 'warmupSeconds'>> {
  const { publicKey } = (await (await fetch(`${url}/api/config`)).json()) as { publicKey: string };
  const key = await importPublicKey(publicKey);
  const applicant = { email: 'bench@falcon.ae', countryCode: '971', mobileNo: '507778888' };
  const { accessToken } = await signInCustomer(url, applicant, 'bench-device');
  const path = '/api/usertypes/sme/prospects';
  const prospects = await Promise.all(
    Array.from({ length: clients }, async () => {
      const sealed = await encryptRequest(key, { applicantInfo: { fullName: 'Bench Applicant', ...applicant }, applicationInfo: { accountType: 'currentAccount', islamicBanking: false } }, { method: 'POST', path });
      const res = await fetch(url + path, { method: 'POST', headers: { authorization: `Bearer ${accessToken}`, ...sealed.headers }, body: JSON.stringify(sealed.payload) });
      const body = (await decryptResponse(sealed.key, await res.json())) as { prospectId: string; version: number };
      if (res.status !== 201) throw new Error(`create: ${res.status} ${JSON.stringify(body)}`);
      return { id: body.prospectId, version: body.version };
    }),
  );
  return { url, publicKey, accessToken, prospects };
}

// The server measured is the one in src/ now: compiled afresh (a stale dist/server/main.js would be measured otherwise).
await buildServer();

const FIFTY = fileURLToPath(new URL('../fixtures/prospect/fiftyStakeholders.json', import.meta.url));

/**
 * Bytes a browser sends for one field edit of the 50-stakeholder application (a stakeholder's first name), as an
 * encrypted save body: the whole client part (a full save) against the JSON Patch (src/shared/jsonPatch.ts).
 */
async function bytesPerEdit(publicKey: string): Promise<{ full: number; patch: number }> {
  const key = await importPublicKey(publicKey);
  const prospect = (JSON.parse(readFileSync(FIFTY, 'utf8')) as { data: Record<string, unknown> }).data;
  const people = prospect.signatoryInfo as Record<string, unknown>[];
  const edited = { ...prospect, signatoryInfo: people.map((p, i) => (i === 25 ? { ...p, firstName: `${String(p.firstName)}a` } : p)) };
  const size = async (body: unknown) => Buffer.byteLength(JSON.stringify((await encryptRequest(key, body, { method: 'PUT', path: '/api/usertypes/sme/prospects/SME0000000000' })).payload));
  return {
    full: await size({ prospect: edited, saveType: 'auto', version: 2 }),
    patch: await size({ patch: createPatch(prospect, edited), saveType: 'auto', version: 2 }),
  };
}
let editBytes: { full: number; patch: number } | undefined;

/** The server's save statements and the saves they carried so far (its /api/metrics, open to this host). */
async function saveGroups(url: string): Promise<{ statements: number; saves: number }> {
  const text = await (await fetch(`${url}/api/metrics`)).text();
  const read = (count: string) => Number(new RegExp(`^prospect_save_groups\\{count="${count}"\\} (\\S+)$`, 'm').exec(text)?.[1] ?? NaN);
  return { statements: read('statements'), saves: read('saves') };
}

/** The runs in the order they ran: echo, a database full and patch, echo, the other database, echo. */
const runs: { name: string; result: LoadResult; ratio?: number }[] = [];
const echo = await startEchoServer();
const echoes: LoadResult[] = [];
/** With --profile: the load generator's profile of the first echo run and of each save run, printed at the end. */
const generatorProfiles: { name: string; dir: string; window?: Window }[] = [];
const generatorProfileDir = (name: string) => {
  if (!profile) return undefined;
  const dir = join(tmpdir(), `qa-bench-profile-generator-${name.replace(' ', '-')}-${process.pid}`);
  generatorProfiles.push({ name, dir });
  return dir;
};
const runEcho = async (job: LoadJob) => {
  const name = `echo ${echoes.length + 1}`;
  const dir = echoes.length === 0 ? generatorProfileDir(name) : undefined;
  const result = await runLoad({ ...job, mode: 'echo', url: echo.url }, echo.pid, undefined, dir);
  if (dir) generatorProfiles.at(-1)!.window = result.clientsRan;
  echoes.push(result);
  runs.push({ name, result });
};
try {
  for (const kind of kinds) {
    const dataDir = mkdtempSync(join(tmpdir(), 'qa-bench-'));
    const profileDir = join(tmpdir(), `qa-bench-profile-${kind}-${process.pid}`);
    const schema = `bench_saves_${process.pid}`;
    // The server's connections carry the application name (node-postgres reads PGAPPNAME): their CPU is measured.
    // One applicant owns every client's application: above MAX_OPEN_APPLICATIONS' default of 20 when clients > 20.
    const env: Record<string, string> = {
      MAX_OPEN_APPLICATIONS: String(Math.max(20, clients)),
      ...(kind === 'postgres' ? { DATABASE_URL: TEST_DATABASE_URL, DATABASE_SCHEMA: schema, PGAPPNAME: schema } : {}),
    };
    const database = kind === 'postgres' ? { url: TEST_DATABASE_URL, applicationName: schema } : undefined;
    const server = await startServer(env, dataDir, profile ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []);
    const measured: Window[] = [];
    try {
      const target = await setUp(server.url);
      if (!editBytes) editBytes = await bytesPerEdit(target.publicKey);
      // Full bodies, then patches (issue 16), each followed by an echo of the same requests.
      for (const body of bodies) {
        const job: LoadJob = { ...target, mode: 'save', body, clients, seconds, warmupSeconds, clientCipher };
        if (echoes.length === 0) await runEcho(job);
        const from = monotonicMicros();
        const groupsBefore = await saveGroups(server.url);
        const dir = generatorProfileDir(`${kind} ${body}`);
        const result = await runLoad(job, server.process.pid!, database, dir);
        if (dir) generatorProfiles.at(-1)!.window = result.clientsRan;
        const groupsAfter = await saveGroups(server.url);
        measured.push({ from, to: monotonicMicros() });
        result.savesPerStatement = (groupsAfter.saves - groupsBefore.saves) / (groupsAfter.statements - groupsBefore.statements);
        // The generator ran in a process of its own: the next run saves from the versions it reached.
        target.prospects = target.prospects.map((p, i) => ({ ...p, version: result.versions[i] ?? p.version }));
        await runEcho(job);
        const yardstick = (echoes.at(-2)!.perSecond + echoes.at(-1)!.perSecond) / 2;
        runs.splice(runs.length - 1, 0, { name: `${kind} ${body}`, result, ratio: result.perSecond / yardstick });
      }
    } finally {
      await server.stop();
      if (profile) console.log(`\n${kind} server, top self time (profiles in ${profileDir}):\n${summariseProfileDir(profileDir, 30, measured)}\n`);
      rmSync(dataDir, { recursive: true, force: true });
      if (kind === 'postgres') await dropSchema(schema, TEST_DATABASE_URL);
    }
  }
} finally {
  await echo.stop();
}

for (const { name, dir, window } of generatorProfiles) {
  console.log(`\nload generator of the ${name} run, top self time (profile in ${dir}):\n${summariseProfileDir(dir, 20, window ? [window] : undefined)}\n`);
}

const fmt = (n: number, digits = 1) => n.toFixed(digits).padStart(8);
console.log(`\n${clients} clients, ${seconds} s each (after ${warmupSeconds} s warm-up), clients' AES-GCM: ${clientCipher}; load average ${load()}`);
console.log(
  'run              req/s   p50 ms   p99 ms  errors  ratio to echo  server CPU/req (kernel)  PostgreSQL CPU/req  generator CPU (/req)  all CPU/req  saves/statement  bytes/request  answer bytes (headers)',
);
for (const { name, result: r, ratio } of runs) {
  const ratioText = ratio === undefined ? '' : `${ratio.toFixed(2)}x`;
  const cpu = `${r.serverCpuMs!.toFixed(2)} (${r.serverSystemCpuMs!.toFixed(2)}) ms`;
  const generator = `${(r.generatorCpu * 100).toFixed(0)} % (${r.generatorCpuMs.toFixed(2)} ms)`;
  const all = r.serverCpuMs! + (r.postgresCpuMs ?? 0) + r.generatorCpuMs;
  console.log(
    `${name.padEnd(14)} ${fmt(r.perSecond, 0)} ${fmt(r.p50)} ${fmt(r.p99)} ${String(r.errors).padStart(7)}  ${ratioText.padStart(13)}  ${cpu.padStart(23)}  ${(r.postgresCpuMs === undefined ? '' : `${r.postgresCpuMs.toFixed(2)} ms`).padStart(18)}  ${generator.padStart(20)}  ${`${all.toFixed(2)} ms`.padStart(11)}  ${(r.savesPerStatement === undefined ? '' : r.savesPerStatement.toFixed(1)).padStart(15)}  ${r.bytesPerRequest.toFixed(0).padStart(13)}  ${`${r.answerBytes.toFixed(0)} (${r.answerHeaderBytes.toFixed(0)})`.padStart(22)}`,
  );
}
if (editBytes) {
  console.log(`bytes per field edit, 50 stakeholders (encrypted body): full save ${editBytes.full}, patch ${editBytes.patch} (target ≤ 2048)`);
}
console.log('generator CPU: share of a core the load generator used, in brackets its CPU time per request (sealing, opening answers, HTTP); all CPU/req: generator + server + PostgreSQL, which share the machine\'s cores');
console.log('saves/statement: saves per group statement the server made during the run (group commit, saveBatches.ts)');
console.log('server CPU/req: CPU time of the server process per request, in brackets the part in the kernel (PostgreSQL\'s own processes not included)');
console.log('PostgreSQL CPU/req: CPU time of the server\'s PostgreSQL backends and of PostgreSQL\'s WAL writer, checkpointer and background writer per request (the writers also work for other users of the machine)');

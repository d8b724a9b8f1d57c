/**
 * `npm run bench:publish`: other requests' latency while the schema studio checks and publishes a draft (issue 16
 * item 6: the studio's work runs in a worker thread, so p99 of other requests during a publish should stay
 * <= 50 ms). Compiles and starts the real server (PGlite, its own data folder, two product users), keeps a steady
 * stream of ordinary requests going (GET /api/health/ready, a database round trip, `clients` loops with a 10 ms pause between requests), and
 * measures them in three phases: idle, while drafts are checked (POST studio/drafts/{id}/check), and while they
 * are published (POST studio/drafts/{id}/publish: the check again, storing the version with its generated code,
 * and every server loading it). Prints p50 / p99 / max per phase, the check and publish times, and the load.
 * A benchmark, not a test: it always exits 0.
 *
 *   npm run bench:publish                    3 publications, 4 clients
 *   npm run bench:publish -- 5 8             publications, clients
 *   npm run bench:publish -- --profile       also node --cpu-prof on the server (its threads' profiles kept)
 */
import { rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildServer } from './buildServer';
import { startServer } from './lib/serverProcess';

const args = process.argv.slice(2);
const profile = args.includes('--profile');
const [roundsArg, clientsArg] = args.filter((a) => a !== '--profile');
const rounds = Number(roundsArg ?? 3);
const clients = Number(clientsArg ?? 4);
const TARGET_P99_MS = 50;
const PRODUCT = { username: 'bench.product', password: 'Product-pass-123' };
const REVIEWER = { username: 'bench.reviewer', password: 'Reviewer-pass-123' };
const STEP_FILE = 'steps/companyDetails.schema.json';
const load = () => loadavg().map((n) => n.toFixed(2)).join(' / ');

type Json = Record<string, unknown>;
type Phase = 'idle' | 'check' | 'publish' | 'other';

function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

async function main(): Promise<void> {
  console.log(`load average at the start: ${load()}`);
  await buildServer();
  const profileDir = join(tmpdir(), `qa-bench-publish-profile-${process.pid}`);
  const server = await startServer(
    {
    ENCRYPTION: 'off',
    SEED_PRODUCT_USERNAME: PRODUCT.username,
    SEED_PRODUCT_PASSWORD: PRODUCT.password,
    SEED_PRODUCT_NAME: 'Bench Product',
    SEED_REVIEWER_USERNAME: REVIEWER.username,
    SEED_REVIEWER_PASSWORD: REVIEWER.password,
    SEED_REVIEWER_NAME: 'Bench Reviewer',
    },
    undefined,
    profile ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
  );
  const { url } = server;
  try {
    const signIn = async (user: { username: string; password: string }) => {
      const res = await fetch(`${url}/api/users/authenticate`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...user, deviceId: 'bench-publish' }) });
      if (!res.ok) throw new Error(`sign-in of ${user.username}: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { access_token: string }).access_token;
    };
    const [author, reviewer] = [await signIn(PRODUCT), await signIn(REVIEWER)];
    const call = async (token: string, method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown): Promise<Json> => {
      const res = await fetch(url + path, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await res.text();
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 500)}`);
      return (text ? JSON.parse(text) : {}) as Json;
    };

    // The steady stream of other requests, each timed and counted in the phase it started in.
    let phase: Phase = 'other';
    let running = true;
    const samples: Record<Phase, number[]> = { idle: [], check: [], publish: [], other: [] };
    let failures = 0;
    const loops = Array.from({ length: clients }, async () => {
      while (running) {
        const at = phase;
        const t0 = performance.now();
        try {
          const res = await fetch(`${url}/api/health/ready`);
          await res.arrayBuffer();
          if (!res.ok) failures++;
        } catch {
          failures++;
        }
        samples[at].push(performance.now() - t0);
        await new Promise((r) => setTimeout(r, 10));
      }
    });

    await new Promise((r) => setTimeout(r, 2000)); // warm-up
    phase = 'idle';
    await new Promise((r) => setTimeout(r, 5000));
    phase = 'other';

    const checkMs: number[] = [];
    const publishMs: number[] = [];
    for (let i = 1; i <= rounds; i++) {
      const { versions } = (await call(author, 'GET', '/api/studio/versions')) as { versions: { version: number }[] };
      const latest = Math.max(...versions.map((v) => v.version));
      const { files } = (await call(author, 'GET', `/api/studio/versions/${latest}`)) as { files: Record<string, Json> };
      const schema = { ...files[STEP_FILE]!, description: `Company details (bench publication ${i} at ${new Date().toISOString()})` };
      const { id } = (await call(author, 'POST', '/api/studio/drafts', { name: `Bench ${i}`, baseVersion: latest, files: { [STEP_FILE]: schema } })) as { id: string };

      phase = 'check';
      let t0 = performance.now();
      const check = await call(author, 'POST', `/api/studio/drafts/${id}/check`);
      checkMs.push(performance.now() - t0);
      phase = 'other';
      if ((check.problems as unknown[]).length) throw new Error(`the bench draft has problems: ${JSON.stringify(check.problems)}`);

      const submitted = await call(author, 'POST', `/api/studio/drafts/${id}/submit`, { revision: check.revision });
      const approved = await call(reviewer, 'POST', `/api/studio/drafts/${id}/review`, {
        revision: submitted.revision,
        decision: 'approve',
        ...(check.needsAcknowledgement ? { acknowledge: check.checkHash } : {}),
      });
      void approved;

      phase = 'publish';
      t0 = performance.now();
      await call(reviewer, 'POST', `/api/studio/drafts/${id}/publish`, { message: `bench ${i}` });
      // The requests right after the answer still meet the loading of the new version.
      await new Promise((r) => setTimeout(r, 250));
      publishMs.push(performance.now() - t0 - 250);
      phase = 'other';
      await new Promise((r) => setTimeout(r, 500));
    }
    running = false;
    await Promise.all(loops);

    const ms = (n: number) => n.toFixed(1);
    console.log(`\n${rounds} publications, ${clients} clients of GET /api/health/ready (10 ms apart), PGlite; failures: ${failures}`);
    console.log('phase                 requests   p50 ms   p99 ms   max ms');
    for (const p of ['idle', 'check', 'publish'] as const) {
      const sorted = [...samples[p]].sort((a, b) => a - b);
      console.log(`${(p === 'idle' ? 'idle' : `during ${p}`).padEnd(20)}  ${String(sorted.length).padStart(8)} ${ms(quantile(sorted, 0.5)).padStart(8)} ${ms(quantile(sorted, 0.99)).padStart(8)} ${ms(sorted.at(-1) ?? NaN).padStart(8)}`);
    }
    const during = [...samples.check, ...samples.publish].sort((a, b) => a - b);
    console.log(`check call: ${checkMs.map(ms).join(', ')} ms; publish call: ${publishMs.map(ms).join(', ')} ms`);
    console.log(`other requests during check and publish: p99 ${ms(quantile(during, 0.99))} ms (target <= ${TARGET_P99_MS} ms)`);
    console.log(`load average at the end: ${load()}`);
  } finally {
    await server.stop();
    rmSync(server.dataDir, { recursive: true, force: true });
    if (profile) console.log(`\nserver CPU profiles (main thread and the studio worker) in ${profileDir}`);
  }
}

try {
  await main();
} catch (error) {
  console.error(`bench:publish failed: ${(error as Error).stack ?? error}`);
}
process.exitCode = 0;

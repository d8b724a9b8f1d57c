/**
 * `npm run bench:start`: process start to ready of the compiled server (`node dist/server/main.js`, as `npm start`
 * runs it) on PGlite, for a new data folder (database created, migrations, import of `schemas/`, the key pair
 * and token secret generated) and for that folder again (existing data). Ready means `/api/health/ready`
 * answers 200 (the database is checked); the time runs from the spawn of the process, so module loading counts.
 * Beside the wall time, the CPU time the server process used until then (steadier on a loaded machine).
 * Rebuilds the server first (dist/server could be stale). A benchmark, not a test: it always exits 0.
 *
 *   npm run bench:start            3 rounds (new folder, then existing, then existing again)
 *   npm run bench:start -- 5       5 rounds
 *   BENCH_COMPARE=.before/server/main.js npm run bench:start
 *                                  each round also runs another build (e.g. a copy of main's dist/server kept inside
 *                                  the project, so it finds schemas/ and migrations/), alternating with this one
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildServer, SERVER_OUT } from './buildServer';
import { SERVER_NODE_FLAGS } from './lib/serverNodeFlags';
import { percentile } from './lib/measure';
import { freePort } from './lib/serverProcess';

const TARGET_EXISTING_MS = 2000;
const TARGET_NEW_MS = 5000;
const root = join(import.meta.dirname, '..');

interface Start {
  ms: number;
  /** CPU time of the server process until ready (user + system, all threads): steadier than wall time under load. */
  cpuMs: number;
  child: ChildProcess;
}

/** User + system CPU time of a process (Linux /proc; NaN elsewhere). */
function cpuTimeMs(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime in clock ticks (100 Hz)
  } catch {
    return Number.NaN;
  }
}

/** Spawns the server on `dataDir` and resolves when /api/health/ready answers 200 (polled every 20 ms). */
async function startToReady(dataDir: string, main: string): Promise<Start> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/api/health/ready`;
  const t0 = performance.now();
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, main], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '', DEV_OUTBOX: 'on', MAX_EVENT_LOOP_DELAY_MS: '0' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = t0 + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.ok) return { ms: performance.now() - t0, cpuMs: cpuTimeMs(child.pid), child };
    } catch {
      // not listening yet
    }
    if (performance.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('server did not become ready in 180 s');
    }
    await new Promise((r) => setTimeout(r, 20));
  }
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

const load = () => loadavg().map((n) => n.toFixed(2)).join(' / ');
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

const rounds = Math.max(1, Number(process.argv[2] ?? 3) || 3);
console.log('building the server (dist/server)');
await buildServer();
console.log(`load average (1 / 5 / 15 min) at the start: ${load()}`);

/** The starts of one build: a new data folder, then that folder twice (existing data). */
interface Figures {
  fresh: number[];
  existing: number[];
  freshCpu: number[];
  existingCpu: number[];
}
const builds: [string, string][] = [['this build', SERVER_OUT]];
if (process.env.BENCH_COMPARE) builds.push([`BENCH_COMPARE (${process.env.BENCH_COMPARE})`, join(root, process.env.BENCH_COMPARE)]);
const figures = new Map<string, Figures>(builds.map(([name]) => [name, { fresh: [], existing: [], freshCpu: [], existingCpu: [] }]));
for (let round = 1; round <= rounds; round++) {
  // Alternating: which build goes first changes every round.
  for (const [name, main] of round % 2 ? builds : [...builds].reverse()) {
    const f = figures.get(name)!;
    const dir = mkdtempSync(join(tmpdir(), 'qa-bench-start-'));
    try {
      const first = await startToReady(dir, main);
      await stop(first.child);
      f.fresh.push(first.ms);
      f.freshCpu.push(first.cpuMs);
      const again = await startToReady(dir, main);
      await stop(again.child);
      f.existing.push(again.ms);
      f.existingCpu.push(again.cpuMs);
      const third = await startToReady(dir, main);
      await stop(third.child);
      f.existing.push(third.ms);
      f.existingCpu.push(third.cpuMs);
      console.log(
        `round ${round}, ${name}: new data folder ${s(first.ms)} (CPU ${s(first.cpuMs)}), existing data ${s(again.ms)} (CPU ${s(again.cpuMs)}) and ${s(third.ms)} (CPU ${s(third.cpuMs)})`,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
}

const median = (values: number[]) => percentile([...values].sort((a, b) => a - b), 50);
const row = (name: string, times: number[], cpu: number[], target: number) => {
  const sorted = [...times].sort((a, b) => a - b);
  const m = median(times);
  return `${name.padEnd(16)} ${s(m).padStart(8)} ${s(sorted[0]!).padStart(8)} ${s(sorted.at(-1)!).padStart(8)} ${s(median(cpu)).padStart(9)}   ≤ ${s(target)}  ${m <= target ? 'met' : 'NOT met'}`;
};
for (const [name, f] of figures) {
  console.log(`\n${name}\nstart to ready (PGlite)   median      min      max  CPU med.   target (wall, median)`);
  console.log(row('new data folder', f.fresh, f.freshCpu, TARGET_NEW_MS));
  console.log(row('existing data', f.existing, f.existingCpu, TARGET_EXISTING_MS));
}
console.log(`load average (1 / 5 / 15 min) at the end: ${load()}`);

/**
 * `npm run bench:start`: process start to ready of the compiled server (`node dist/server/main.js`, as `npm start`
 * runs it) on PGlite, for a new data folder (database created, migrations, import of `schemas/`, the key pair
 * and token secret generated) and for that folder again (existing data). Ready means `/api/health/ready`
 * answers 200 (the database is checked); the time runs from the spawn of the process, so module loading counts.
 * Rebuilds the server first (dist/server could be stale). A benchmark, not a test: it always exits 0.
 *
 *   npm run bench:start            3 rounds (new folder, then existing, then existing again)
 *   npm run bench:start -- 5       5 rounds
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildServer, SERVER_OUT } from './buildServer';
import { percentile } from './lib/measure';
import { freePort } from './lib/serverProcess';

const TARGET_EXISTING_MS = 2000;
const TARGET_NEW_MS = 5000;
const root = join(import.meta.dirname, '..');

interface Start {
  ms: number;
  child: ChildProcess;
}

/** Spawns the server on `dataDir` and resolves when /api/health/ready answers 200 (polled every 20 ms). */
async function startToReady(dataDir: string): Promise<Start> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/api/health/ready`;
  const t0 = performance.now();
  const child = spawn(process.execPath, ['--enable-source-maps', SERVER_OUT], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '', DEV_OUTBOX: 'on', MAX_EVENT_LOOP_DELAY_MS: '0' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = t0 + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.ok) return { ms: performance.now() - t0, child };
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

const fresh: number[] = [];
const existing: number[] = [];
for (let round = 1; round <= rounds; round++) {
  const dir = mkdtempSync(join(tmpdir(), 'qa-bench-start-'));
  try {
    const first = await startToReady(dir);
    await stop(first.child);
    fresh.push(first.ms);
    const again = await startToReady(dir);
    await stop(again.child);
    existing.push(again.ms);
    const third = await startToReady(dir);
    await stop(third.child);
    existing.push(third.ms);
    console.log(`round ${round}: new data folder ${s(first.ms)}, existing data ${s(again.ms)} and ${s(third.ms)}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const row = (name: string, times: number[], target: number) => {
  const sorted = [...times].sort((a, b) => a - b);
  const median = percentile(sorted, 50);
  return `${name.padEnd(16)} ${s(median).padStart(8)} ${s(sorted[0]!).padStart(8)} ${s(sorted.at(-1)!).padStart(8)}   ≤ ${s(target)}  ${median <= target ? 'met' : 'NOT met'}`;
};
console.log('\nstart to ready (PGlite)   median      min      max   target');
console.log(row('new data folder', fresh, TARGET_NEW_MS));
console.log(row('existing data', existing, TARGET_EXISTING_MS));
console.log(`load average (1 / 5 / 15 min) at the end: ${load()}`);

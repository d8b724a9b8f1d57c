import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildServer, SERVER_OUT as SERVER_MAIN } from '../buildServer';
import { SERVER_NODE_FLAGS } from './serverNodeFlags';

/** Starting the real server as a child process: used by the end-to-end tests and the benchmarks. */
const root = join(import.meta.dirname, '..', '..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export interface RunningServer {
  url: string;
  dataDir: string;
  process: ChildProcess;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * Starts the real server (as `npm start` does after the build) on a free port with its own data folder, in
 * local mode (DEV_OUTBOX=on: the tests read one-time codes from the outbox) and without load shedding, which a
 * busy test machine would trip. `nodeArgs` go to node before the script (e.g. --cpu-prof for the save benchmark).
 */
export async function startServer(env: Record<string, string> = {}, dataDir?: string, nodeArgs: string[] = []): Promise<RunningServer> {
  const port = await freePort();
  const dir = dataDir ?? mkdtempSync(join(tmpdir(), 'qa-e2e-'));
  if (!existsSync(SERVER_MAIN)) await buildServer(); // the benchmarks; npm test builds it before the e2e stage
  const child = spawn(process.execPath, [...nodeArgs, ...SERVER_NODE_FLAGS, SERVER_MAIN], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      DEV_OUTBOX: 'on',
      MAX_EVENT_LOOP_DELAY_MS: '0',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000; // a loaded machine (shared CI runners) can take over a minute
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/health/ready`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL'); // never leave an orphan server behind a failed start
      throw new Error('server did not become ready in 120 s');
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    dataDir: dir,
    process: child,
    stop(signal: NodeJS.Signals = 'SIGTERM') {
      return new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve(child.exitCode);
        child.once('exit', (code) => resolve(code));
        child.kill(signal);
      });
    },
  };
}


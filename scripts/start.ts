/**
 * `npm start`: builds what is missing or older than its sources (the SPA with Vite, the server with
 * scripts/buildServer.ts), then runs the compiled server, `node dist/server/main.js`. Outside production it
 * is the local mode: DEV_OUTBOX=on unless set, so a newcomer reads one-time codes at /api/dev/outbox.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildServer, SERVER_INPUTS, SERVER_OUT } from './buildServer';
import { SERVER_NODE_FLAGS } from './lib/serverNodeFlags';

const root = join(import.meta.dirname, '..');
const SPA_OUT = join(root, 'dist', 'public', 'index.html');
/** What the browser bundle is built from (the server's part of src/ is left out). */
const SPA_SOURCES = ['src/app', 'src/shared', 'src/validation', 'src/generated', 'widgets', 'schemas', 'vite.config.ts', 'package-lock.json'];

function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newest(join(path, name))));
}

/** True when the output is missing or any of the inputs changed after it was written. */
export function isStale(output: string, inputs: string[]): boolean {
  if (!existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  return inputs.some((input) => newest(join(root, input)) > built);
}

function serverInputs(): string[] {
  if (!existsSync(SERVER_INPUTS)) return [];
  return [...(JSON.parse(readFileSync(SERVER_INPUTS, 'utf8')) as string[]), 'package-lock.json'];
}

if (isStale(SPA_OUT, SPA_SOURCES)) {
  console.log('building the web app (vite build)');
  const built = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}
if (!existsSync(SERVER_INPUTS) || isStale(SERVER_OUT, serverInputs())) {
  console.log('compiling the server (dist/server)');
  await buildServer();
} else if (!process.env.DATABASE_URL && !existsSync(join(resolve(process.env.DATA_DIR || 'data'), 'pglite')) && !existsSync(join(root, 'dist', 'server', 'pglite-template', 'current'))) {
  // A new data folder and no template database (the server build makes it; it was removed or its build failed).
  const { buildPgliteTemplate } = await import('./buildPgliteTemplate');
  await buildPgliteTemplate().catch((error: unknown) => console.warn(`no PGlite template made (a new data folder runs initdb): ${(error as Error).message}`));
}

const local = process.env.NODE_ENV !== 'production';
const env = { ...process.env, ...(local && process.env.DEV_OUTBOX === undefined ? { DEV_OUTBOX: 'on' } : {}) };
const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, SERVER_OUT], { cwd: root, env, stdio: 'inherit' });
// Ctrl+C reaches the server through the process group; a SIGTERM sent to this process alone is passed on.
process.on('SIGINT', () => {});
process.on('SIGTERM', () => server.kill('SIGTERM'));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

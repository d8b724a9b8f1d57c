import { execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/lib/serverProcess';

/**
 * What a deployment does: production dependencies only (`npm ci --omit=dev`, from npm's cache when it can),
 * the built dist/ and the files read at run time, then plain `node dist/server/main.js`: no tsx, no Vite.
 */
const root = join(import.meta.dirname, '..', '..');
const built = existsSync(join(root, 'dist', 'server', 'main.js')) && existsSync(join(root, 'dist', 'public', 'index.html'));
if (!built) {
  if (process.env.CI === 'true') throw new Error('dist/ is not built: CI must run the production-install test');
  console.warn('\n!!! dist/ is not built (npm run build): the production-install test is SKIPPED !!!\n');
}

(built ? describe : describe.skip)('a production install', () => {
  const dir = mkdtempSync(join(tmpdir(), 'qa-prod-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('starts with node from production dependencies and dist/, serving / and /api/health/ready', async () => {
    for (const item of ['package.json', 'package-lock.json', 'dist', 'schemas', 'migrations', 'fixtures']) cpSync(join(root, item), join(dir, item), { recursive: true });
    execFileSync('npm', ['ci', '--omit=dev', '--prefer-offline', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: dir, stdio: 'inherit' });
    expect(existsSync(join(dir, 'node_modules', 'vite')), 'dev dependencies stay out').toBe(false);
    expect(existsSync(join(dir, 'node_modules', 'tsx'))).toBe(false);

    const port = await freePort();
    const child = spawn(process.execPath, ['dist/server/main.js'], {
      cwd: dir,
      env: { PATH: process.env.PATH, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: join(dir, 'data'), LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    try {
      const url = `http://127.0.0.1:${port}`;
      let ready: Response | undefined;
      for (const deadline = Date.now() + 180_000; Date.now() < deadline && child.exitCode === null; ) {
        ready = await fetch(`${url}/api/health/ready`).catch(() => undefined);
        if (ready?.ok) break;
        await new Promise((r) => setTimeout(r, 500));
      }
      expect(ready?.status).toBe(200);
      expect(await ready?.json()).toEqual({ status: 'ok', database: 'pglite' });
      const page = await fetch(`${url}/`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<div id="root"'); // the pre-rendered landing page (its root carries its language)
      expect((await fetch(`${url}/api/dev/outbox`)).status, 'no development outbox without DEV_OUTBOX=on').toBe(404);
    } finally {
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
    }
  }, 600_000);
});

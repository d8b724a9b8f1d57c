import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { lockDataDir, processStartTime } from '../../src/server/db/dataDirLock';

const dirs: string[] = [];
function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'qa-lock-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A process that runs until killed: a live owner of a lock. */
async function sleeper() {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
  await new Promise((r) => child.once('spawn', r));
  return child;
}

describe('the PGlite data-folder lock', () => {
  it('records pid and start time, and refuses a second open while held', async () => {
    const dir = dataDir();
    const unlock = await lockDataDir(dir);
    expect(JSON.parse(readFileSync(join(dir, 'server.lock'), 'utf8'))).toEqual({ pid: process.pid, startTime: processStartTime(process.pid) });
    await expect(lockDataDir(dir)).rejects.toThrow(/in use by process/);
    await unlock();
    await (await lockDataDir(dir))();
  });

  it('takes over a stale lock whose pid is now this process (a container restarted after a crash)', async () => {
    const dir = dataDir();
    writeFileSync(join(dir, 'server.lock'), JSON.stringify({ pid: process.pid, startTime: '1' }));
    await (await lockDataDir(dir))();
    writeFileSync(join(dir, 'server.lock'), String(process.pid)); // the older format: a bare pid
    await (await lockDataDir(dir))();
  });

  it('takes over a lock whose pid was reused by another running process, and respects a live owner', async () => {
    const child = await sleeper();
    try {
      const dir = dataDir();
      const startTime = processStartTime(child.pid!);
      expect(startTime, 'this test needs /proc (Linux)').toMatch(/^\d+$/);
      writeFileSync(join(dir, 'server.lock'), JSON.stringify({ pid: child.pid, startTime: String(Number(startTime) - 1) }));
      await (await lockDataDir(dir))();
      writeFileSync(join(dir, 'server.lock'), JSON.stringify({ pid: child.pid, startTime }));
      await expect(lockDataDir(dir)).rejects.toThrow(`in use by process ${child.pid}`);
    } finally {
      child.kill('SIGKILL');
    }
  });

  it('takes over a lock left by a process that has ended', async () => {
    const child = await sleeper();
    const dir = dataDir();
    writeFileSync(join(dir, 'server.lock'), JSON.stringify({ pid: child.pid, startTime: processStartTime(child.pid!) }));
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
    await (await lockDataDir(dir))();
  });
});

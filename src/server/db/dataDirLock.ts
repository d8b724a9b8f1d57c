import { readFileSync } from 'node:fs';
import { open, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';

/** Who holds the lock: the pid alone is not enough, as a restarted container reuses the pid of the crashed one. */
interface LockOwner {
  pid: number;
  /** Start time of the process in clock ticks since boot (/proc/<pid>/stat field 22), when the OS tells. */
  startTime?: string;
}

/** Folders locked by this process: a second open from the same process is refused as well. */
const heldHere = new Set<string>();

export function processStartTime(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count fields after its closing ")".
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** True when the owner written in a lock is a process still running (the same one, not a reuse of its pid). */
export function ownerAlive(owner: LockOwner): boolean {
  if (!(owner.pid > 0) || owner.pid === process.pid || !running(owner.pid)) return false;
  const now = processStartTime(owner.pid);
  return owner.startTime === undefined || now === undefined || now === owner.startTime;
}

function parseOwner(text: string): LockOwner {
  try {
    const owner = JSON.parse(text) as LockOwner;
    return typeof owner === 'object' && owner !== null ? owner : { pid: Number(owner) };
  } catch {
    return { pid: Number(text) };
  }
}

/**
 * PGlite can be opened by one process only: a lock file in the data folder refuses a second server with a
 * clear message instead of corrupting the database. A lock left by a process that no longer runs (or whose
 * pid now belongs to another process, or to this one) is taken over.
 */
export async function lockDataDir(dir: string): Promise<() => Promise<void>> {
  const lockFile = join(dir, 'server.lock');
  if (heldHere.has(dir)) throw new Error(`The database in ${dir} is in use by process ${process.pid} (this one).`);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const handle = await open(lockFile, 'wx');
      await handle.writeFile(JSON.stringify({ pid: process.pid, startTime: processStartTime(process.pid) } satisfies LockOwner));
      await handle.close();
      heldHere.add(dir);
      return async () => {
        heldHere.delete(dir);
        await rm(lockFile, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = parseOwner(await readFile(lockFile, 'utf8').catch(() => ''));
      if (ownerAlive(owner)) {
        throw new Error(`The database in ${dir} is in use by process ${owner.pid}. Stop it, or set DATA_DIR to another folder.`);
      }
      await rm(lockFile, { force: true });
    }
  }
  throw new Error(`Could not lock ${dir}`);
}

import { fork } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LoadJob, LoadResult } from './loadJob';

/** CPU time a process (all its threads) has used in user space and in the kernel, ms (Linux /proc; ticks of 10 ms). */
function cpuTimeMs(pid: number): { user: number; system: number } {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return { user: Number(fields[11]) * 10, system: Number(fields[12]) * 10 };
}

/**
 * CPU time of every PostgreSQL process on this machine (backends, WAL writer, checkpointer), ms: what the
 * database spent on the saves, plus whatever else used it meanwhile (other users of a shared machine).
 */
function postgresCpuTimesMs(): Map<number, number> {
  const times = new Map<number, number>();
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() !== 'postgres') continue;
      const { user, system } = cpuTimeMs(Number(pid));
      times.set(Number(pid), user + system);
    } catch {
      // the process ended meanwhile
    }
  }
  return times;
}

/** CPU time PostgreSQL processes used between two snapshots (a process that ended meanwhile is not counted). */
const postgresCpuSince = (before: Map<number, number>) =>
  [...postgresCpuTimesMs()].reduce((sum, [pid, ms]) => sum + ms - (before.get(pid) ?? 0), 0);

/**
 * Runs one load (loadGenerator.ts) in a process of its own and resolves with its figures, and with the CPU
 * time the server (`serverPid`) spent per request: unlike requests per second, that does not depend on how
 * busy the rest of the machine is.
 */
export async function runLoad(job: LoadJob, serverPid: number): Promise<LoadResult> {
  const before = cpuTimeMs(serverPid);
  const databaseBefore = postgresCpuTimesMs();
  const result = await generate(job);
  const after = cpuTimeMs(serverPid);
  const databaseMs = postgresCpuSince(databaseBefore);
  const n = Math.max(1, result.allRequests);
  return {
    ...result,
    serverCpuMs: (after.user - before.user + after.system - before.system) / n,
    serverSystemCpuMs: (after.system - before.system) / n,
    postgresCpuMs: databaseMs / n,
  };
}

function generate(job: LoadJob): Promise<LoadResult> {
  const child = fork(join(import.meta.dirname, 'loadGenerator.ts'), [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    let result: LoadResult | undefined;
    child.once('message', (r: LoadResult) => (result = r));
    child.once('error', reject);
    child.once('exit', (code) => (result ? resolve(result) : reject(new Error(`load generator exited with ${code}`))));
    child.send(job);
  });
}

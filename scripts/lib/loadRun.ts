import { fork } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import type { LoadJob, LoadResult } from './loadJob';

/** CPU time a process (all its threads) has used in user space and in the kernel, ms (Linux /proc; ticks of 10 ms). */
function cpuTimeMs(pid: number): { user: number; system: number } {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return { user: Number(fields[11]) * 10, system: Number(fields[12]) * 10 };
}

/** The PostgreSQL server processes that write for every client: WAL writer, checkpointer, background writer. */
const SHARED_PROCESS = /: (?:walwriter|checkpointer|background writer)\b/;

/** The database a measured server uses: its backends are the connections named `applicationName` (PGAPPNAME). */
export interface MeasuredDatabase {
  url: string;
  applicationName: string;
}

async function backendPids(database: MeasuredDatabase): Promise<number[]> {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>('select pid from pg_stat_activity where application_name = $1', [database.applicationName]);
    return rows.map((r) => r.pid);
  } finally {
    await client.end();
  }
}

/**
 * CPU time, ms, of the server's PostgreSQL backends (`pids`) and of PostgreSQL's shared writers (which also
 * write for anyone else using that PostgreSQL meanwhile).
 */
function postgresCpuTimesMs(pids: Iterable<number>): Map<number, number> {
  const times = new Map<number, number>();
  const shared = readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map(Number)
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres' && SHARED_PROCESS.test(readFileSync(`/proc/${pid}/cmdline`, 'utf8'));
      } catch {
        return false; // ended meanwhile
      }
    });
  for (const pid of [...pids, ...shared]) {
    try {
      const { user, system } = cpuTimeMs(pid);
      times.set(pid, user + system);
    } catch {
      // ended meanwhile
    }
  }
  return times;
}

/**
 * Runs one load (loadGenerator.ts) in a process of its own and resolves with its figures, and with the CPU
 * time the server (`serverPid`) spent per request: unlike requests per second, that does not depend on how
 * busy the rest of the machine is.
 */
export async function runLoad(job: LoadJob, serverPid: number, database?: MeasuredDatabase, profileDir?: string): Promise<LoadResult> {
  const before = cpuTimeMs(serverPid);
  const backendsBefore = database ? await backendPids(database) : [];
  const databaseBefore = postgresCpuTimesMs(backendsBefore);
  const result = await generate(job, profileDir);
  const after = cpuTimeMs(serverPid);
  // A backend that started during the run counts from zero; one that ended during it is not counted.
  const backends = database ? new Set([...backendsBefore, ...(await backendPids(database))]) : [];
  const databaseMs = [...postgresCpuTimesMs(backends)].reduce((sum, [pid, ms]) => sum + ms - (databaseBefore.get(pid) ?? 0), 0);
  const n = Math.max(1, result.allRequests);
  return {
    ...result,
    serverCpuMs: (after.user - before.user + after.system - before.system) / n,
    serverSystemCpuMs: (after.system - before.system) / n,
    ...(database ? { postgresCpuMs: databaseMs / n } : {}),
  };
}

/** Runs the generator; with `profileDir`, under node --cpu-prof (its profile written there). */
function generate(job: LoadJob, profileDir?: string): Promise<LoadResult> {
  const profile = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
  const child = fork(join(import.meta.dirname, 'loadGenerator.ts'), [], { execArgv: [...profile, '--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    let result: LoadResult | undefined;
    child.once('message', (r: LoadResult) => (result = r));
    child.once('error', reject);
    child.once('exit', (code) => (result ? resolve(result) : reject(new Error(`load generator exited with ${code}`))));
    child.send(job);
  });
}

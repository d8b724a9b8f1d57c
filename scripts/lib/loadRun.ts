import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LoadJob, LoadResult } from './loadJob';

/** CPU time a process (all its threads) has used in user space and in the kernel, ms (Linux /proc; ticks of 10 ms). */
function cpuTimeMs(pid: number): { user: number; system: number } {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return { user: Number(fields[11]) * 10, system: Number(fields[12]) * 10 };
}

/**
 * Runs one load (loadGenerator.ts) in a process of its own and resolves with its figures, and with the CPU
 * time the server (`serverPid`) spent per request: unlike requests per second, that does not depend on how
 * busy the rest of the machine is.
 */
export async function runLoad(job: LoadJob, serverPid: number): Promise<LoadResult> {
  const before = cpuTimeMs(serverPid);
  const result = await generate(job);
  const after = cpuTimeMs(serverPid);
  const n = Math.max(1, result.allRequests);
  return { ...result, serverCpuMs: (after.user - before.user + after.system - before.system) / n, serverSystemCpuMs: (after.system - before.system) / n };
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

import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** The parts of a V8 .cpuprofile (what `node --cpu-prof` writes) that a self-time summary needs. */
interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples: number[];
  timeDeltas: number[];
  /** Microseconds of the monotonic clock (the one of process.hrtime) at the first sample. */
  startTime: number;
}

/** Monotonic-clock microseconds (process.hrtime's clock, the one of a profile's timestamps). */
export const monotonicMicros = () => Number(process.hrtime.bigint() / 1000n);

/** A span of the monotonic clock, µs: only the samples in one of them are counted (the measured runs). */
export interface Window {
  from: number;
  to: number;
}

export interface SelfTime {
  name: string;
  where: string;
  ms: number;
  share: number;
}

const root = join(import.meta.dirname, '..', '..');

/** Where a function lives, short: a path in the repository, or the package in node_modules, or node's own. */
function place(url: string, line: number): string {
  if (!url) return '(native)';
  const path = url.replace(/^file:\/\//, '');
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path)?.[1];
  if (pkg) return pkg;
  if (path.startsWith('node:')) return path;
  return `${relative(root, path)}:${line + 1}`;
}

/**
 * The functions that spent the most time themselves (not in what they called), by name and place, with their
 * share of the busy time (idle time left out).
 */
export function topSelfTime(profile: CpuProfile, top = 20, windows?: Window[]): SelfTime[] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
  const totals = new Map<string, { name: string; where: string; us: number }>();
  let all = 0;
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    const frame = byId.get(id)!;
    const us = profile.timeDeltas[i] ?? 0;
    at += us;
    if (windows && !windows.some((w) => at >= w.from && at <= w.to)) return;
    if (frame.functionName === '(idle)') return;
    all += us;
    const name = frame.functionName || '(anonymous)';
    const where = place(frame.url, frame.lineNumber);
    const key = `${name}\u0000${where}`;
    const entry = totals.get(key) ?? { name, where, us: 0 };
    entry.us += us;
    totals.set(key, entry);
  });
  return [...totals.values()]
    .sort((a, b) => b.us - a.us)
    .slice(0, top)
    .map((e) => ({ name: e.name, where: e.where, ms: e.us / 1000, share: all ? e.us / all : 0 }));
}

const busy = (rows: SelfTime[]) => rows.reduce((sum, r) => sum + r.ms, 0);

/**
 * The summary of the busiest profile in a folder (the main thread's: node also profiles the module loader's
 * thread), as a Markdown table; with `windows`, of the samples taken in them only (start-up left out).
 */
export function summariseProfileDir(dir: string, top = 20, windows?: Window[]): string {
  const profiles = readdirSync(dir)
    .filter((f) => f.endsWith('.cpuprofile'))
    .map((f) => topSelfTime(JSON.parse(readFileSync(join(dir, f), 'utf8')) as CpuProfile, Number.MAX_SAFE_INTEGER, windows));
  if (profiles.length === 0) return `(no .cpuprofile in ${dir})`;
  const rows = profiles.sort((a, b) => busy(b) - busy(a))[0]!.slice(0, top);
  return [
    `busy ${(busy(profiles[0]!) / 1000).toFixed(1)} s in all (${windows ? 'the measured runs only, warm-up included' : 'start-up included'})`,
    '',
    '| self time | share | function | where |',
    '|---:|---:|---|---|',
    ...rows.map((r) => `| ${r.ms.toFixed(0)} ms | ${(r.share * 100).toFixed(1)} % | \`${r.name}\` | ${r.where} |`),
  ].join('\n');
}

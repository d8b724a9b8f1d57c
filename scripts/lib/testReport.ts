import { readFileSync } from 'node:fs';
import { relative } from 'node:path';

/** What `npm test` (scripts/test.ts) prints at the end, so that growth of the suite shows in every CI log. */

export interface StageResult {
  stage: string;
  ok: boolean;
  seconds: number;
  /** Tests counted in the stage (a tool stage such as typecheck counts as one). */
  passed: number;
  failed: number;
  skipped: number;
  /**
   * CPU time (user + system) of the stage's processes and every descendant they waited for (workers, servers,
   * Chromium), when it could be read: divided by the seconds it tells how many cores the stage kept busy.
   */
  cpuSeconds?: number;
}

/** The children's user and system times from bash's `times` (second line: `0m12.345s 0m1.234s`), in seconds. */
export function parseBashTimes(text: string): number | undefined {
  const line = text.trim().split('\n')[1];
  const parts = line?.trim().split(/\s+/).map((t) => /^(\d+)m([\d.]+)s$/.exec(t));
  if (!parts || parts.length !== 2 || parts.some((m) => !m)) return undefined;
  return parts.reduce((sum, m) => sum + Number(m![1]) * 60 + Number(m![2]), 0);
}

export interface FileTime {
  project: string;
  file: string;
  seconds: number;
}

/** The parts of Vitest's JSON report (`--reporter=json`) the runner reads. */
interface VitestJsonReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults: { name: string; startTime: number; endTime: number }[];
}

/** Counts and per-file times of one Vitest project's JSON report; undefined when there is none (crash). */
export function readVitestReport(project: string, file: string, root: string): { passed: number; failed: number; skipped: number; files: FileTime[] } | undefined {
  let report: VitestJsonReport;
  try {
    report = JSON.parse(readFileSync(file, 'utf8')) as VitestJsonReport;
  } catch {
    return undefined;
  }
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests,
    skipped: report.numPendingTests + report.numTodoTests,
    files: report.testResults.map((r) => ({ project, file: relative(root, r.name), seconds: (r.endTime - r.startTime) / 1000 })),
  };
}

const pad = (text: string, width: number) => text.padEnd(width);
const num = (value: number, width: number) => String(value).padStart(width);
const secs = (value: number) => value.toFixed(1).padStart(7);

/**
 * The per-stage table (stages that ran side by side overlap, so the wall time is less than their sum) and
 * the slowest test files of every Vitest project.
 */
export function formatTimeTable(stages: StageResult[], files: FileTime[], wallSeconds: number, slowest = 10): string {
  const lines = ['', '=== time table', `${pad('stage', 12)}${pad('result', 8)}${'seconds'.padStart(7)}${'passed'.padStart(8)}${'failed'.padStart(8)}${'skipped'.padStart(9)}${'cpu s'.padStart(9)}${'cores'.padStart(7)}`];
  for (const s of stages) {
    // cores: the stage's CPU time over its wall time, i.e. how many cores it kept busy on average.
    const cpu = s.cpuSeconds === undefined ? '' : `${s.cpuSeconds.toFixed(1).padStart(9)}${(s.seconds > 0 ? s.cpuSeconds / s.seconds : 0).toFixed(2).padStart(7)}`;
    lines.push(`${pad(s.stage, 12)}${pad(s.ok ? 'ok' : 'FAILED', 8)}${secs(s.seconds)}${num(s.passed, 8)}${num(s.failed, 8)}${num(s.skipped, 9)}${cpu}`);
  }
  lines.push(`${pad('wall clock', 20)}${secs(wallSeconds)}`);
  const top = [...files].sort((a, b) => b.seconds - a.seconds).slice(0, slowest);
  if (top.length) {
    lines.push('', `=== slowest ${top.length} test files (of ${files.length})`);
    for (const f of top) lines.push(`${secs(f.seconds)} s  ${pad(f.project, 5)} ${f.file}`);
  }
  return lines.join('\n');
}

/**
 * `npm test`: type-check, lint, unit tests, API tests (PGlite and PostgreSQL), then the build of the SPA and
 * the server and the end-to-end tests in Chromium. Stops after the first group of stages with a failure,
 * prints a time table
 * (every stage, the slowest test files) and ends with one line `N passed, N failed, N skipped` counting every
 * test of every stage. In CI (CI=true) a skipped test fails the run.
 *
 * Independent stages run side by side so both cores stay busy: typecheck, lint and the build beside the unit
 * tests, then the e2e tests beside the API tests (an e2e file keeps about half a core busy, much of its time
 * waiting on the browser and its server; the API tests fill the rest). The output of the side stages is printed
 * when they finish.
 *
 *   npm test                     everything
 *   npm test -- unit api         only these stages (typecheck, lint, unit, api, e2e)
 *   npm test -- --serial         one stage at a time (to time stages on their own)
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { type FileTime, formatTimeTable, parseBashTimes, readVitestReport, type StageResult } from './lib/testReport';

const STAGES = ['typecheck', 'lint', 'unit', 'api', 'e2e'] as const;
type Stage = (typeof STAGES)[number] | 'build';

const root = join(import.meta.dirname, '..');
const bin = (name: string) => join(root, 'node_modules', '.bin', name);
const args = process.argv.slice(2);
const requested = args.filter((a) => (STAGES as readonly string[]).includes(a)) as Stage[];
const wanted = new Set<Stage>(requested.length ? requested : STAGES);
if (wanted.has('e2e')) wanted.add('build');
const serial = args.includes('--serial');
const CI = process.env.CI === 'true';
const reportDir = mkdtempSync(join(tmpdir(), 'qa-test-'));
const results: StageResult[] = [];
const files: FileTime[] = [];

/** Runs a command; a live one shares the terminal, the others' output is kept and printed when they end. */
function run(title: string, command: string, commandArgs: string[], live: boolean): Promise<{ ok: boolean; seconds: number; cpuSeconds?: number }> {
  const header = `\n=== ${title}: ${[command.replace(`${root}/`, ''), ...commandArgs].join(' ')}`;
  if (live) console.log(header);
  const started = Date.now();
  // Through bash, whose `times` then reports the CPU time of the command and every process below it that was waited for.
  const timesFile = join(reportDir, `${title.replace(/\W+/g, '-')}.times`);
  const child = spawn('bash', ['-c', '"$@"; code=$?; times > "$QA_TIMES_FILE"; exit $code', title, command, ...commandArgs], {
    cwd: root,
    env: { ...process.env, QA_TIMES_FILE: timesFile },
    stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'],
  });
  const output: Buffer[] = [];
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
  return new Promise((resolve) => {
    child.on('close', (code) => {
      const seconds = (Date.now() - started) / 1000;
      if (!live) process.stdout.write(`${header}\n${Buffer.concat(output).toString()}`);
      let cpuSeconds: number | undefined;
      try {
        cpuSeconds = parseBashTimes(readFileSync(timesFile, 'utf8'));
      } catch {
        // killed before `times` ran
      }
      console.log(`=== ${title}: ${code === 0 ? 'ok' : 'FAILED'} in ${seconds.toFixed(1)} s${cpuSeconds === undefined ? '' : ` (CPU ${cpuSeconds.toFixed(1)} s)`}`);
      resolve({ ok: code === 0, seconds, cpuSeconds });
    });
  });
}

/** A tool stage (typecheck, lint, build): one test that passes when the command succeeds. */
async function tool(stage: Stage, command: string, commandArgs: string[], live: boolean): Promise<StageResult> {
  const { ok, seconds, cpuSeconds } = await run(stage, command, commandArgs, live);
  // The build is a step towards the e2e tests, not a test of its own (it only counts when it fails).
  return { stage, ok, seconds, cpuSeconds, passed: ok && stage !== 'build' ? 1 : 0, failed: ok ? 0 : 1, skipped: 0 };
}

async function vitest(project: 'unit' | 'api' | 'e2e', live: boolean): Promise<StageResult> {
  const out = join(reportDir, `${project}.json`);
  const { ok, seconds, cpuSeconds } = await run(`${project} tests`, bin('vitest'), ['run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`], live);
  const report = readVitestReport(project, out, root);
  const result: StageResult = { stage: project, ok, seconds, cpuSeconds, passed: report?.passed ?? 0, failed: report?.failed ?? (ok ? 0 : 1), skipped: report?.skipped ?? 0 };
  files.push(...(report?.files ?? []));
  if (CI && result.skipped > 0) {
    console.error(`${project}: tests were skipped, which CI does not allow`);
    result.ok = false;
  }
  return result;
}

const runners: Record<Stage, (live: boolean) => Promise<StageResult>> = {
  typecheck: (live) => tool('typecheck', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json'], live),
  lint: (live) => tool('lint', bin('eslint'), ['.', '--max-warnings=0'], live),
  unit: (live) => vitest('unit', live),
  api: (live) => vitest('api', live),
  // The SPA and the compiled server the e2e tests start.
  build: (live) => tool('build', 'npm', ['run', '--silent', 'build'], live),
  e2e: (live) => vitest('e2e', live),
};

/** Groups of lanes: lanes of a group run side by side (the first one live), the stages of a lane in turn. */
const ORDER: Stage[] = ['typecheck', 'lint', 'unit', 'api', 'build', 'e2e'];
const GROUPS: Stage[][][] = serial
  ? ORDER.map((s) => [[s]])
  : [[['unit'], ['typecheck', 'lint', 'build']], [['e2e'], ['api']]];

const started = Date.now();
// The machine's load around the run: a figure measured on a busy machine is not comparable with a quiet one.
const loadAtStart = loadavg();
let ok = true;
for (const group of GROUPS) {
  const lanes = group.map((lane) => lane.filter((s) => wanted.has(s))).filter((lane) => lane.length > 0);
  if (!lanes.length) continue;
  await Promise.all(
    lanes.map(async (lane, index) => {
      for (const stage of lane) {
        const result = await runners[stage](index === 0);
        results.push(result);
        if (!result.ok) return;
      }
    }),
  );
  ok = results.every((r) => r.ok);
  if (!ok) break;
}
rmSync(reportDir, { recursive: true, force: true });

const totals = results.reduce((t, r) => ({ passed: t.passed + r.passed, failed: t.failed + r.failed, skipped: t.skipped + r.skipped }), { passed: 0, failed: 0, skipped: 0 });
results.sort((a, b) => ORDER.indexOf(a.stage as Stage) - ORDER.indexOf(b.stage as Stage));
console.log(formatTimeTable(results, files, (Date.now() - started) / 1000));
const load = (l: number[]) => l.map((v) => v.toFixed(2)).join(' / ');
console.log(`load average (1 / 5 / 15 min): ${load(loadAtStart)} at the start, ${load(loadavg())} at the end`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(ok && totals.failed === 0 ? 0 : 1);

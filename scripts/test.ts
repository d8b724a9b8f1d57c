/**
 * `npm test`: type-check, lint, unit tests, API tests (PGlite and PostgreSQL), then the SPA build and the
 * end-to-end tests in Chromium. Stops at the first failing stage and ends with one line
 * `N passed, N failed, N skipped` counting every test of every stage.
 *
 *   npm test                  everything
 *   npm test -- unit api      only these stages (typecheck, lint, unit, api, e2e)
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const STAGES = ['typecheck', 'lint', 'unit', 'api', 'e2e'] as const;
type Stage = (typeof STAGES)[number];

const requested = process.argv.slice(2).filter((a) => (STAGES as readonly string[]).includes(a)) as Stage[];
const stages = requested.length ? requested : [...STAGES];
const reportDir = mkdtempSync(join(tmpdir(), 'qa-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };

function run(title: string, command: string, args: string[]): boolean {
  console.log(`\n=== ${title}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: process.env });
  console.log(`=== ${title}: ${result.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return result.status === 0;
}

function vitest(project: string): boolean {
  const out = join(reportDir, `${project}.json`);
  const ok = run(`${project} tests`, 'npx', ['vitest', 'run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`]);
  try {
    const report = JSON.parse(readFileSync(out, 'utf8')) as {
      numPassedTests: number;
      numFailedTests: number;
      numPendingTests: number;
      numTodoTests: number;
    };
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests;
    totals.skipped += report.numPendingTests + report.numTodoTests;
    if (process.env.CI === 'true' && report.numPendingTests + report.numTodoTests > 0) {
      console.error(`${project}: tests were skipped, which CI does not allow`);
      return false;
    }
  } catch {
    if (ok) totals.passed += 0;
  }
  return ok;
}

let ok = true;
for (const stage of stages) {
  if (!ok) break;
  switch (stage) {
    case 'typecheck':
      ok = run('typecheck', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']);
      if (ok) totals.passed++;
      else totals.failed++;
      break;
    case 'lint':
      ok = run('lint', 'npx', ['eslint', '.', '--max-warnings=0']);
      if (ok) totals.passed++;
      else totals.failed++;
      break;
    case 'unit':
    case 'api':
      ok = vitest(stage);
      break;
    case 'e2e':
      ok = run('build the SPA', 'npx', ['vite', 'build', '--logLevel', 'warn']);
      if (!ok) totals.failed++;
      else ok = vitest('e2e');
      break;
  }
}
rmSync(reportDir, { recursive: true, force: true });
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(ok && totals.failed === 0 ? 0 : 1);

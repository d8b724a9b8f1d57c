import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { formatTimeTable, parseBashTimes, readVitestReport } from '../../scripts/lib/testReport';

const dir = mkdtempSync(join(tmpdir(), 'qa-report-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the time table of npm test', () => {
  it('reads counts and per-file times from a Vitest JSON report', () => {
    const file = join(dir, 'api.json');
    const testResults = [
      { name: '/repo/test/api/a.test.ts', startTime: 1000, endTime: 4500 },
      { name: '/repo/test/api/b.test.ts', startTime: 1000, endTime: 2000 },
    ];
    writeFileSync(file, JSON.stringify({ numPassedTests: 7, numFailedTests: 1, numPendingTests: 2, numTodoTests: 1, testResults }));
    expect(readVitestReport('api', file, '/repo')).toEqual({
      passed: 7,
      failed: 1,
      skipped: 3,
      files: [
        { project: 'api', file: 'test/api/a.test.ts', seconds: 3.5 },
        { project: 'api', file: 'test/api/b.test.ts', seconds: 1 },
      ],
    });
    expect(readVitestReport('api', join(dir, 'missing.json'), '/repo')).toBeUndefined();
  });

  it('prints every stage and only the slowest files, slowest first', () => {
    const files = Array.from({ length: 12 }, (_, i) => ({ project: 'unit', file: `test/unit/f${i}.test.ts`, seconds: i }));
    const table = formatTimeTable(
      [
        { stage: 'lint', ok: true, seconds: 9.14, passed: 1, failed: 0, skipped: 0 },
        { stage: 'unit', ok: false, seconds: 73.3, passed: 1335, failed: 2, skipped: 0 },
      ],
      files,
      80.04,
    );
    expect(table).toMatch(/^lint\s+ok\s+9\.1\s+1\s+0\s+0$/m);
    expect(table).toMatch(/^unit\s+FAILED\s+73\.3\s+1335\s+2\s+0$/m);
    expect(table).toMatch(/^wall clock\s+80\.0$/m);
    expect(table).toContain('slowest 10 test files (of 12)');
    expect(table.indexOf('f11.test.ts')).toBeLessThan(table.indexOf('f10.test.ts'));
    expect(table).not.toContain('f1.test.ts');
  });

  it('prints the CPU time of a stage and the cores it kept busy, when known', () => {
    const table = formatTimeTable([{ stage: 'e2e', ok: true, seconds: 300, passed: 70, failed: 0, skipped: 0, cpuSeconds: 450.04 }], [], 300);
    expect(table).toMatch(/^e2e\s+ok\s+300\.0\s+70\s+0\s+0\s+450\.0\s+1\.50$/m);
    expect(table).toMatch(/cpu s\s+cores$/m);
  });

  it("reads the children's user and system times of bash's `times`", () => {
    expect(parseBashTimes('0m0.010s 0m0.002s\n1m2.500s 0m3.250s\n')).toBeCloseTo(65.75, 5);
    expect(parseBashTimes('')).toBeUndefined();
    expect(parseBashTimes('garbage\nmore garbage')).toBeUndefined();
  });
});

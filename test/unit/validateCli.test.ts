import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const dir = mkdtempSync(join(tmpdir(), 'qa-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function validate(...args: string[]) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'scripts/validate.ts'), ...args], { cwd: root, encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

describe('npm run validate (the testers\' CLI)', () => {
  it('exits 0 and prints the count for the repository fixtures', () => {
    const r = validate('fixtures/companyDetails');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^\d+ passed, 0 failed$/m);
  });

  it('exits 1 and prints file: path: message for a fixture whose expectation is wrong', () => {
    const file = join(dir, 'broken.json');
    writeFileSync(
      file,
      JSON.stringify({
        schema: 'steps/companyDetails',
        data: { organizationInfo: { companyName: 'Falcon Trading LLC ', noOfEmployees: 4 }, orgKYCDetails: { companyCategory: 'LLC' } },
        expect: [{ path: '/organizationInfo/noOfEmployees', message: 'Number of employees is not filled' }],
      }),
    );
    const r = validate(file);
    expect(r.code).toBe(1);
    expect(r.out).toContain('broken.json: /organizationInfo/companyName: Company name should not start or end with a space: remove the space');
    expect(r.out).toContain('broken.json: /organizationInfo/noOfEmployees: expected "Number of employees is not filled" but it was not reported');
    expect(r.out).toMatch(/^0 passed, 1 failed$/m);
  });

  it('reports a file that is not a fixture, and an unknown schema', () => {
    writeFileSync(join(dir, 'notjson.json'), '{ nope');
    writeFileSync(join(dir, 'unknown.json'), JSON.stringify({ schema: 'steps/nope', data: {}, expect: [] }));
    const r = validate(join(dir, 'notjson.json'), join(dir, 'unknown.json'));
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/notjson\.json: .*JSON/);
    expect(r.out).toContain('unknown.json: Unknown schema steps/nope');
  });

  it('explains its usage without arguments', () => {
    const r = validate();
    expect(r.code).toBe(2);
    expect(r.err).toContain('usage: npm run validate');
  });
});

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateCore } from '../../src/server/prospects/coreSchema';
import { diffContent, diffJson } from '../../src/server/studio/diff';
import { mergeDraft, touchedSteps } from '../../src/server/studio/draft';
import { KNOWN_WIDGETS } from '../../src/server/studio/uiChecks';

const root = join(import.meta.dirname, '..', '..');

describe('schema studio (server pieces)', () => {
  it('knows every widget registered in widgets/index.ts', () => {
    const source = readFileSync(join(root, 'widgets/index.ts'), 'utf8');
    const block = /export const widgets: RegistryWidgetsType = \{([\s\S]*?)\n\};/.exec(source)?.[1];
    expect(block).toBeDefined();
    const names = [...block!.matchAll(/^\s*([A-Za-z][\w-]*)\s*[:,]/gm)].map((m) => m[1]!);
    expect(names.length).toBeGreaterThan(10);
    for (const name of names) expect(KNOWN_WIDGETS.has(name), name).toBe(true);
  });

  it('diffs JSON at pointer level, arrays of primitives whole', () => {
    expect(diffJson({ a: 1, b: { c: [1, 2] }, d: [{ x: 1 }] }, { a: 1, b: { c: [2, 1] }, d: [{ x: 2 }, { y: 1 }], e: 'new' })).toEqual([
      { pointer: '/b/c', before: [1, 2], after: [2, 1] },
      { pointer: '/d/0/x', before: 1, after: 2 },
      { pointer: '/d/1', after: { y: 1 } },
      { pointer: '/e', after: 'new' },
    ]);
    expect(diffJson({ 'a/b': 1 }, {})).toEqual([{ pointer: '/a~1b', before: 1 }]);
    expect(diffContent({ 'a.json': {}, 'b.json': { v: 1 } }, { 'b.json': { v: 1 }, 'c.json': {} }).map((f) => [f.path, f.status])).toEqual([
      ['a.json', 'removed'],
      ['c.json', 'added'],
    ]);
  });

  it('lays a draft over a base version, refusing odd file names and non-objects', () => {
    const { files, problems } = mergeDraft({ 'flows.json': {}, 'lists/x.json': {} }, { 'lists/x.json': null, 'steps/a.schema.json': { $id: 'x' }, '../x.json': {}, 'flags.json': [] });
    expect(Object.keys(files).sort()).toEqual(['flows.json', 'steps/a.schema.json']);
    expect(problems.map((p) => p.path)).toEqual(['../x.json', 'flags.json']);
    expect(touchedSteps(['steps/companyDetails.ui.json', 'stakeholderList.schema.json'])).toEqual({ steps: ['companyDetails', 'stakeholderList'], all: false });
    expect(touchedSteps(['defs/common.schema.json']).all).toBe(true);
  });

  it('validates the protected core whatever the content: identity, prospect id, stakeholder list', () => {
    const applicantInfo = { fullName: 'Amal Khan', email: 'amal@example.com', countryCode: '971', mobileNo: '501234567' };
    const ok = { applicantInfo, generalInfo: { prospectId: 'SME23456789AB' } };
    expect(validateCore(ok)).toEqual([]);
    expect(validateCore({ ...ok, applicantInfo: { ...applicantInfo, fullName: '' } })).toEqual([{ path: '/applicantInfo/fullName', message: 'Full name is not filled', keyword: 'minLength' }]);
    expect(validateCore({ ...ok, applicantInfo: { ...applicantInfo, email: 'nope' } }).map((e) => e.message)).toEqual(['E-mail is invalid']);
    expect(validateCore({ applicantInfo }).map((e) => e.path)).toEqual(['/generalInfo']);
    const many = Array.from({ length: 51 }, () => ({ kycDetails: { shareHoldingPercentage: 1 } }));
    expect(validateCore({ ...ok, signatoryInfo: many }).map((e) => e.message)).toEqual(['Maximum 50 stakeholders allowed']);
    const over = [{ kycDetails: { shareHoldingPercentage: 60 } }, { kycDetails: { shareHoldingPercentage: 60 } }];
    expect(validateCore({ ...ok, signatoryInfo: over }).map((e) => e.message)).toContain("Shareholders can't hold more than 100% of shares in total");
    const noSigner = [{ kycDetails: { shareHoldingPercentage: 100, isSignatory: false } }];
    expect(validateCore({ ...ok, signatoryInfo: noSigner })).toEqual([]);
    expect(validateCore({ ...ok, signatoryInfo: noSigner }, { submit: true }).map((e) => e.message)).toEqual(['At least one stakeholder must be a signatory']);
    expect(validateCore(ok, { submit: true }).map((e) => e.message)).toEqual(['Company stakeholders are not filled']);
  });
});

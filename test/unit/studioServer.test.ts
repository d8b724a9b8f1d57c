import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildContent } from '../../src/content/buildContent';
import { completeListRef, ContentValidator } from '../../src/content/contentValidator';
import { localizeFiles } from '../../src/content/i18n/catalogue';
import { validateCore } from '../../src/server/prospects/coreSchema';
import { readSchemas } from './readSchemas';
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
    // Without a content the core still holds; its words are then ajv's own (worded per language by the API).
    expect(validateCore(ok)).toEqual([]);
    expect(validateCore({ ...ok, applicantInfo: { ...applicantInfo, fullName: '' } })).toEqual([{ path: '/applicantInfo/fullName', message: 'must NOT have fewer than 1 characters', keyword: 'minLength' }]);
    expect(validateCore({ applicantInfo }).map((e) => e.path)).toEqual(['/generalInfo']);
    const many = Array.from({ length: 51 }, () => ({ kycDetails: { shareHoldingPercentage: 1 } }));
    expect(validateCore({ ...ok, signatoryInfo: many }).map((e) => e.keyword)).toEqual(['maxItems']);
    const over = [{ kycDetails: { shareHoldingPercentage: 60 } }, { kycDetails: { shareHoldingPercentage: 60 } }];
    expect(validateCore({ ...ok, signatoryInfo: over }).map((e) => e.keyword)).toContain('x-arraySum');
    const noSigner = [{ kycDetails: { shareHoldingPercentage: 100, isSignatory: false } }];
    expect(validateCore({ ...ok, signatoryInfo: noSigner })).toEqual([]);
    expect(validateCore({ ...ok, signatoryInfo: noSigner }, { submit: true }).map((e) => e.keyword)).toEqual(['not']);
    expect(validateCore(ok, { submit: true }).map((e) => e.keyword)).toEqual(['required']);
  });

  it("takes no limit of its own and words every rule as the published content does, in the content's language", () => {
    const files = readSchemas();
    const applicantInfo = { fullName: 'Amal Khan', email: 'amal@example.com', countryCode: '971', mobileNo: '501234567' };
    const ok = { applicantInfo, generalInfo: { prospectId: 'SME23456789AB' } };
    const many = Array.from({ length: 51 }, () => ({ kycDetails: { shareHoldingPercentage: 1 } }));
    const over = [{ kycDetails: { shareHoldingPercentage: 60 } }, { kycDetails: { shareHoldingPercentage: 60 } }];
    const noSigner = [{ kycDetails: { shareHoldingPercentage: 100, isSignatory: false } }];
    const step = files['steps/applicantInfo.schema.json'] as { properties: { applicantInfo: { properties: Record<string, { maxLength?: number }> } } };
    const longest = step.properties.applicantInfo.properties.fullName!.maxLength!;
    for (const locale of ['en', 'ar'] as const) {
      const content = buildContent(localizeFiles(files, locale));
      const validator = new ContentValidator(content);
      const texts = (at: string, data: unknown) => validator.validate(at, data).map((e) => e.message);
      // The step's own limit is the only one: a name as long as the step allows passes the core.
      expect(validateCore({ ...ok, applicantInfo: { ...applicantInfo, fullName: 'A'.repeat(longest) } }, { content })).toEqual([]);
      expect(validateCore({ ...ok, applicantInfo: { ...applicantInfo, email: 'x'.repeat(80) } }, { content })).toEqual([]);
      const blank = validateCore({ ...ok, applicantInfo: { ...applicantInfo, fullName: '' } }, { content });
      expect(blank.map((e) => e.message)).toEqual(texts('steps/applicantInfo', { applicantInfo: { ...applicantInfo, fullName: '' } }).filter((m) => blank.some((b) => b.message === m)));
      expect(blank).toHaveLength(1);
      const missing = validateCore({ ...ok, applicantInfo: { ...applicantInfo, mobileNo: undefined } }, { content });
      expect(missing.map((e) => e.message)).toEqual(texts('steps/applicantInfo', { applicantInfo: { ...applicantInfo, mobileNo: undefined } }).filter((m) => missing.some((b) => b.message === m)));
      expect(missing).toHaveLength(1);
      expect(validateCore({ ...ok, signatoryInfo: many }, { content }).map((e) => e.message)).toEqual(texts('stakeholderList', many));
      expect(validateCore({ ...ok, signatoryInfo: over }, { content }).map((e) => e.message)).toEqual(texts('stakeholderList', over));
      const list = (data: unknown) => validator.validate(completeListRef(content.stakeholderList!.$id as string), data).map((e) => e.message);
      expect(validateCore({ ...ok, signatoryInfo: noSigner }, { content, submit: true }).map((e) => e.message)).toEqual(list(noSigner));
      expect(validateCore({ ...ok, signatoryInfo: [] }, { content, submit: true }).map((e) => e.message)).toEqual(list([]));
      if (locale === 'ar') for (const e of [...blank, ...missing]) expect(e.message).toMatch(/[\u0600-\u06FF]/);
    }
  });

  it("keeps the applicant's identity limits those of the bank's field configuration (schemas/bank/fieldConfig.json)", () => {
    const files = readSchemas();
    const bank = (files['bank/fieldConfig.json'] as { fields: Record<string, { name: string; maxlength?: string }> }).fields;
    const step = files['steps/applicantInfo.schema.json'] as { properties: { applicantInfo: { properties: Record<string, { maxLength?: number }> } } };
    for (const field of ['fullName', 'email']) {
      const config = Object.values(bank).find((f) => f.name === `prospect.applicantInfo.${field}`);
      expect(step.properties.applicantInfo.properties[field]!.maxLength, field).toBe(Number(config!.maxlength));
    }
  });
});

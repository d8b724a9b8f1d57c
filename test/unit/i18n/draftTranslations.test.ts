import { describe, expect, it } from 'vitest';
import type { ContentFiles } from '../../../src/content/contentTypes';
import { describeText, draftTranslationIssues, translationIssueMessage } from '../../../src/content/i18n/draftTranslations';
import { readSchemas } from '../readSchemas';

const base = readSchemas();
const SCHEMA = 'steps/companyDetails.schema.json';
const UI = 'steps/companyDetails.ui.json';
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const clone = (path: string) => structuredClone(base[path]) as Json;

/** The draft's content and the files it changes. */
function draft(changes: ContentFiles) {
  return { files: { ...base, ...changes }, changed: Object.keys(changes) };
}

describe("a studio draft's translations", () => {
  it('a new field without Arabic: its label and messages are missing, named by field', () => {
    const schema = clone(SCHEMA);
    schema.properties.organizationInfo.properties.tradeName = { type: 'string', title: 'Trade name', maxLength: 30, errorMessage: { maxLength: 'Trade name is too long: use at most 30 characters' } };
    const { files, changed } = draft({ [SCHEMA]: schema });
    const issues = draftTranslationIssues(base, files, changed, 'ar');
    expect(issues.map((i) => [i.kind, i.pointer])).toEqual([
      ['missing', '/properties/organizationInfo/properties/tradeName/title'],
      ['missing', '/properties/organizationInfo/properties/tradeName/errorMessage/maxLength'],
    ]);
    expect(translationIssueMessage(issues[0]!, 'ar')).toBe(
      'No Arabic translation of the label of organizationInfo.tradeName (steps/companyDetails.schema.json): “Trade name”. Write the Arabic text beside the English before publishing.',
    );
  });

  it('a rewritten English text whose Arabic is the published one is out of date; a new Arabic fixes it', () => {
    const ui = clone(UI);
    ui.organizationInfo.companyName['ui:help'] = 'As on the trade license.';
    const stale = draft({ [UI]: ui });
    expect(draftTranslationIssues(base, stale.files, stale.changed, 'ar')).toEqual([
      { file: UI, pointer: '/organizationInfo/companyName/ui:help', english: 'As on the trade license.', kind: 'stale', what: 'the help text of organizationInfo.companyName (steps/companyDetails.ui.json)' },
    ]);
    const catalogue = clone('i18n/ar.json');
    catalogue.texts[UI]['/organizationInfo/companyName/ui:help'] = 'كما هو مكتوب في الرخصة التجارية.';
    const fixed = draft({ [UI]: ui, 'i18n/ar.json': catalogue });
    expect(draftTranslationIssues(base, fixed.files, fixed.changed, 'ar')).toEqual([]);
  });

  it('a translation deleted from the catalogue is missing; a change that touches no text needs nothing', () => {
    const catalogue = clone('i18n/ar.json');
    delete catalogue.texts[SCHEMA]['/properties/organizationInfo/properties/companyName/title'];
    const removed = draft({ 'i18n/ar.json': catalogue });
    expect(draftTranslationIssues(base, removed.files, removed.changed, 'ar').map((i) => `${i.kind} ${i.file}#${i.pointer}`)).toEqual([
      `missing ${SCHEMA}#/properties/organizationInfo/properties/companyName/title`,
    ]);
    const schema = clone(SCHEMA);
    schema.properties.organizationInfo.properties.companyName.maxLength = 45;
    const limitOnly = draft({ [SCHEMA]: schema });
    expect(draftTranslationIssues(base, limitOnly.files, limitOnly.changed, 'ar')).toEqual([]);
  });

  it('a new list option needs its Arabic; the list title too for a new list', () => {
    const list = { name: 'branches', title: 'Branches', options: [{ value: 'DXB', label: 'Dubai Mall' }] };
    const { files, changed } = draft({ 'lists/branches.json': list });
    expect(draftTranslationIssues(base, files, changed, 'ar').map((i) => `${i.kind} ${i.what}`)).toEqual([
      'missing option DXB of list branches (lists/branches.json)',
      'missing the title of list branches (lists/branches.json)',
    ]);
    const catalogue = clone('i18n/ar.json');
    catalogue.lists = { ...catalogue.lists, branches: { title: 'الفروع', options: { DXB: 'دبي مول' } } };
    const translated = draft({ 'lists/branches.json': list, 'i18n/ar.json': catalogue });
    expect(draftTranslationIssues(base, translated.files, translated.changed, 'ar')).toEqual([]);
  });

  it('names texts in words', () => {
    expect(describeText(SCHEMA, '/properties/organizationInfo/errorMessage/required/companyName')).toBe(`the message when companyName is not filled (${SCHEMA})`);
    expect(describeText(UI, '/organizationInfo/companyName/ui:placeholder')).toBe(`the placeholder of organizationInfo.companyName (${UI})`);
  });
});

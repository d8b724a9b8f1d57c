import { describe, expect, it } from 'vitest';
import { readContentDir } from '../../../src/content/readContentDir';
import { changedFiles, listsUsedBy, newDraft, pretty, schemaPath, uiPath, withDraft } from '../../../src/app/features/studio/draft';
import { addField, editField, listFields, newFieldProblems, readField } from '../../../src/app/features/studio/fields';
import { jsonLocations, rangeOf } from '../../../src/app/features/studio/jsonLocations';
import { lintContentFile } from '../../../src/app/features/studio/schemaLint';
import { buildPreview } from '../../../src/app/features/studio/preview';
import { previewStepValidator } from '../precompiled';

const files = await readContentDir();
const schema = files[schemaPath('companyDetails')] as Record<string, unknown>;
const ui = files[uiPath('companyDetails')] as Record<string, unknown>;
const companyName = ['organizationInfo', 'companyName'];
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- schema surgery in tests
type Loose = Record<string, any>;

describe('studio form view (fields.ts)', () => {
  it('lists nested fields and reads a field as the repo writes it', () => {
    const keys = listFields(schema).map((f) => f.key);
    expect(keys).toContain('organizationInfo.companyName');
    expect(keys).toContain('orgKYCDetails.companyCategory');
    expect(readField(schema, ui, companyName)).toMatchObject({
      label: 'Company name',
      required: true,
      requiredMessage: 'Company name is not filled',
      maxLength: 50,
      messages: { maxLength: 'Company name is too long: use at most 50 characters', pattern: "Company name may only contain Latin letters (A-Z), digits, spaces and . , @ # % * ( ) / & ' -: remove other characters" },
    });
  });

  it('changes a max length, keeps the message in step (standard or custom), and takes a custom message', () => {
    const a = editField(schema, ui, companyName, { maxLength: 40 });
    expect(readField(a.schema, a.ui, companyName)).toMatchObject({ maxLength: 40, messages: { maxLength: 'Company name is too long: use at most 40 characters' } });
    const b = editField(a.schema, a.ui, companyName, { messages: { maxLength: 'Company name: at most 40 characters' } });
    // A custom message that states the limit follows it too: an applicant never reads "40" under a limit of 30.
    const c = editField(b.schema, b.ui, companyName, { maxLength: 30 });
    expect(readField(c.schema, c.ui, companyName)?.messages.maxLength).toBe('Company name: at most 30 characters');
    const d = editField(b.schema, b.ui, companyName, { messages: { maxLength: 'Too long for the licence register' } });
    expect(readField(editField(d.schema, d.ui, companyName, { maxLength: 30 }).schema, d.ui, companyName)?.messages.maxLength).toBe('Too long for the licence register');
    expect(readField(schema, ui, companyName)?.maxLength).toBe(50); // the input is left untouched
  });

  it('renames the field in its messages when the label changes, then a new limit still reaches the message', () => {
    const renamed = editField(schema, ui, companyName, { label: 'Registered company name' });
    expect(readField(renamed.schema, renamed.ui, companyName)).toMatchObject({
      label: 'Registered company name',
      requiredMessage: 'Registered company name is not filled',
      messages: { maxLength: 'Registered company name is too long: use at most 50 characters', minLength: 'Registered company name is not filled' },
    });
    // The QA walk's order: the label first, then the limit (the message used to keep "Company name ... 50").
    const limited = editField(renamed.schema, renamed.ui, companyName, { maxLength: 40 });
    expect(readField(limited.schema, limited.ui, companyName)?.messages.maxLength).toBe('Registered company name is too long: use at most 40 characters');
    // Whole words only: a label inside another word is left alone.
    const vat = ['organizationInfo', 'vatRegistrationNumber'];
    const on = editField(schema, ui, vat, { required: true, requiredMessage: 'VAT registration numbers (VATs) are needed' });
    const off = editField(on.schema, on.ui, vat, { label: 'VAT' });
    expect(readField(off.schema, off.ui, vat)?.requiredMessage).toBe('VAT registration numbers (VATs) are needed');
  });

  it("renames the field in its own rules' messages too, and edits them by their place under the field", () => {
    const renamed = editField(schema, ui, companyName, { label: 'Registered company name' });
    const node = (renamed.schema as Loose).properties.organizationInfo.properties.companyName;
    expect(node['x-trimmed']).toBe('Registered company name should not start or end with a space: remove the space');
    const edited = editField(renamed.schema, renamed.ui, companyName, { keywordMessages: { '/x-trimmed': 'Remove the spaces around the registered company name' } });
    expect((edited.schema as Loose).properties.organizationInfo.properties.companyName['x-trimmed']).toBe('Remove the spaces around the registered company name');
    // A rule with several messages (a date's limits): each by its place; a place with no message is left alone.
    const license = files[schemaPath('companyLicense')] as Loose;
    const expiry = ['organizationInfo', 'licenseExpiryDate'];
    const before = license.properties.organizationInfo.properties.licenseExpiryDate['x-date'] as Loose[];
    const dated = editField(license, files[uiPath('companyLicense')] as Loose, expiry, { keywordMessages: { '/x-date/0/message': 'The license has expired', '/x-date/0/nothing': 'x' } });
    const after = (dated.schema as Loose).properties.organizationInfo.properties.licenseExpiryDate['x-date'] as Loose[];
    expect(after[0]).toEqual({ ...before[0], message: 'The license has expired' });
    expect(after.slice(1)).toEqual(before.slice(1));
  });

  it('toggles required with its message on the parent and minLength for texts', () => {
    const path = ['organizationInfo', 'vatRegistrationNumber'];
    const on = editField(schema, ui, path, { required: true });
    expect(readField(on.schema, on.ui, path)).toMatchObject({ required: true, requiredMessage: 'VAT registration number is not filled', messages: { minLength: 'VAT registration number is not filled' } });
    const off = editField(on.schema, on.ui, path, { required: false });
    expect(readField(off.schema, off.ui, path)).toMatchObject({ required: false });
    expect(readField(off.schema, off.ui, path)?.messages.minLength).toBeUndefined();
  });

  it('edits help in the UI schema and adds an optional field to schema and UI order', () => {
    const h = editField(schema, ui, companyName, { help: 'As on the licence' });
    expect(readField(h.schema, h.ui, companyName)?.help).toBe('As on the licence');
    expect(newFieldProblems(schema, ['organizationInfo'], { name: 'companyName', type: 'string', label: 'X' })).toContain('A field named companyName already exists here');
    expect(newFieldProblems(schema, ['organizationInfo'], { name: '1bad', type: 'string', label: '' })).toHaveLength(2);
    const n = addField(schema, ui, ['organizationInfo'], { name: 'tradeName', type: 'string', label: 'Trade name', maxLength: 30 });
    expect(readField(n.schema, n.ui, ['organizationInfo', 'tradeName'])).toMatchObject({ label: 'Trade name', required: false, maxLength: 30 });
    const order = (n.ui.organizationInfo as { 'ui:order': string[] })['ui:order'];
    expect(order.indexOf('tradeName')).toBe(order.indexOf('*') - 1);
  });
});

describe('studio lint (lint.ts)', () => {
  const path = schemaPath('companyDetails');
  it('accepts the published schema', () => {
    expect(lintContentFile(path, pretty(schema), files)).toEqual([]);
  });
  it('reports JSON syntax at the character', () => {
    const [d] = lintContentFile(path, '{ "a": 1,, }', files);
    expect(d?.message).toMatch(/JSON syntax/);
    expect(d?.from).toBeGreaterThan(0);
  });
  it('reports draft-07 meta-schema errors at the value', () => {
    const bad = structuredClone(schema) as Loose;
    bad.properties.organizationInfo.properties.companyName.maxLength = 'forty';
    const text = pretty(bad);
    const [d] = lintContentFile(path, text, files);
    expect(d?.message).toMatch(/draft-07/);
    expect(text.slice(d!.from, d!.to)).toBe('"forty"');
  });
  it('reports misuse of our keywords and unknown keywords (compile errors)', () => {
    const bad = structuredClone(schema) as Loose;
    bad.properties.orgKYCDetails.properties.companyCategory['x-list'] = { message: 'no list' };
    expect(lintContentFile(path, pretty(bad), files)[0]?.message).toMatch(/x-list/);
    const typo = structuredClone(schema) as Loose;
    typo.properties.organizationInfo.properties.companyName.maxLenght = 3;
    expect(lintContentFile(path, pretty(typo), files)[0]?.message).toMatch(/maxLenght/);
  });
  it('checks the $id and the shape of lists', () => {
    expect(lintContentFile(path, pretty({ ...schema, $id: 'x' }), files)[0]?.message).toMatch(/\$id/);
    expect(lintContentFile('lists/emirate.json', pretty({ name: 'emirate', options: [{ value: 'A', label: 'A' }, { value: 'A', label: 'B' }] }), files)[0]?.message).toMatch(/Duplicate/);
  });
  it('locates pointers in JSON text', () => {
    const text = '{\n  "a": { "b/c": [1, "x"] }\n}';
    const loc = jsonLocations(text);
    const r = loc.get('/a/b~1c/1')!;
    expect(text.slice(r.from, r.to)).toBe('"x"');
    expect(text.slice(rangeOf(loc, '/a/missing').from, rangeOf(loc, '/a/missing').to)).toBe('{ "b/c": [1, "x"] }');
  });
});

describe('studio draft and preview', () => {
  it('a new draft holds the step files, its lists and the Arabic catalogue (edited beside the English); only real changes are sent', () => {
    const draft = newDraft('companyDetails', 1, files);
    expect(Object.keys(draft.texts)).toEqual([schemaPath('companyDetails'), uiPath('companyDetails'), 'lists/companyCategory.json', 'i18n/ar.json']);
    expect(listsUsedBy(schema)).toEqual(['companyCategory']);
    expect(changedFiles(draft, files)).toEqual({ files: {}, unparsable: [] });
    const edited = editField(schema, ui, companyName, { maxLength: 40 });
    draft.texts[schemaPath('companyDetails')] = pretty(edited.schema);
    draft.texts[uiPath('companyDetails')] = '{ broken';
    const changed = changedFiles(draft, files);
    expect(Object.keys(changed.files)).toEqual([schemaPath('companyDetails')]);
    expect(changed.unparsable).toEqual([uiPath('companyDetails')]);
  });

  it('the preview validates the draft with the applicant messages', () => {
    const edited = editField(schema, ui, companyName, { maxLength: 40, messages: { maxLength: 'At most 40 characters' } });
    const draft = newDraft('companyDetails', 1, files);
    draft.texts[schemaPath('companyDetails')] = pretty(edited.schema);
    const model = buildPreview(withDraft(files, draft), 'companyDetails');
    const data = { ...model.initialData, organizationInfo: { companyName: 'A'.repeat(45), noOfEmployees: 3 }, orgKYCDetails: { companyCategory: 'x' } };
    // The validators the server generates for the draft's step (POST /api/studio/preview), as the preview loads them.
    const errors = previewStepValidator(withDraft(files, draft), 'companyDetails').fieldErrors(model.step.schema, data);
    expect(errors).toContainEqual(expect.objectContaining({ path: '/organizationInfo/companyName', message: 'At most 40 characters' }));
  });

  it('the preview refuses a draft that does not build', () => {
    expect(() => buildPreview({ ...files, [schemaPath('companyDetails')]: { ...schema, $id: 'wrong' } }, 'companyDetails')).toThrow(/\$id/);
  });
});

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fieldOrder, helpFollowingLimit, moveField, readField, removalWarnings, removeField } from '../../../src/app/features/studio/fields';
import { addOption, deleteOption, importCsv, moveOption, renameOption, retireOption } from '../../../src/app/features/studio/listEdit';
import { readLogic, relativeVar, writeLogic } from '../../../src/app/features/studio/logicEdit';
import { addPaletteField, keyFromLabel } from '../../../src/app/features/studio/palette';
import { evaluateUiLogic } from '../../../src/validation/logic';
import { createAjv } from '../../../src/validation/createAjv';

type Json = Record<string, unknown>;
const root = join(import.meta.dirname, '..', '..', '..', 'schemas');
const read = (p: string) => JSON.parse(readFileSync(join(root, p), 'utf8')) as Json;
const schema = read('steps/companyDetails.schema.json');
const ui = read('steps/companyDetails.ui.json');
const org = (s: Json) => (s.properties as { organizationInfo: { properties: Record<string, Json>; required: string[] } }).organizationInfo;

describe('field palette', () => {
  it('derives a free camelCase key from the label', () => {
    expect(keyFromLabel('Preferred branch (city)', [])).toBe('preferredBranchCity');
    expect(keyFromLabel('Company name', ['companyName'])).toBe('companyName2');
    expect(keyFromLabel('2nd address', [])).toBe('field2ndAddress');
    expect(keyFromLabel('***', [])).toBe('field');
  });

  it('adds every kind as a schema the project compiles, required at the chosen place', () => {
    const lists = { companyCategory: { name: 'companyCategory', title: 'Category', options: [{ value: 'CT', label: 'Trust' }] }, countryCode: read('lists/countryCode.json') as never };
    const kinds = ['text', 'number', 'amount', 'date', 'yesno', 'choice', 'multichoice', 'phone', 'email', 'emiratesId', 'upload'] as const;
    let s = schema;
    let u = ui;
    for (const kind of kinds) {
      const next = addPaletteField(s, u, ['organizationInfo'], { kind, label: `New ${kind}`, required: true, list: 'companyCategory', position: 1 }, Object.keys(lists));
      s = next.schema;
      u = next.ui;
      expect(org(s).required).toContain(next.key);
      // A phone number's country code goes before it.
      expect(fieldOrder(s, u, ['organizationInfo'])[kind === 'phone' ? 2 : 1]).toBe(next.key);
    }
    const validate = createAjv({ lists }).compile(s);
    validate({ organizationInfo: {} });
    const missing = (validate.errors ?? []).map((e) => e.message);
    expect(missing).toContain('New text is not filled');
    expect(missing).toContain('New choice is not filled');
    // The phone number brings its country code and the x-phone rule.
    expect((s.properties as { organizationInfo: Json }).organizationInfo['x-phone']).toMatchObject({ code: 'newPhoneCountryCode', number: 'newPhone', kind: 'mobile' });
  });
});

describe('field order and removal', () => {
  it('moves within the applicant order and warns before removing a required field', () => {
    const moved = moveField(schema, ui, ['organizationInfo', 'noOfEmployees'], -1);
    expect(fieldOrder(schema, moved, ['organizationInfo']).slice(0, 3)).toEqual(['companyName', 'noOfEmployees', 'vatRegistrationNumber']);
    expect(removalWarnings(schema, ui, ['organizationInfo', 'companyName'])).toContainEqual({ id: 'studio.remove.required', values: { label: 'Company name' } });
    const removed = removeField(schema, ui, ['organizationInfo', 'companyName']);
    expect(org(removed.schema).properties.companyName).toBeUndefined();
    expect(org(removed.schema).required).toEqual(['noOfEmployees']);
    expect(fieldOrder(removed.schema, removed.ui, ['organizationInfo'])).not.toContain('companyName');
  });

  it('removes the conditions that read a removed field', () => {
    const withLogic = writeLogic(ui, ['organizationInfo', 'corporateTaxIdRegDate'], 'visibleWhen', { source: ['organizationInfo', 'corporateTaxId'], op: 'filled' });
    const { ui: after } = removeField(schema, withLogic, ['organizationInfo', 'corporateTaxId']);
    expect((after.organizationInfo as Json).corporateTaxIdRegDate).not.toHaveProperty('ui:logic');
  });

  it('lets help text follow a changed limit, and only the number of that limit', () => {
    expect(helpFollowingLimit('Up to 50 characters; 50 is plenty.', 50, 40, /characters?\b/)).toBe('Up to 40 characters; 50 is plenty.');
    expect(readField(schema, ui, ['organizationInfo', 'companyName'])?.placeholder).toBe('Company name');
  });
});

describe('list editor', () => {
  const list = { name: 'branches', title: 'Branches', options: [{ value: 'DXB', label: 'Dubai' }] };
  it('adds, renames, reorders and retires; a published code cannot be deleted', () => {
    let l = addOption(list, 'Abu Dhabi Corniche');
    expect(l.options[1]).toEqual({ value: 'ABU_DHABI_CORNICHE', label: 'Abu Dhabi Corniche' });
    l = renameOption(moveOption(l, 1, -1), 0, 'Abu Dhabi');
    expect(l.options.map((o) => o.label)).toEqual(['Abu Dhabi', 'Dubai']);
    l = retireOption(l, 1, true);
    expect(l.options[1]).toEqual({ value: 'DXB', label: 'Dubai', retired: true });
    expect(() => deleteOption(l, 1, list)).toThrow(/studio\.list\.published/);
    expect(deleteOption(l, 0, list).options).toHaveLength(1);
  });

  it('imports CSV: a header is skipped, known codes renamed, new ones added, quotes understood', () => {
    const r = importCsv(list, 'code,label\nDXB,Dubai Mall\nSHJ,"Sharjah, City Centre"\nAjman');
    expect(r.list.options).toEqual([
      { value: 'DXB', label: 'Dubai Mall' },
      { value: 'SHJ', label: 'Sharjah, City Centre' },
      { value: 'AJMAN', label: 'Ajman' },
    ]);
    expect([r.added, r.renamed]).toEqual([2, 1]);
  });
});

describe('logic editor', () => {
  it('writes "show when" with var paths the engine resolves, and reads them back', () => {
    expect(relativeVar(['organizationInfo', 'x'], ['organizationInfo', 'y'])).toBe('y');
    expect(relativeVar(['organizationInfo', 'x'], ['orgKYCDetails', 'companyCategory'])).toBe('../orgKYCDetails/companyCategory');
    const target = ['organizationInfo', 'corporateTaxIdRegDate'];
    const next = writeLogic(ui, target, 'visibleWhen', { source: ['orgKYCDetails', 'companyCategory'], op: 'is', value: 'CT' });
    expect(readLogic(next, target, 'visibleWhen')).toEqual({ source: ['orgKYCDetails', 'companyCategory'], op: 'is', value: 'CT' });
    const hidden = (category: string) => evaluateUiLogic(next, { organizationInfo: {}, orgKYCDetails: { companyCategory: category } }).hidden;
    expect(hidden('CT').has('/organizationInfo/corporateTaxIdRegDate')).toBe(false);
    expect(hidden('LLC').has('/organizationInfo/corporateTaxIdRegDate')).toBe(true);
    expect(readLogic(writeLogic(next, target, 'visibleWhen', null), target, 'visibleWhen')).toBeUndefined();
  });
});

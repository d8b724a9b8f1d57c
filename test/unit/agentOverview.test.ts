import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileNameOf, documentGroups } from '../../src/app/features/agent/documents';
import { editingBlock } from '../../src/shared/editingBlock';
import { extraErrorsOf, fieldErrorsOf } from '../../src/app/features/agent/fieldErrors';
import { prospectOverview, stepRows } from '../../src/app/features/agent/prospectOverview';
import { buildContent } from '../../src/content/buildContent';
import { buildConfigDocument } from '../../src/content/configDocument';
import { readContentDir } from '../../src/content/readContentDir';
import { ApiRequestError } from '../../src/app/lib/secureFetch';

const root = join(import.meta.dirname, '..', '..');
const content = buildContent(await readContentDir());
const config = buildConfigDocument(content, { role: 'agent', schemaVersion: 1 });
const soleProprietor = JSON.parse(readFileSync(join(root, 'fixtures', 'prospect', 'soleProprietor.json'), 'utf8')).data as Record<string, unknown>;

describe('prospectOverview: the agent reads the whole application by the steps\' titles', () => {
  const overview = prospectOverview(config, soleProprietor);
  const rows = overview.sections.flatMap((s) => s.rows);

  it('lists sections in flow order, titled by flow and step, with labels from the schemas', () => {
    expect(overview.sections[0]!.title).toBe('Basic Information');
    const company = overview.sections.find((s) => s.title === 'Company Information: Company Details');
    expect(company).toBeDefined();
    const name = company!.rows.find((r) => r.path === '/organizationInfo/companyName');
    expect(name).toMatchObject({ label: 'Company name', value: (soleProprietor.organizationInfo as Record<string, unknown>).companyName });
  });

  it('shows every filled leaf once, with list labels instead of codes', () => {
    const paths = rows.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    const country = rows.find((r) => r.path === '/applicantInfo/countryCode');
    expect(country?.value).not.toBe('');
  });

  it('lists each stakeholder with the sections of its flows', () => {
    expect(overview.stakeholders.length).toBe((soleProprietor.signatoryInfo as unknown[]).length);
    expect(overview.stakeholders[0]!.sections.length).toBeGreaterThan(0);
    expect(overview.stakeholders[0]!.sections[0]!.rows.every((r) => r.path.startsWith('/signatoryInfo/0/'))).toBe(true);
  });

  it('formats yes/no and numbers arrays of objects by index', () => {
    const step = {
      schema: {
        type: 'object',
        properties: {
          flag: { type: 'boolean', title: 'Flag' },
          rows: { type: 'array', title: 'Row', items: { type: 'object', properties: { v: { type: 'string', title: 'Value' } } } },
          hiddenOne: { type: 'string', title: 'Hidden' },
        },
      },
      uiSchema: { hiddenOne: { 'ui:widget': 'hidden' } },
    };
    expect(stepRows(config, step, { flag: true, rows: [{ v: 'a' }, { v: 'b' }], hiddenOne: 'x' })).toEqual([
      { path: '/flag', label: 'Flag', value: 'Yes' },
      { path: '/rows/0/v', label: 'Row 1 · Value', value: 'a' },
      { path: '/rows/1/v', label: 'Row 2 · Value', value: 'b' },
    ]);
  });
});

describe('editingBlock: RO_EDITING / BLOCK_EDITING stop the agent\'s edits', () => {
  it('finds the reason in the status or the screening sections', () => {
    expect(editingBlock({ prospectStatusInfo: { statusReason: 'RO_EDITING' } })?.reason).toBe('RO_EDITING');
    expect(editingBlock({ screeningInfo: { screeningResults: [{ screeningReason: 'block_editing' }] } })?.reason).toBe('BLOCK_EDITING');
    expect(editingBlock({}, { screeningResults: [{ screeningReason: 'RO_EDITING' }] })?.reason).toBe('RO_EDITING');
  });
  it('prefers BLOCK_EDITING and is null otherwise', () => {
    expect(editingBlock({ prospectStatusInfo: { statusReason: 'RO_EDITING', reasonCode: 'BLOCK_EDITING' } })?.reason).toBe('BLOCK_EDITING');
    expect(editingBlock({ prospectStatusInfo: { statusReason: 'Dedupe Check' } })).toBeNull();
    expect(editingBlock(soleProprietor)).toBeNull();
  });
});

describe('server answers on the page', () => {
  it('maps FieldsValidation errors to fields and the form', () => {
    const error = new ApiRequestError(400, {
      errorType: 'FieldsValidation',
      errors: [
        { errorCode: 'REQUIRED', field: 'searchInfo', message: 'Enter at least one search criterion' },
        { errorCode: 'PATTERN', field: 'body.mobileNo', message: 'must match pattern' },
      ],
    });
    const fields = fieldErrorsOf(error, 'searchInfo', 'body');
    expect(fields).toEqual({ '': ['Enter at least one search criterion'], mobileNo: ['must match pattern'] });
    expect(extraErrorsOf(fields)).toEqual({ __errors: ['Enter at least one search criterion'], mobileNo: { __errors: ['must match pattern'] } });
    expect(fieldErrorsOf(new ApiRequestError(500, undefined), 'body')).toBeUndefined();
  });

  it('reads the file name of a download, RFC 6266 form first', () => {
    expect(fileNameOf(`attachment; filename="my passport.pdf"; filename*=UTF-8''my%20passport.pdf`, 'x')).toBe('my passport.pdf');
    expect(fileNameOf('attachment; filename="a.pdf"', 'x')).toBe('a.pdf');
    expect(fileNameOf(null, 'fallback.pdf')).toBe('fallback.pdf');
  });

  it('groups the documents answer', () => {
    const groups = documentGroups({
      companyDocuments: { documents: [{ documentKey: 'TradeLicense-1', documentTitle: 'Trade licence' }] },
      stakeholdersDocuments: { a: { signatoryId: 'a', signatoryName: 'Ali', documents: [{ documentKey: 'Passport-1' }] } },
      kycAnnexureDocuments: [],
    });
    expect(groups.map((g) => g.title)).toEqual(['Company documents', 'Stakeholder documents: Ali']);
  });
});

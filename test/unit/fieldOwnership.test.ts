import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { addField, newFieldProblems } from '../../src/app/features/studio/fields';
import { buildContent } from '../../src/content/buildContent';
import type { BuiltContent, ContentFiles } from '../../src/content/contentTypes';
import { fieldLabel, fieldMap, ownedFields } from '../../src/content/fieldMap';
import { readContentDir } from '../../src/content/readContentDir';
import { enforceFieldOwnership, WRITES } from '../../src/server/prospects/fieldOwnership';
import { ownershipCoreProblems } from '../../src/server/studio/protectedOwnership';
import { schemaFileProblems } from '../../src/server/studio/schemaChecks';
import { createAjv } from '../../src/validation/createAjv';

type Json = Record<string, unknown>;
const root = join(import.meta.dirname, '..', '..');
const prospects = readdirSync(join(root, 'fixtures', 'prospect'))
  .flatMap((f) => ([JSON.parse(readFileSync(join(root, 'fixtures', 'prospect', f), 'utf8'))].flat() as Json[]).map((fx) => ({ ...fx, file: f }) as Json & { file: string }))
  .filter((fx) => fx.data && typeof fx.data === 'object');

let files: ContentFiles;
let content: BuiltContent;
beforeAll(async () => {
  files = await readContentDir();
  content = buildContent(files);
});

const stored = (): Json => ({
  generalInfo: { prospectId: 'SME1234' },
  applicantInfo: { fullName: 'Aisha', validRoCode: 'N', LeadSource: 'Direct', roCode: 'RO1' },
  signatoryInfo: [{ signatoryId: 's1', firstName: 'Aisha', signatoryPingType: 'Active' }],
  freeFieldsInfo: { freeField5: '{"completedSteps":[]}' },
});

describe('the field map of schemas/', () => {
  it('has no problems, and gives the server and agents the fields the specification says are theirs', () => {
    const map = fieldMap(content);
    expect(map.problems).toEqual([]);
    const owned = Object.fromEntries(ownedFields(map).map((f) => [f.pointer, f.writer]));
    expect(owned).toMatchObject({
      '/applicantInfo/validRoCode': 'server',
      '/applicantInfo/LeadSource': 'server',
      '/applicantInfo/roCode': 'server',
      '/generalInfo': 'server',
      '/prospectStatusInfo': 'server',
      '/screeningInfo': 'server',
      '/documents': 'server',
      '/freeFieldsInfo': 'server',
      '/accountInfo/*/accountNo': 'server',
      '/kycAnnexure': 'agent',
      '/signatoryInfo/*/signatoryPingType': 'agent',
    });
  });

  it('knows every key of every complete application in fixtures/prospect (the 50-stakeholder one included)', () => {
    expect(prospects.length).toBeGreaterThanOrEqual(4);
    for (const fx of prospects) {
      // A copy: the stored objects themselves would pass untouched, unread (see the test of what is shared below).
      const { errors } = enforceFieldOwnership(fieldMap(content), fx.data as Json, structuredClone(fx.data) as Json, WRITES.agent);
      expect(errors, `${fx.file}: ${String(fx.description)}`).toEqual([]);
    }
  });

  it('keeps the unchanged data of a field a rollback removed, and refuses a changed or new value of it', () => {
    const held = { ...stored(), organizationInfo: { companyName: 'Falcon', preferredBranch: 'DUBAI_MALL' } };
    const same = enforceFieldOwnership(fieldMap(content), held, structuredClone(held), WRITES.applicant);
    expect(same.errors).toEqual([]);
    expect(same.document.organizationInfo).toEqual({ companyName: 'Falcon', preferredBranch: 'DUBAI_MALL' });
    const changed = enforceFieldOwnership(fieldMap(content), held, { ...held, organizationInfo: { companyName: 'Falcon', preferredBranch: 'OTHER' } }, WRITES.applicant);
    expect(changed.errors.map((e) => [e.path, e.keyword])).toEqual([['/organizationInfo/preferredBranch', 'unknown_field']]);
    const added = enforceFieldOwnership(fieldMap(content), stored(), { ...stored(), organizationInfo: { preferredBranch: 'DUBAI_MALL' } }, WRITES.applicant);
    expect(added.errors.map((e) => e.keyword)).toEqual(['unknown_field']);
  });

  it('refuses keys no schema declares, prototype names included, wherever they are', () => {
    const next = JSON.parse(
      '{"_links": {"self": "x"}, "status": "SUBMITTED", "applicantInfo": {"fullName": "Aisha", "__proto__": {"x": 1}}, "organizationInfo": {"constructor": "x"}, "signatoryInfo": [{"signatoryId": "s1", "invented": true}]}',
    ) as Json;
    const { errors } = enforceFieldOwnership(fieldMap(content), stored(), next, WRITES.applicant);
    expect(errors.map((e) => [e.path, e.keyword])).toEqual([
      ['/_links', 'unknown_field'],
      ['/status', 'unknown_field'],
      ['/applicantInfo/__proto__', 'unknown_field'],
      ['/organizationInfo/constructor', 'unknown_field'],
      ['/signatoryInfo/0/invented', 'unknown_field'],
    ]);
  });

  it("refuses a changed value of a field the caller does not own, accepts it unchanged, and keeps it when left out", () => {
    const map = fieldMap(content);
    const forged = { ...stored(), applicantInfo: { fullName: 'Aisha', validRoCode: 'Y', LeadSource: 'Direct', roCode: 'RO1' } };
    expect(enforceFieldOwnership(map, stored(), forged, WRITES.applicant).errors).toEqual([
      { path: '/applicantInfo/validRoCode', keyword: 'not_writable', message: 'Valid agent code is set by the bank and cannot be changed' },
    ]);
    expect(enforceFieldOwnership(map, stored(), forged, WRITES.agent).errors.map((e) => e.path)).toEqual(['/applicantInfo/validRoCode']);
    expect(enforceFieldOwnership(map, stored(), stored(), WRITES.applicant).errors).toEqual([]);
    const leftOut = { applicantInfo: { fullName: 'Aisha B' }, signatoryInfo: [{ signatoryId: 's1', firstName: 'Aisha' }] };
    const { errors, document } = enforceFieldOwnership(map, stored(), leftOut, WRITES.applicant);
    expect(errors).toEqual([]);
    expect(document.applicantInfo).toEqual({ fullName: 'Aisha B', validRoCode: 'N', LeadSource: 'Direct', roCode: 'RO1' });
    expect(document.signatoryInfo).toEqual([{ signatoryId: 's1', firstName: 'Aisha', signatoryPingType: 'Active' }]);
  });

  it('gives back the stored objects where the result equals them: a full save shares its unchanged parts as a patch does', () => {
    const map = fieldMap(content);
    const fifty = prospects.find((fx) => fx.file === 'fiftyStakeholders.json')!.data as Json;
    const sent = structuredClone(fifty);
    const people = sent.signatoryInfo as Json[];
    people[25] = { ...people[25], firstName: 'Changed' };
    const { errors, document } = enforceFieldOwnership(map, fifty, sent, WRITES.applicant);
    expect(errors).toEqual([]);
    expect(document).toEqual(sent);
    for (const key of Object.keys(fifty).filter((k) => k !== 'signatoryInfo')) expect(document[key], key).toBe(fifty[key]);
    const list = document.signatoryInfo as Json[];
    const storedList = fifty.signatoryInfo as Json[];
    expect(list).not.toBe(storedList);
    expect(list[25]).not.toBe(storedList[25]);
    expect(list[25]!.kycDetails).toBe(storedList[25]!.kycDetails);
    expect(list.filter((p, i) => p !== storedList[i])).toHaveLength(1);
    // Unchanged throughout: the stored document itself; a forged value is still refused, whatever is shared.
    expect(enforceFieldOwnership(map, fifty, structuredClone(fifty), WRITES.applicant).document).toBe(fifty);
    const forged = { ...fifty, applicantInfo: { ...(fifty.applicantInfo as Json), validRoCode: 'Y' } };
    expect(enforceFieldOwnership(map, fifty, forged, WRITES.applicant).errors.map((e) => e.path)).toEqual(['/applicantInfo/validRoCode']);
  });

  it('lets an agent write agent fields but not the applicant, matching stakeholders by their id', () => {
    const map = fieldMap(content);
    const moved = { signatoryInfo: [{ signatoryId: 's0' }, { signatoryId: 's1', firstName: 'Aisha', signatoryPingType: 'Passive' }] };
    expect(enforceFieldOwnership(map, stored(), moved, WRITES.agent).errors).toEqual([]);
    expect(enforceFieldOwnership(map, stored(), moved, WRITES.applicant).errors.map((e) => e.path)).toEqual(['/signatoryInfo/1/signatoryPingType']);
  });
});

describe('field labels for the audit trail', () => {
  it('names a stakeholder by the stakeholder list and a field by its own title, never by a page title or another step’s list', () => {
    const map = fieldMap(content);
    const marital = fieldLabel(map, '/signatoryInfo/0/personalDetails/maritalStatus');
    expect(marital).toMatch(/^Company Stakeholders 1 · /);
    expect(marital).not.toMatch(/Name on debit card|Personal Information/);
    expect(fieldLabel(map, '/signatoryInfo/1')).toBe('Company Stakeholders 2');
    expect(fieldLabel(map, '/signatoryInfo/0/personalDetails')).toBe('Company Stakeholders 1 · personalDetails');
    expect(fieldLabel(map, '/organizationInfo/companyName')).toBe('Company name');
  });
});

describe('x-writer in the schemas', () => {
  it('is checked by its meta-schema: an unknown writer does not compile and is a studio problem', () => {
    const schema = { $id: 'https://quickapply.example/schemas/steps/x.schema.json', type: 'object', properties: { a: { type: 'string', 'x-writer': 'bank' } } };
    expect(() => createAjv().compile(schema)).toThrow(/x-writer/);
    const problems = schemaFileProblems({ ...files, 'steps/x.schema.json': schema }, ['steps/x.schema.json']);
    expect(problems.map((p) => p.pointer)).toContain('/properties/a/x-writer');
  });

  it('keeps schemas closed: opening an object the applicant writes, or two writers for one field, is a problem', () => {
    const step = structuredClone(files['steps/companyDetails.schema.json']) as Json;
    const org = (step.properties as Json).organizationInfo as Json;
    org.additionalProperties = true;
    (org.properties as Json).companyName = { ...((org.properties as Json).companyName as Json), 'x-writer': 'agent' };
    const licence = structuredClone(files['steps/companyLicense.schema.json']) as Json;
    (((licence.properties as Json).organizationInfo as Json).properties as Json).companyName = { type: 'string', 'x-writer': 'server' };
    const map = fieldMap(buildContent({ ...files, 'steps/companyDetails.schema.json': step, 'steps/companyLicense.schema.json': licence }));
    expect(map.problems).toEqual(
      expect.arrayContaining([expect.stringMatching(/^\/organizationInfo: additionalProperties/), expect.stringMatching(/^\/organizationInfo\/companyName: written by/)]),
    );
  });
});

describe('the studio adding a field', () => {
  it('adds a declared property, which the field map then knows, and refuses prototype names', () => {
    const step = files['steps/companyDetails.schema.json'] as Json;
    expect(newFieldProblems(step, ['organizationInfo'], { name: 'constructor', type: 'string', label: 'C' })).toContain('constructor cannot be a field name');
    const { schema } = addField(step, {}, ['organizationInfo'], { name: 'tradeName', type: 'string', label: 'Trade name' });
    const map = fieldMap(buildContent({ ...files, 'steps/companyDetails.schema.json': schema }));
    expect(map.problems).toEqual([]);
    const before = { organizationInfo: {} };
    expect(enforceFieldOwnership(map, before, { organizationInfo: { tradeName: 'Falcon' } }, WRITES.applicant).errors).toEqual([]);
    expect(enforceFieldOwnership(fieldMap(content), before, { organizationInfo: { tradeName: 'Falcon' } }, WRITES.applicant).errors).toHaveLength(1);
  });
});

describe('the protected core of ownership', () => {
  it('holds in schemas/, and a draft that drops x-writer from validRoCode or the annexure is refused', () => {
    expect(ownershipCoreProblems(content)).toEqual([]);
    const server = structuredClone(files['serverFields.schema.json']) as Json;
    const applicant = ((server.properties as Json).applicantInfo as Json).properties as Json;
    applicant.validRoCode = { type: 'string' };
    const annexure = structuredClone(files['steps/kycAnnexure.schema.json']) as Json;
    delete ((annexure.properties as Json).kycAnnexure as Json)['x-writer'];
    const problems = ownershipCoreProblems(buildContent({ ...files, 'serverFields.schema.json': server, 'steps/kycAnnexure.schema.json': annexure }));
    expect(problems.map((p) => p.pointer)).toEqual(['/applicantInfo/validRoCode', '/kycAnnexure']);
  });
});

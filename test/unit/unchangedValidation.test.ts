import { describe, expect, it } from 'vitest';
import { buildContent } from '../../src/content/buildContent';
import { ContentValidator } from '../../src/content/contentValidator';
import { readContentDir } from '../../src/content/readContentDir';
import { CORE_SECTIONS } from '../../src/server/prospects/coreSchema';
import { validateProspect } from '../../src/server/prospects/prospectValidation';
import { prospectFieldsSections, schemaSections } from '../../src/server/prospects/stepSections';

/**
 * A save validates again only what may have changed since the validation that passed (saveProspect's
 * unchangedSteps): the steps, and the prospect's fields and the core's rules of every save, by the top-level
 * sections each reads.
 */
const content = buildContent(await readContentDir());
const validator = new ContentValidator(content);
const fields = (errors: { path: string }[]) => errors.map((e) => e.path);
const unchanged = (same: string[]) => ({ step: () => true, stakeholderList: true, sections: (names: ReadonlySet<string> | undefined) => !!names && [...names].every((k) => same.includes(k)) });

describe('the sections the prospect fields and the core read', () => {
  it('are read from their schemas: the account chosen for the one, identity, prospect id and stakeholders for the other', () => {
    expect([...prospectFieldsSections(content)!]).toEqual(['applicationInfo']);
    expect([...CORE_SECTIONS!].sort()).toEqual(['applicantInfo', 'generalInfo', 'signatoryInfo']);
    // A schema that may read any section (a $ref at the root, additionalProperties) gives none: it always runs.
    expect(schemaSections({ $ref: '#/definitions/x' })).toBeUndefined();
    expect(schemaSections({ properties: { a: {} }, additionalProperties: false })).toBeUndefined();
  });
});

describe('validateProspect with sections unchanged since a validation that passed', () => {
  // Wrong in the prospect's fields (an account type not offered) and in the core (no identity, no prospect id).
  const broken = { applicationInfo: { accountType: 'gold' }, applicantInfo: {}, signatoryInfo: [] };

  it('checks the prospect fields and the core when their sections changed, and not when they did not', () => {
    const all = fields(validateProspect(validator, broken));
    expect(all).toEqual(expect.arrayContaining(['/applicationInfo/accountType', '/applicantInfo/fullName', '/generalInfo']));
    const coreOnly = fields(validateProspect(validator, broken, { unchanged: unchanged(['applicationInfo']) }));
    expect(coreOnly).not.toContain('/applicationInfo/accountType');
    expect(coreOnly).toEqual(expect.arrayContaining(['/applicantInfo/fullName', '/generalInfo']));
    const fieldsOnly = fields(validateProspect(validator, broken, { unchanged: unchanged(['applicantInfo', 'generalInfo', 'signatoryInfo']) }));
    expect(fieldsOnly).toContain('/applicationInfo/accountType');
    expect(fieldsOnly.filter((p) => p.startsWith('/applicantInfo') || p.startsWith('/generalInfo'))).toEqual([]);
    // One of the core's sections changed: the core runs.
    expect(fields(validateProspect(validator, broken, { unchanged: unchanged(['applicantInfo', 'generalInfo']) }))).toContain('/generalInfo');
  });

  it('never skips the checks of a submit', () => {
    const submitted = fields(validateProspect(validator, broken, { submit: true, unchanged: unchanged(['applicationInfo', 'applicantInfo', 'generalInfo', 'signatoryInfo']) }));
    expect(submitted).toEqual(expect.arrayContaining(['/applicantInfo/fullName', '/generalInfo']));
  });
});

import { describe, expect, it } from 'vitest';
import { CONFLICT_TEXTS, dottedFieldPath, rebase, rebaseOnto } from '../../src/app/features/application/rebase';

/** The three-way merge a 409 or a page load uses to keep the applicant's edits (src/app/features/application/rebase.ts). */
describe('rebasing the applicant\'s edits onto the server\'s latest copy', () => {
  const base = { organizationInfo: { companyName: 'Falcon', noOfEmployees: 12 }, orgKYCDetails: { customerName: 'Acme' } };

  it('takes each side\'s own changes: nothing is a conflict when they touched different answers', () => {
    const local = { ...base, orgKYCDetails: { customerName: 'Acme', country: 'AE', yes: true } };
    const latest = { ...base, organizationInfo: { companyName: 'Falcon', noOfEmployees: 13 } };
    expect(rebase(base, local, latest)).toEqual({
      merged: { organizationInfo: { companyName: 'Falcon', noOfEmployees: 13 }, orgKYCDetails: { customerName: 'Acme', country: 'AE', yes: true } },
      conflicts: [],
    });
  });

  it('an answer changed on both sides to different values is a conflict, the applicant\'s value kept; to the same value it is not', () => {
    const local = { ...base, organizationInfo: { companyName: 'Mine', noOfEmployees: 20 } };
    const latest = { ...base, organizationInfo: { companyName: 'Theirs', noOfEmployees: 20 } };
    expect(rebase(base, local, latest)).toEqual({ merged: { ...base, organizationInfo: { companyName: 'Mine', noOfEmployees: 20 } }, conflicts: ['/organizationInfo/companyName'] });
  });

  it('an answer removed on one side and unchanged on the other is removed; added on both with different values conflicts', () => {
    const local = { organizationInfo: { companyName: 'Falcon' }, orgKYCDetails: { customerName: 'Acme', a: 1 } };
    const latest = { organizationInfo: { companyName: 'Falcon', noOfEmployees: 12 }, orgKYCDetails: { customerName: 'Acme', a: 2 } };
    expect(rebase<object>(base, local, latest)).toEqual({ merged: { organizationInfo: { companyName: 'Falcon' }, orgKYCDetails: { customerName: 'Acme', a: 1 } }, conflicts: ['/orgKYCDetails/a'] });
  });

  it('names a conflict as the field\'s dotted path, a stakeholder by its position in the merged copy', () => {
    const doc = { organizationInfo: { companyName: 'x' }, signatoryInfo: [{ signatoryId: 'a' }, { signatoryId: 'b/1' }], list: [{ v: 1 }, { v: 2 }] };
    expect(dottedFieldPath('/organizationInfo/companyName', doc)).toBe('organizationInfo.companyName');
    expect(dottedFieldPath('/signatoryInfo/b~11/kycDetails/email', doc)).toBe('signatoryInfo[1].kycDetails.email');
    expect(dottedFieldPath('/list/1/v', doc)).toBe('list[1].v');
    const local = { ...doc, signatoryInfo: [{ signatoryId: 'a' }, { signatoryId: 'b/1', kycDetails: { email: 'mine@x.ae' } }] };
    const latest = { ...doc, signatoryInfo: [{ signatoryId: 'b/1', kycDetails: { email: 'theirs@x.ae' } }] };
    expect(rebaseOnto(doc, local, latest, [], 'en').noticeFields).toEqual(['signatoryInfo[0].kycDetails.email']);
  });

  describe('stakeholders, by their signatoryId rather than their position', () => {
    const omar = { signatoryId: 's1', firstName: 'Omar' };
    const sara = { signatoryId: 's2', firstName: 'Sara', lastName: 'Khan' };
    const priya = { signatoryId: 's3', firstName: 'Priya' };

    it('an edit follows its stakeholder when another one was removed elsewhere; one added on each side are both kept', () => {
      const local = { signatoryInfo: [omar, { ...sara, middleName: 'Ali' }, priya] };
      const latest = { signatoryInfo: [sara, { signatoryId: 's4', firstName: 'Noor' }] };
      expect(rebase({ signatoryInfo: [omar, sara] }, local, latest)).toEqual({
        merged: { signatoryInfo: [{ ...sara, middleName: 'Ali' }, { signatoryId: 's4', firstName: 'Noor' }, priya] },
        conflicts: [],
      });
    });

    it('the same field of the same stakeholder changed on both sides conflicts; a stakeholder edited here but removed elsewhere stays, as a conflict', () => {
      expect(rebase({ signatoryInfo: [sara] }, { signatoryInfo: [{ ...sara, middleName: 'Ali' }] }, { signatoryInfo: [{ ...sara, middleName: 'Omar' }] })).toEqual({
        merged: { signatoryInfo: [{ ...sara, middleName: 'Ali' }] },
        conflicts: ['/signatoryInfo/s2/middleName'],
      });
      const removed = rebase({ signatoryInfo: [omar, sara] }, { signatoryInfo: [omar, { ...sara, middleName: 'Ali' }] }, { signatoryInfo: [omar] });
      expect(removed.merged).toEqual({ signatoryInfo: [omar, { ...sara, middleName: 'Ali' }] });
      expect(removed.conflicts).toEqual(['/signatoryInfo/s2']);
    });
  });

  it('other lists are whole values: changed on both sides they conflict', () => {
    const industries = (...codes: string[]) => ({ orgKYCDetails: { industryMultiSelect: codes.map((industry) => ({ industry })) } });
    expect(rebase(industries('GT'), industries('GT', 'SER'), industries('MFG')).conflicts).toEqual(['/orgKYCDetails/industryMultiSelect']);
    expect(rebase(industries('GT'), industries('GT', 'SER'), industries('GT')).merged).toEqual(industries('GT', 'SER'));
  });

  it('without the copy the edits were made against, only values both sides have and that differ are conflicts', () => {
    const { merged, conflicts } = rebase(undefined, { a: { x: 1, y: 2 } }, { a: { x: 1, y: 3, z: 4 } });
    expect(merged).toEqual({ a: { x: 1, y: 2, z: 4 } });
    expect(conflicts).toEqual(['/a/y']);
  });

  it('rebaseOnto: the server\'s own sections from the server, the notice in the page\'s language, dirty only for what the server lacks', () => {
    const latest = { ...base, generalInfo: { prospectId: 'P-1' }, organizationInfo: { companyName: 'Theirs', noOfEmployees: 12 } };
    const local = { ...base, generalInfo: { prospectId: 'stale' }, organizationInfo: { companyName: 'Mine', noOfEmployees: 12 } };
    const conflict = rebaseOnto(base, local, latest, ['generalInfo'], 'ar');
    expect(conflict).toMatchObject({ dirty: true, conflicts: ['/organizationInfo/companyName'], notice: CONFLICT_TEXTS.ar.kept });
    expect(conflict.prospect.generalInfo).toEqual({ prospectId: 'P-1' });
    expect(rebaseOnto(base, undefined, latest, ['generalInfo'], 'en')).toEqual({ prospect: latest, dirty: false, conflicts: [], noticeFields: [] });
    expect(rebaseOnto(base, base, latest, ['generalInfo'], 'en', true)).toMatchObject({ dirty: false, notice: CONFLICT_TEXTS.en.submit });
  });
});

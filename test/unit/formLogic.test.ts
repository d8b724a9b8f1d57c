import { describe, expect, it } from 'vitest';
import { buildContent } from '../../src/content/buildContent';
import { readContentDir } from '../../src/content/readContentDir';
import { checkExpression, derivedPaths, evaluate, evaluateLogic, isDerivedPointer, visibleErrors } from '../../src/validation/logic';

/** The form-logic evaluator on the content of schemas/: state that fixtures (data in, data after) do not show. */
const content = buildContent(await readContentDir());
const signatory = (id: string, extra: object = {}) => ({ signatoryId: id, kycDetails: { isShareholderACompany: false, isSignatory: true, ...extra } });

describe('form logic: options, gating, disabled fields, hidden steps', () => {
  it("does not offer 'Singly' (102) when the company has more than one signatory", () => {
    const one = evaluateLogic(content, { signatoryInfo: [signatory('a')] });
    expect(one.excludedOptions.get('/organizationInfo/accountSigningInfo/accountSigningType')).toBeUndefined();
    const two = evaluateLogic(content, { signatoryInfo: [signatory('a'), signatory('b')] });
    expect(two.excludedOptions.get('/organizationInfo/accountSigningInfo/accountSigningType')).toEqual(['102']);
  });

  it('offers only AED as the currency while Express Service is Yes (the schema allows exactly AED then), every currency without it', () => {
    const express = evaluateLogic(content, { accountInfo: [{ express: true, accountCurrencies: ['AED'] }] });
    expect(express.excludedOptions.get('/accountInfo/0/accountCurrencies')).toEqual(['EUR', 'GBP', 'USD']);
    const standard = evaluateLogic(content, { accountInfo: [{ express: false, accountCurrencies: ['AED'] }] });
    expect(standard.excludedOptions.get('/accountInfo/0/accountCurrencies')).toBeUndefined();
  });

  it('does not offer a nationality chosen in another passport, nor a sub-category chosen for the same industry', () => {
    const passports = [{ country: 'IN', passportNumber: 'A1' }, { country: 'GB' }];
    const r = evaluateLogic(content, { signatoryInfo: [signatory('a', { passportDetails: passports })] });
    expect(r.excludedOptions.get('/signatoryInfo/0/kycDetails/passportDetails/1/country')).toEqual(['IN']);
    const rows = [{ industry: 'A', subCategory: 'A1' }, { industry: 'B', subCategory: 'B1' }, { industry: 'A' }];
    const ind = evaluateLogic(content, { orgKYCDetails: { industryMultiSelect: rows } });
    expect(ind.excludedOptions.get('/orgKYCDetails/industryMultiSelect/2/subCategory')).toEqual(['A1']);
  });

  it('finds the items of a list in every new document, whether the list grew, shrank or kept its length with other items', () => {
    // A save's document is a new object each time; the targets of a one-`*` rule are kept by the list's length.
    const rows = (n: number, sub = 'A1') => Array.from({ length: n }, (_, i) => ({ industry: 'A', ...(i === 0 ? { subCategory: sub } : {}) }));
    const excluded = (n: number, sub?: string) => {
      const r = evaluateLogic(content, { orgKYCDetails: { industryMultiSelect: rows(n, sub) } });
      return [...r.excludedOptions.keys()].filter((k) => k.startsWith('/orgKYCDetails/'));
    };
    expect(excluded(2)).toEqual(['/orgKYCDetails/industryMultiSelect/1/subCategory']);
    expect(excluded(3)).toEqual(['/orgKYCDetails/industryMultiSelect/1/subCategory', '/orgKYCDetails/industryMultiSelect/2/subCategory']);
    expect(excluded(1)).toEqual([]);
    expect(excluded(3, 'A2')).toEqual(['/orgKYCDetails/industryMultiSelect/1/subCategory', '/orgKYCDetails/industryMultiSelect/2/subCategory']);
    const none = evaluateLogic(content, { orgKYCDetails: {} });
    expect([...none.excludedOptions.keys()].filter((k) => k.startsWith('/orgKYCDetails/'))).toEqual([]);
  });

  it("enables 'Add' only when the last item's key fields are filled", () => {
    const empty = evaluateLogic(content, { organizationInfo: { contactDetailsForTxnReconfirming: [{}] } });
    expect(empty.arrays.get('/organizationInfo/contactDetailsForTxnReconfirming')).toEqual({ canAdd: false, keepOne: false });
    const named = evaluateLogic(content, { organizationInfo: { contactDetailsForTxnReconfirming: [{ TxnReconfirmingfullname: 'Omar' }] } });
    expect(named.arrays.get('/organizationInfo/contactDetailsForTxnReconfirming')?.canAdd).toBe(true);
  });

  it('disables the branch until a city is chosen, and the agent codes once a work item exists', () => {
    const r = evaluateLogic(content, { organizationInfo: {}, kycAnnexure: { workItemNumber: 'WI-1' } });
    expect([...r.disabled]).toEqual(expect.arrayContaining(['/organizationInfo/branchID', '/applicantInfo/roCode', '/applicantInfo/allianceCode']));
    expect(evaluateLogic(content, { organizationInfo: { branchCity: '1' } }).disabled.has('/organizationInfo/branchID')).toBe(false);
  });

  it('keeps a derived value on a field disabled while it is derived (the signatory’s address copied from the company’s), never the stored one', () => {
    const company = { addressInfo: [{ typeOfAddress: 'Office', addressDetails: { officeNumber: '1203', street: 'Al Maktoum Road', poBox: '12345', emirateCity: 'DXB', country: 'AE' } }] };
    const own = { typeOfAddress: 'Residence', flatVillaNumber: 'Villa 9', street: 'Al Wasl Road', poBox: '555', emirateCity: 'AUH', country: 'AE', preferredAddress: 'Y' };
    const withAnswer = (same: boolean, uaeAddress: object) => ({ organizationInfo: company, signatoryInfo: [{ ...signatory('a'), sameAsCompanyAddress: same, uaeAddress }] });
    const copied = { ...own, flatVillaNumber: '1203', street: 'Al Maktoum Road', poBox: '12345', emirateCity: 'DXB' };
    // The browser sends the copy it derived; the stored document still has the typed address (No before).
    const r = evaluateLogic(content, withAnswer(true, copied), { previous: withAnswer(false, own) });
    expect((r.data.signatoryInfo as { uaeAddress: object }[])[0]!.uaeAddress).toEqual(copied);
    expect(r.disabled.has('/signatoryInfo/0/uaeAddress/street')).toBe(true);
    expect(r.changes.filter((c) => c.reason === 'disabled')).toEqual([]);
    // A field disabled but not derived still keeps its stored value (the agent codes once a work item exists).
    const annexure = { organizationInfo: {}, kycAnnexure: { workItemNumber: 'WI-1' } };
    const agentCodes = evaluateLogic(content, { ...annexure, applicantInfo: { roCode: 'RO2' } }, { previous: { ...annexure, applicantInfo: { roCode: 'RO1' } } });
    expect((agentCodes.data.applicantInfo as { roCode: string }).roCode).toBe('RO1');
  });

  it('makes a sole proprietor a shareholder of 100 % that cannot be changed: derived and disabled while the authority type is 1, editable for another authority', () => {
    const person = (authorityType: string, pct: number) => ({ signatoryInfo: [{ ...signatory('a', { isShareholder: true, shareHoldingPercentage: pct }), accountSigningInfo: { authorityType } }] });
    const sole = evaluateLogic(content, person('1', 50), { previous: person('1', 100) });
    expect((sole.data.signatoryInfo as { kycDetails: object }[])[0]!.kycDetails).toMatchObject({ isShareholder: true, shareHoldingPercentage: 100 });
    expect(sole.disabled.has('/signatoryInfo/0/kycDetails/shareHoldingPercentage')).toBe(true);
    expect(sole.disabled.has('/signatoryInfo/0/kycDetails/isShareholder')).toBe(true);
    const partner = evaluateLogic(content, person('4', 50), { previous: person('4', 40) });
    expect((partner.data.signatoryInfo as { kycDetails: object }[])[0]!.kycDetails).toMatchObject({ shareHoldingPercentage: 50 });
    expect(partner.disabled.has('/signatoryInfo/0/kycDetails/shareHoldingPercentage')).toBe(false);
    expect(partner.disabled.has('/signatoryInfo/0/kycDetails/isShareholder')).toBe(false);
  });

  it("gives back the signatory's own typed address after 'same as the company's: No → Yes → No' (the browser's applyLogic), and with nothing typed keeps the copy to edit", async () => {
    const { applyLogic } = await import('../../src/app/features/forms/formLogic');
    const company = { addressInfo: [{ typeOfAddress: 'Office', addressDetails: { officeNumber: '1203', street: 'Al Maktoum Road', poBox: '12345', emirateCity: 'DXB', country: 'AE' } }] };
    const own = { typeOfAddress: 'Residence', flatVillaNumber: 'Villa 9', street: 'Al Wasl Road', poBox: '555', emirateCity: 'AUH', country: 'AE', preferredAddress: 'Y' };
    type Doc = Parameters<typeof applyLogic>[1];
    const doc = (prospectId: string, same: boolean | undefined, uaeAddress: object) => ({ generalInfo: { prospectId }, organizationInfo: company, signatoryInfo: [{ ...signatory('a'), sameAsCompanyAddress: same, uaeAddress }] }) as unknown as Doc;
    const address = (d: object) => (d as { signatoryInfo: { uaeAddress: Record<string, unknown> }[] }).signatoryInfo[0]!.uaeAddress;
    const typed = applyLogic(content, doc('P1', false, own), doc('P1', undefined, {}));
    const yes = applyLogic(content, { ...typed, signatoryInfo: [{ ...(typed.signatoryInfo as object[])[0]!, sameAsCompanyAddress: true }] }, typed);
    expect(address(yes)).toMatchObject({ flatVillaNumber: '1203', street: 'Al Maktoum Road', poBox: '12345', emirateCity: 'DXB' });
    const no = applyLogic(content, { ...yes, signatoryInfo: [{ ...(yes.signatoryInfo as object[])[0]!, sameAsCompanyAddress: false }] }, yes);
    expect(address(no)).toEqual(own);
    // Another application with nothing typed: after Yes → No the copy stays, to edit.
    const empty = doc('P2', false, { typeOfAddress: 'Residence', country: 'AE' });
    const yes2 = applyLogic(content, doc('P2', true, { typeOfAddress: 'Residence', country: 'AE' }), empty);
    expect(address(yes2).street).toBe('Al Maktoum Road');
    const no2 = applyLogic(content, { ...yes2, signatoryInfo: [{ ...(yes2.signatoryInfo as object[])[0]!, sameAsCompanyAddress: false }] }, yes2);
    expect(address(no2).street).toBe('Al Maktoum Road');
    // A field edited after No is the applicant's: a later Yes → No gives back that edit.
    const edited = applyLogic(content, { ...no, signatoryInfo: [{ ...(no.signatoryInfo as object[])[0]!, uaeAddress: { ...own, street: 'Jumeirah Beach Road' } }] }, no);
    const yes3 = applyLogic(content, { ...edited, signatoryInfo: [{ ...(edited.signatoryInfo as object[])[0]!, sameAsCompanyAddress: true }] }, edited);
    const no3 = applyLogic(content, { ...yes3, signatoryInfo: [{ ...(yes3.signatoryInfo as object[])[0]!, sameAsCompanyAddress: false }] }, yes3);
    expect(address(no3).street).toBe('Jumeirah Beach Road');
  });

  it('skips the Express step for accounts without AED', () => {
    expect(evaluateLogic(content, { accountInfo: [{ accountCurrencies: ['USD'] }] }).hiddenSteps).toEqual(new Set(['ssExpress@']));
    expect(evaluateLogic(content, { accountInfo: [{ accountCurrencies: ['AED', 'USD'] }] }).hiddenSteps.size).toBe(0);
  });

  it('never changes its input, and drops errors of hidden fields', () => {
    const data = { kycAnnexure: { isVisitConducted: 'N', visitDetails: [{}] } };
    const copy = structuredClone(data);
    const r = evaluateLogic(content, data);
    expect(data).toEqual(copy);
    expect(r.data.kycAnnexure).toEqual({ isVisitConducted: 'N' });
    const errors = [{ path: '/kycAnnexure/visitDetails/0/kycVisitDate' }, { path: '/kycAnnexure/reasonForNoVisit' }];
    expect(visibleErrors(errors, r.hidden)).toEqual([{ path: '/kycAnnexure/reasonForNoVisit' }]);
  });

  it('lists the derived fields for the field-ownership check', () => {
    const paths = derivedPaths(content);
    expect(isDerivedPointer(paths, '/accountInfo/0/debitCardApplied')).toBe(true);
    expect(isDerivedPointer(paths, '/signatoryInfo/3/kycDetails/isPEP')).toBe(true);
    expect(isDerivedPointer(paths, '/orgKYCDetails/yearsInBusiness')).toBe(true);
    expect(isDerivedPointer(paths, '/organizationInfo/companyName')).toBe(false);
  });
});

describe('the expression language', () => {
  it('evaluates relative, parent and absolute paths, count and yearsSince', () => {
    const root = { a: { b: 2, items: [{ ok: true }, { ok: false }, { ok: true }] }, c: 'x' };
    expect(evaluate({ '==': [{ var: 'b' }, 2] }, { root, at: ['a'] })).toBe(true);
    expect(evaluate({ var: '../c' }, { root, at: ['a'] })).toBe('x');
    expect(evaluate({ var: '/c' }, { root, at: ['a', 'items', '0'] })).toBe('x');
    expect(evaluate({ var: '../b' }, { root, at: ['a', 'items', '1'] })).toBe(2);
    expect(evaluate({ count: [{ var: 'items' }, { '==': [{ var: 'ok' }, true] }] }, { root, at: ['a'] })).toBe(2);
    expect(typeof evaluate({ yearsSince: '2000-01-01' }, { root, at: [] })).toBe('number');
  });

  it('does arithmetic for amounts and percentages derived one from the other; a missing operand or a division by 0 gives no value', () => {
    const root = { t: { total: 3000, cash: 1000, none: undefined } };
    const at = ['t'];
    const pct = { round: [{ '*': [{ '/': [{ var: 'cash' }, { var: 'total' }] }, 100] }, 2] };
    expect(evaluate(pct, { root, at })).toBe(33.33);
    expect(evaluate({ round: [{ '-': [100, pct] }, 2] }, { root, at })).toBe(66.67);
    expect(evaluate({ '-': [{ var: 'total' }, { var: 'cash' }] }, { root, at })).toBe(2000);
    expect(evaluate({ '+': [1, 2, 3] }, { root, at })).toBe(6);
    expect(evaluate({ round: [1.005, 2] }, { root, at })).toBe(1.01);
    expect(evaluate({ '-': [{ var: 'total' }, { var: 'none' }] }, { root, at })).toBeUndefined();
    expect(evaluate({ '/': [{ var: 'cash' }, 0] }, { root, at })).toBeUndefined();
    expect(evaluate({ '+': ['1', 2] }, { root, at })).toBeUndefined();
    expect(checkExpression({ round: [1] })).toEqual([expect.stringMatching(/takes 2 argument/)]);
  });

  it('refuses unknown operators, wrong argument counts and non-string paths (no code strings)', () => {
    expect(checkExpression({ eval: 'process.exit()' })).toEqual([expect.stringMatching(/unknown operator "eval"/)]);
    expect(checkExpression({ '==': [1] })).toEqual([expect.stringMatching(/takes 2 argument/)]);
    expect(checkExpression({ var: 1 })).toEqual([expect.stringMatching(/a path must be a string/)]);
    expect(checkExpression({ and: [{ filled: { var: 'a' } }, true] })).toEqual([]);
  });
});

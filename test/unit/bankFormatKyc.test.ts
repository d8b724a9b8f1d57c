import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import { fromBank, loadMapping, toBank } from '../../src/bankFormat';
import { readSchemas } from './readSchemas';

type Obj = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const files = readSchemas();
const mapping = loadMapping(files);
const validateBank = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false }).compile(files['bank/bankProspect.json'] as Obj);
const fixture = (name: string): Obj => JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'fixtures', 'prospect', `${name}.json`), 'utf8')).data;

/** The Islamic elite application with every field of issue 18 item 1 filled (rows of schemas/bank/mapping-kyc.json). */
function withKycFields(): Obj {
  const p = structuredClone(fixture('islamicElite'));
  Object.assign(p.organizationInfo, { licenseType: 'Other', licenseTypeOther: 'Media hub', licenseExpiryDate: '2026-08-31', shortName: 'BARAKAH' });
  Object.assign(p.orgKYCDetails, { constitutionType: 'ACT', businessUnit: 'SME' });
  Object.assign(p.signatoryInfo[0].kycDetails, { isPEP: true, selfGovtPosition: 'Currently hold', relativeGovtPosition: 'Never held' });
  Object.assign(p.signatoryInfo[0].personalDetails, { maritalStatus: 'O', maritalStatusOthers: 'Legally separated' });
  return p;
}

describe('bank exchange format: the KYC fields of issue 18 (mapping-kyc.json)', () => {
  it('sends each new field under the bank’s name and reads it back unchanged', () => {
    const p = withKycFields();
    const doc = toBank(p, mapping);
    const bank = doc.prospect as Obj;
    expect(validateBank(doc), JSON.stringify(validateBank.errors)).toBe(true);
    expect(bank.organizationInfo).toMatchObject({ licenseType: 'Other', licenseTypeOther: 'Media hub', licenseExpiryDate: '2026-08-31', shortName: 'BARAKAH' });
    expect(bank.orgKYCDetails).toMatchObject({ constitutionType: 'ACT', businessUnit: 'SME' });
    expect(bank.accountInfo[0]).toMatchObject({ accountSubType: 'islamic', accountPurpose: 'TRADE', deliverByCourier: true });
    expect(bank.signatoryInfo[0]).toMatchObject({ maritalStatusOthers: 'Legally separated', kycDetails: { selfGovtPosition: 'Currently hold', relativeGovtPosition: 'Never held' } });
    expect(bank.signatoryInfo[1].employmentDetails).toMatchObject({ occupation: 'Food engineer', department: 'Quality', empNo: 'BHF0042', employmentStartDate: '2016-04-10', totalExperienceYrs: 12 });
    // Nothing of these fields is left to the extensions: the bank has a place for each.
    expect(Object.keys(doc.extensions).filter((k) => /GovtPosition|maritalStatusOthers|license(Type|Expiry)|shortName|constitutionType|businessUnit|accountPurpose|deliverByCourier|islamicBanking|employmentDetails/.test(k))).toEqual([]);
    expect(fromBank(JSON.parse(JSON.stringify(doc)), mapping)).toEqual(p);
  });

  it('writes the banking type of a conventional application as conventional, and an unknown bank value fails the prospect schema instead of being guessed', () => {
    const p = fixture('soleProprietor');
    const doc = toBank(p, mapping);
    expect((doc.prospect as Obj).accountInfo[0].accountSubType).toBe('conventional');
    expect(fromBank(JSON.parse(JSON.stringify(doc)), mapping)).toEqual(p);
    const odd = structuredClone(doc) as Obj;
    odd.prospect.accountInfo[0].accountSubType = 'takaful';
    expect((fromBank(odd as never, mapping) as Obj).applicationInfo.islamicBanking).toBe('takaful');
  });

  it('sends the screening reason codes and the per-signatory results the export adds (flags as Y / N)', () => {
    const p = withKycFields();
    p.screeningInfo = {
      statusOverAll: 'PENDING',
      screeningResults: [{ screeningType: 'PEP Check', screeningStatus: 'PENDING', screeningReason: 'PEP Check', screeningFlag: true, screeningNotes: 'Enhanced due diligence is needed', reasonCode: 'RSNLP', reasonNotes: 'RSNLP: A politically exposed person' }],
    };
    p.signatoryInfo[0].screeningInfo = {
      statusOverAll: 'PENDING',
      screeningResults: [{ screeningType: 'PEP Check', screeningStatus: 'PENDING', screeningReason: 'PEP Check', screeningFlag: true, screeningNotes: 'A politically exposed person', reasonCode: 'RSNLP', reasonNotes: 'RSNLP: A politically exposed person' }],
    };
    const doc = toBank(p, mapping);
    const bank = doc.prospect as Obj;
    expect(validateBank(doc), JSON.stringify(validateBank.errors)).toBe(true);
    expect(bank.organizationInfo.screeningInfo.screeningResults[0]).toMatchObject({ reasonCode: 'RSNLP', screeningFlag: 'Y' });
    expect(bank.signatoryInfo[0].screeningInfo).toMatchObject({ statusOverAll: 'PENDING', screeningResults: [{ reasonCode: 'RSNLP', screeningFlag: 'Y' }] });
    expect(fromBank(JSON.parse(JSON.stringify(doc)), mapping)).toEqual(p);
  });
});

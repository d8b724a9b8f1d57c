import { readFileSync } from 'node:fs';
import { getCountries, getCountryCallingCode, isPossiblePhoneNumber as withMetadata, type MetadataJson, parsePhoneNumberFromString } from 'libphonenumber-js/core';
import { getCountries as minCountries, getCountryCallingCode as minCallingCode, isPossiblePhoneNumber as withFullMin, parsePhoneNumberFromString as minParse } from 'libphonenumber-js/min';
import { describe, expect, it } from 'vitest';
import { PHONE_METADATA_FILE, phoneMetadataText, readMinMetadata } from '../../scripts/lib/phoneMetadata';
import { dialCodeCountries, madeUpNumbers } from '../../src/validation/dialCodes';
import type { ListOption } from '../../src/validation/lists';
import { isPhoneNumberValid } from '../../src/validation/phone';

const stored = JSON.parse(readFileSync(PHONE_METADATA_FILE, 'utf8')) as MetadataJson;

describe('the phone metadata of the x-phone rule (min metadata without formats)', () => {
  it('is what the installed libphonenumber-js gives (after an update: npm run gen:phone-metadata)', () => {
    expect(readFileSync(PHONE_METADATA_FILE, 'utf8')).toBe(phoneMetadataText());
  });

  it('answers as the full min metadata for every calling code, length 4 to 10 and varied digits', () => {
    const codes = Object.keys(readMinMetadata().country_calling_codes);
    expect(codes.length).toBeGreaterThan(200);
    const differences: string[] = [];
    let possible = 0;
    for (const code of codes) {
      for (let length = 4; length <= 10; length++) {
        for (const lead of '0123456789') {
          for (const fill of ['0', '5', '9', '1234567890']) {
            const text = `+${code}${(lead + fill.repeat(12)).slice(0, length)}`;
            const answer = withMetadata(text, stored);
            if (answer) possible++;
            if (answer !== withFullMin(text)) differences.push(text);
          }
        }
      }
    }
    expect(differences).toEqual([]);
    expect(possible).toBeGreaterThan(1000); // the comparison covers numbers that pass as well as numbers that fail
  });

  it("tells the dialling codes' countries (src/validation/dialCodes.ts) the same as the full min metadata", () => {
    expect(getCountries(stored)).toEqual(minCountries());
    for (const country of minCountries()) expect(getCountryCallingCode(country, stored)).toBe(minCallingCode(country));
    const codes = (JSON.parse(readFileSync(new URL('../../schemas/lists/countryCode.json', import.meta.url), 'utf8')) as { options: { value: string }[] }).options;
    const hyphenated = codes.filter((o) => o.value.includes('-'));
    expect(hyphenated.length).toBeGreaterThan(10);
    for (const { value } of hyphenated) {
      for (const text of madeUpNumbers(value)) expect(parsePhoneNumberFromString(text, stored)?.country, text).toBe(minParse(text)?.country);
    }
    // Every hyphenated code of the list has its country (Guernsey's and Jersey's numbers go on with other digits).
    const countries = dialCodeCountries(codes as ListOption[]);
    expect(hyphenated.filter((o) => countries.get(o.value)?.length !== 1).map((o) => o.value)).toEqual([]);
    expect([countries.get('44-1481'), countries.get('44-1534'), countries.get('44-1624'), countries.get('44')]).toEqual([['GG'], ['JE'], ['IM'], ['GB']]);
  });

  it('is what the rule uses: a possible UK number passes, an impossible one fails', () => {
    expect(isPhoneNumberValid('44', '2071234567', 'landline')).toBe(true);
    expect(isPhoneNumberValid('44', '20712', 'landline')).toBe(false);
  });
});

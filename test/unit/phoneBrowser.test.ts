import { readFileSync } from 'node:fs';
import { isPossiblePhoneNumber } from 'libphonenumber-js/core';
import examples from 'libphonenumber-js/examples.mobile.json' with { type: 'json' };
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PHONE_METADATA_VERSION_FILE, phoneMetadataVersionText } from '../../scripts/lib/phoneMetadata';
import { largestPhoneMetadataBytes } from '../../scripts/lib/stepLoads';
import * as server from '../../src/validation/phone';
import { checkPhone as browserCheck, loadPhoneMetadata, phoneMetadataUrl } from '../../src/validation/phoneBrowser';
import { phoneLoads } from '../../src/validation/phoneLoads';
import { phoneMetadata } from '../../src/validation/phoneMetadata';
import { PHONE_METADATA_KEY, phoneMetadataSubset } from '../../src/validation/phoneMetadataSubset';
import { PHONE_METADATA_VERSION } from '../../src/validation/phoneMetadataVersion';
import { type PhoneRule, phoneMetadataKey } from '../../src/validation/phoneRule';

/** The dialling codes of the list the applicant chooses from (schemas/lists/countryCode.json). */
const LIST_CODES = (JSON.parse(readFileSync(new URL('../../schemas/lists/countryCode.json', import.meta.url), 'utf8')) as { options: { value: string }[] }).options.map((o) => o.value);
const CALLING_CODES = [...Object.keys((phoneMetadata as unknown as { country_calling_codes: object }).country_calling_codes), ...Object.keys((phoneMetadata as unknown as { nonGeographic: object }).nonGeographic)];

const mobile: PhoneRule = { code: 'code', number: 'number', kind: 'mobile', message: 'not a mobile number' };
const landline: PhoneRule = { ...mobile, kind: 'landline', message: 'not a landline number' };

/** Numbers of 1 to 12 digits: each country's example mobile number, cut and lengthened, and made-up ones. */
function samples(country?: string): string[] {
  const example = country ? (examples as Record<string, string>)[country] : undefined;
  const made = ['2', '3', '4', '5', '7', '8', '9'].flatMap((lead) => [4, 6, 7, 8, 9, 10, 11].map((n) => `${lead}${'1234567890'.repeat(2)}`.slice(0, n)));
  return example ? [example, example.slice(0, -1), `${example}1`, example.slice(0, 4), ...made] : made;
}

/** The browser's module as a page has it: its metadata fetched from the server's route (here, the same subset). */
const fetched: string[] = [];
beforeAll(() => {
  vi.stubGlobal('fetch', async (url: string) => {
    fetched.push(url);
    const m = /^\/api\/phone-metadata\/([0-9a-f]{16})\/(\d{1,3}|all)\.json$/.exec(url);
    if (!m || m[1] !== PHONE_METADATA_VERSION) return new Response('{}', { status: 404 });
    return Response.json(phoneMetadataSubset(phoneMetadata, m[2] === 'all' ? '' : m[2]!));
  });
});
afterAll(() => vi.unstubAllGlobals());

describe("the browser's x-phone check (phoneBrowser.ts) and the server's (phone.ts)", () => {
  it("give the same answers for every dialling code of the list, mobiles and landlines, once the code's metadata is in", async () => {
    const differences: string[] = [];
    let refused = 0;
    let accepted = 0;
    const byCode = new Map<string, string | undefined>();
    for (const code of LIST_CODES) {
      // The country of a code, for its example numbers ('44-1481' Guernsey: GG; '1' the US).
      const country = (phoneMetadata as unknown as { country_calling_codes: Record<string, string[]> }).country_calling_codes[code.split('-')[0]!]?.[0];
      byCode.set(code, country);
    }
    for (const [code, country] of byCode) {
      await loadPhoneMetadata(code);
      for (const number of samples(country)) {
        for (const rule of [mobile, landline]) {
          const data = { code, number };
          const there = server.checkPhone(data, rule);
          const here = browserCheck(data, rule);
          if (JSON.stringify(there) !== JSON.stringify(here)) differences.push(`${code} ${number} ${rule.kind}`);
          if (there) refused++;
          else accepted++;
        }
      }
    }
    expect(differences).toEqual([]);
    // The comparison covers numbers either side refuses as well as numbers both accept.
    expect(refused).toBeGreaterThan(1000);
    expect(accepted).toBeGreaterThan(1000);
  });

  it.each([
    ['971', '501234567', mobile, true],
    ['971', '42123456', mobile, false],
    ['971', '42123456', landline, true],
    ['971', '501234567', landline, false],
    ['44', '7400123456', mobile, true],
    ['44', '20712', landline, false],
    ['44', '12345678901', mobile, false],
    ['91', '9876543210', mobile, true],
    ['91', '987', mobile, false],
    ['1', '2015550123', mobile, true],
    ['1', '201555012', mobile, false],
    ['1-242', '3591234', mobile, true],
    ['44-1481', '256789', landline, true],
    ['7', '9123456789', mobile, true],
    ['999', '12345678', mobile, false], // no country has the calling code 999
  ] as const)('+%s %s as a %s number: valid %s on both sides', async (code, number, rule, valid) => {
    await loadPhoneMetadata(code);
    expect(server.checkPhone({ code, number }, rule) === null).toBe(valid);
    expect(browserCheck({ code, number }, rule) === null).toBe(valid);
  });

  it('a code whose metadata is not in yet refuses nothing, fetches it once, and then refuses as the server does', async () => {
    // A key none of the list's codes has (they are all in by now): the calling codes 880 to 888.
    const data = { code: '88', number: '1234' };
    expect(LIST_CODES.map(phoneMetadataKey)).not.toContain('88');
    expect(server.checkPhone(data, mobile)).not.toBeNull();
    const before = fetched.length;
    const count = phoneLoads.count();
    expect(browserCheck(data, mobile)).toBeNull();
    expect(browserCheck(data, mobile)).toBeNull();
    await vi.waitFor(() => expect(phoneLoads.count()).toBe(count + 1));
    expect(fetched.slice(before)).toEqual([phoneMetadataUrl('88')]);
    expect(browserCheck(data, mobile)).toEqual(server.checkPhone(data, mobile));
  });

  it("fetches nothing for a UAE number (the spec's rule is by length) and nothing for a code already in", async () => {
    const before = fetched.length;
    expect(browserCheck({ code: '971', number: '5012345' }, mobile)).toEqual(server.checkPhone({ code: '971', number: '5012345' }, mobile));
    await loadPhoneMetadata('1-246'); // calling code 1, as 1-242 already loaded: the same key
    expect(fetched.length).toBe(before);
  });

  it('leaves a number typed with a + or spaces to the field\'s own pattern, on both sides', () => {
    for (const number of ['+447400123456', '7400 123456']) {
      expect(server.checkPhone({ code: '44', number }, mobile)).toBeNull();
      expect(browserCheck({ code: '44', number }, mobile)).toBeNull();
    }
  });
});

describe('the phone metadata of a dialling code (phoneMetadataSubset.ts)', () => {
  it('answers as the whole metadata for every key, whatever digits follow', () => {
    const keys = new Set(['', ...CALLING_CODES, ...CALLING_CODES.map((c) => c.slice(0, 1)), ...CALLING_CODES.map((c) => c.slice(0, 2)), ...LIST_CODES.map((c) => phoneMetadataKey(c) ?? '971')]);
    const differences: string[] = [];
    for (const key of keys) {
      const subset = phoneMetadataSubset(phoneMetadata, key);
      // Digits after the key: a calling code and a number may start anywhere in them.
      for (const rest of ['', '1', '71', '971', ...CALLING_CODES.slice(0, 40)]) {
        for (const number of ['4123456', '50123456', '7400123456', '212345678', '91234']) {
          const text = `+${key}${rest}${number}`;
          if (isPossiblePhoneNumber(text, subset) !== isPossiblePhoneNumber(text, phoneMetadata)) differences.push(text);
        }
      }
    }
    expect(differences).toEqual([]);
  });

  it("keeps only the key's calling codes: a few hundred bytes to 3 kB, not the whole 32 kB", () => {
    const size = (key: string) => JSON.stringify(phoneMetadataSubset(phoneMetadata, key)).length;
    expect(size('91')).toBeLessThan(1000);
    expect(size('44')).toBeLessThan(4000);
    expect(size('')).toBe(JSON.stringify({ ...phoneMetadata }).length);
    expect(Object.keys((phoneMetadataSubset(phoneMetadata, '124') as unknown as { countries: object }).countries)).toContain('BS');
    expect(() => phoneMetadataSubset(phoneMetadata, '1234')).toThrow();
    expect(PHONE_METADATA_KEY.test('44')).toBe(true);
    // The build's count of what a step with an x-phone may load (scripts/lib/stepLoads.ts): the largest code's.
    expect(largestPhoneMetadataBytes(LIST_CODES).gzipBytes).toBeGreaterThan(500);
  });

  it('has the version of phoneMetadata.json in its address (npm run gen:phone-metadata writes both)', () => {
    expect(readFileSync(PHONE_METADATA_VERSION_FILE, 'utf8')).toBe(phoneMetadataVersionText(readFileSync(new URL('../../src/validation/phoneMetadata.json', import.meta.url), 'utf8')));
    expect(phoneMetadataUrl('44')).toBe(`/api/phone-metadata/${PHONE_METADATA_VERSION}/44.json`);
    expect(phoneMetadataUrl('')).toBe(`/api/phone-metadata/${PHONE_METADATA_VERSION}/all.json`);
  });
});

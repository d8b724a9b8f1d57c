import { describe, expect, it } from 'vitest';
import type { ContentFiles } from '../../../src/content/contentTypes';
import { diffContent } from '../../../src/server/studio/diff';
import { describeDiff } from '../../../src/server/studio/describe';

/** Two versions: a max length changed, a field made optional, a list option added. */
const from = {
  'flows.json': { companyInfo: { steps: [{ step: 'companyDetails', title: 'Company Details' }] } },
  'steps/companyDetails.schema.json': { type: 'object', required: ['companyName'], properties: { companyName: { type: 'string', title: 'Company name', maxLength: 50 } } },
  'lists/emirate.json': { title: 'Emirate', options: [{ value: 'DXB', label: 'Dubai' }] },
} as unknown as ContentFiles;
const to = {
  ...from,
  'steps/companyDetails.schema.json': { type: 'object', required: [], properties: { companyName: { type: 'string', title: 'Company name', maxLength: 40 } } },
  'lists/emirate.json': { title: 'Emirate', options: [{ value: 'DXB', label: 'Dubai' }, { value: 'AUH', label: 'Abu Dhabi' }] },
} as unknown as ContentFiles;

describe("a version's changes in plain language (studio), in the asker's language", () => {
  const files = diffContent(from, to);

  it('reads in English by default', () => {
    const texts = describeDiff(from, to, files).map((c) => [c.where, c.field, c.text]);
    expect(texts).toEqual(expect.arrayContaining([['Company Details', 'Company name', 'max length 50 → 40'], ['Company Details', 'Company name', 'no longer required'], ['List Emirate', 'Abu Dhabi (AUH)', 'added at position 2']]));
  });

  it("reads in Arabic for the Arabic studio, the content's own names kept", () => {
    const texts = describeDiff(from, to, files, 'ar').map((c) => [c.where, c.field, c.text]);
    expect(texts).toEqual(expect.arrayContaining([['Company Details', 'Company name', 'الحد الأقصى للطول 50 → 40'], ['Company Details', 'Company name', 'لم يعد إلزاميًا'], ['القائمة Emirate', 'Abu Dhabi (AUH)', 'أُضيف في الموضع 2']]));
    // The next English call is English again.
    expect(describeDiff(from, to, files).some((c) => c.text === 'no longer required')).toBe(true);
  });
});

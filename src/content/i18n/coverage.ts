import type { ContentFiles } from '../contentTypes';
import { type Catalogue, cataloguePath, listTexts, textPointers } from './catalogue';
import type { Locale } from './locales';

/**
 * What the Arabic catalogue covers so far: the first part of the customer journey (basic information, the one-time
 * code, company information; the come-back login) with its page titles and the lists those steps show. The coverage test requires a
 * translation for every text of these files and lists; the next part of the work adds the remaining steps and
 * lists here until the scope is everything customer-facing in schemas/.
 * Not covered yet: the stakeholder, final-questions, documents and services steps; the industry lists
 * (industry, industryIslamic: about 600 labels); products.json's packages and Express offer (services step),
 * documents.json, outcomes.json, lifecycle.json.
 */
export const TRANSLATION_SCOPE = {
  files: [
    'flows.json#/applicantInfo',
    'flows.json#/otp',
    'flows.json#/companyInfo',
    'flows.json#/comeBackLogin',
    'products.json#/landing',
    'products.json#/accounts',
    'products.json#/comparison',
    'steps/applicantInfo.schema.json',
    'steps/applicantInfo.ui.json',
    'steps/comeBackLogin.schema.json',
    'steps/comeBackLogin.ui.json',
    'steps/otpVerify.schema.json',
    'steps/otpVerify.ui.json',
    'steps/companyDetails.schema.json',
    'steps/companyDetails.ui.json',
    'steps/companyIndustry.schema.json',
    'steps/companyIndustry.ui.json',
    'steps/companyLicense.schema.json',
    'steps/companyLicense.ui.json',
  ],
  lists: ['countryCode', 'companyCategory', 'licenseIssuingAuthority', 'countryOfIncorporation'],
} as const;

/**
 * The texts of the scope that the locale's catalogue does not translate, as "file#pointer" or "list name:code"
 * ("file#/pointer" entries of the scope limit a file to the texts under that pointer).
 */
export function missingTranslations(files: ContentFiles, locale: Locale, scope: { files: readonly string[]; lists: readonly string[] } = TRANSLATION_SCOPE): string[] {
  const catalogue = (files[cataloguePath(locale)] ?? {}) as Catalogue;
  const missing: string[] = [];
  for (const entry of scope.files) {
    const [file = '', under = ''] = entry.split('#');
    if (files[file] === undefined) {
      missing.push(`${file} (the file does not exist)`);
      continue;
    }
    const translated = catalogue.texts?.[file] ?? {};
    for (const pointer of textPointers(file, files[file])) {
      if ((pointer === under || pointer.startsWith(`${under}/`)) && !translated[pointer]?.trim()) missing.push(`${file}#${pointer}`);
    }
  }
  for (const name of scope.lists) {
    const english = files[`lists/${name}.json`] as { title?: string } | undefined;
    const translated = catalogue.lists?.[name];
    if (english?.title && !translated?.title?.trim()) missing.push(`${name}:title`);
    for (const code of listTexts(english).keys()) if (!translated?.options?.[code]?.trim()) missing.push(`${name}:${code}`);
  }
  return missing;
}

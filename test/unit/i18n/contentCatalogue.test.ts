import { describe, expect, it } from 'vitest';
import { buildContent } from '../../../src/content/buildContent';
import { type Catalogue, catalogueProblems, localizeFiles, textPointers } from '../../../src/content/i18n/catalogue';
import { missingTranslations, NOT_CUSTOMER_FACING, staleTranslations, translationScope } from '../../../src/content/i18n/coverage';
import { fromAcceptLanguage, requestLocale } from '../../../src/content/i18n/locales';
import { ContentValidator } from '../../../src/content/contentValidator';
import { readSchemas } from '../readSchemas';

const files = readSchemas();
const ARABIC_LETTER = /[\u0600-\u06FF]/;
/** Brand names the bank writes in Latin letters in Arabic too (docs/arabic-glossary.md). */
const BRANDS = new Set(['RAKstarter', 'RAKelite', 'RAKvalue PLUS', 'RAKvalue MAX', 'RAKvalue SME PLUS', 'RAKvalue SME MAX', 'RAKislamic']);

describe('the Arabic catalogue of the content (schemas/i18n/ar.json)', () => {
  it('translates every customer-facing text of the covered steps, pages and lists', () => {
    expect(missingTranslations(files, 'ar')).toEqual([]);
  });

  it('has no key that points at nothing (an English text that moved or went) and no empty value', () => {
    expect(catalogueProblems(files, 'i18n/ar.json')).toEqual([]);
  });

  it('is Arabic, not the English copied: every translation has Arabic letters', () => {
    const catalogue = files['i18n/ar.json'] as Catalogue;
    const notArabic = [
      ...Object.entries(catalogue.texts ?? {}).flatMap(([file, texts]) => Object.entries(texts).filter(([, t]) => !ARABIC_LETTER.test(t) && !BRANDS.has(t)).map(([p]) => `${file}#${p}`)),
      ...Object.entries(catalogue.lists ?? {}).flatMap(([name, list]) => Object.entries(list.options ?? {}).filter(([, t]) => !ARABIC_LETTER.test(t)).map(([c]) => `${name}:${c}`)),
    ];
    expect(notArabic).toEqual([]);
  });

  it('has no stale translation: no number the English text no longer has, the same {placeholders}', () => {
    expect(staleTranslations(files, 'ar')).toEqual([]);
    // A changed limit in English (a studio edit: 50 -> 40) makes the old translation stale until it is updated.
    const details = structuredClone(files['steps/companyDetails.schema.json']) as { properties: { organizationInfo: { properties: { companyName: { errorMessage: { maxLength: string } } } } } };
    details.properties.organizationInfo.properties.companyName.errorMessage.maxLength = 'Company name is too long: use at most 40 characters';
    expect(staleTranslations({ ...files, 'steps/companyDetails.schema.json': details }, 'ar')).toEqual([
      'steps/companyDetails.schema.json#/properties/organizationInfo/properties/companyName/errorMessage/maxLength: "Company name is too long: use at most 40 characters"',
    ]);
  });

  it('the coverage check fails for a text of the scope without a translation, and a dangling key is a problem', () => {
    const changed = structuredClone(files);
    const schema = changed['steps/companyDetails.schema.json'] as { properties: { organizationInfo: { properties: Record<string, unknown> } } };
    schema.properties.organizationInfo.properties.tradeName = { type: 'string', title: 'Trade name', errorMessage: { maxLength: 'Trade name is too long' } };
    expect(missingTranslations(changed, 'ar')).toEqual([
      'steps/companyDetails.schema.json#/properties/organizationInfo/properties/tradeName/title',
      'steps/companyDetails.schema.json#/properties/organizationInfo/properties/tradeName/errorMessage/maxLength',
    ]);
    const catalogue = changed['i18n/ar.json'] as Catalogue;
    catalogue.texts!['steps/companyDetails.schema.json']!['/properties/organizationInfo/properties/gone/title'] = 'محذوف';
    catalogue.lists!.companyCategory!.options!.NOPE = 'لا شيء';
    expect(catalogueProblems(changed, 'i18n/ar.json')).toEqual([
      'i18n/ar.json: steps/companyDetails.schema.json#/properties/organizationInfo/properties/gone/title is not a text of steps/companyDetails.schema.json',
      'i18n/ar.json: list companyCategory has no option NOPE',
    ]);
  });

  it("a widget's words in ui:options.labels are texts to translate (the value packages' Selected, Select, Included)", () => {
    const pointers = textPointers('steps/ssValueAddedServices.ui.json', files['steps/ssValueAddedServices.ui.json']);
    expect(pointers).toEqual(expect.arrayContaining(['/applicationInfo/rakValuePackage/ui:options/labels/selected', '/applicationInfo/rakValuePackage/ui:options/labels/included']));
    // Codes in ui:options are not texts: the package included with the starter account is a value, not words.
    expect(pointers.some((p) => p.includes('includedFor') || p.includes('noneValue'))).toBe(false);
    const changed = structuredClone(files);
    delete (changed['i18n/ar.json'] as Catalogue).texts!['steps/ssValueAddedServices.ui.json']!['/applicationInfo/rakValuePackage/ui:options/labels/select'];
    expect(missingTranslations(changed, 'ar')).toEqual(['steps/ssValueAddedServices.ui.json#/applicationInfo/rakValuePackage/ui:options/labels/select']);
    const ar = localizeFiles(files, 'ar')['steps/ssValueAddedServices.ui.json'] as { applicationInfo: { rakValuePackage: { 'ui:options': { labels: Record<string, string> } } } };
    expect(ar.applicationInfo.rakValuePackage['ui:options'].labels).toMatchObject({ selected: 'تم الاختيار', select: 'اختر', included: 'مشمولة' });
  });

  it('a list of the scope must have every option translated', () => {
    const changed = structuredClone(files);
    (changed['lists/companyCategory.json'] as { options: unknown[] }).options.push({ value: 'NEW', label: 'New category' });
    expect(missingTranslations(changed, 'ar')).toEqual(['companyCategory:NEW']);
  });

  it('the scope is everything customer-facing: every step, page and list but the staff-only ones', () => {
    const scope = translationScope(files);
    for (const file of ['flows.json', 'products.json', 'documents.json', 'outcomes.json', 'lifecycle.json', 'prospect.schema.json', 'stakeholderList.schema.json', 'steps/fqSignatoryAddress.schema.json', 'steps/fqSignatoryAddress.ui.json', 'steps/ssExpress.schema.json', 'steps/stakeholderPersonalInfo.ui.json', 'steps/agentLogin.schema.json', 'steps/agentSearch.ui.json', 'steps/agentInvite.schema.json', 'steps/kycAnnexure.schema.json', 'steps/kycAnnexure.ui.json']) {
      expect(scope.files, file).toContain(file);
    }
    for (const list of ['industry', 'industryIslamic', 'country', 'branchCity', 'wealthType', 'YesNoList', 'kycVerificationLocation']) expect(scope.lists, list).toContain(list);
    for (const file of ['bank/mapping.json', 'screening.json', 'i18n/ar.json', 'lists/country.json']) {
      expect(scope.files, file).not.toContain(file);
    }
    // Every exclusion names something that exists (a renamed file would otherwise silently come back in scope untranslated... or stay out).
    for (const entry of NOT_CUSTOMER_FACING.files) expect(Object.keys(files).some((f) => f.startsWith(entry)), entry).toBe(true);
    for (const name of NOT_CUSTOMER_FACING.lists) expect(files[`lists/${name}.json`], name).toBeDefined();
  });

  it('a new content file is in scope the moment it exists, and one of an unknown kind is reported', () => {
    const changed = structuredClone(files);
    changed['steps/newStep.schema.json'] = { type: 'object', properties: { a: { type: 'string', title: 'A new field' } } };
    changed['lists/newList.json'] = { title: 'New list', options: [{ value: 'X', label: 'Something' }] };
    changed['banners.json'] = { text: 'A banner' };
    expect(missingTranslations(changed, 'ar')).toEqual([
      'banners.json (no known texts: add its kind to textReader, or the file to NOT_CUSTOMER_FACING)',
      'steps/newStep.schema.json#/properties/a/title',
      'newList:title',
      'newList:X',
    ]);
  });

  it('no list the applicant sees is left out: an excluded list is read by no customer-facing file', () => {
    const scope = translationScope(files);
    for (const name of NOT_CUSTOMER_FACING.lists) {
      // A list is shown through x-list ({ "list": name }) or as the parent of a dependent list ({ "childOf": name }).
      const readers = scope.files.filter((f) => new RegExp(`"(list|childOf)":"${name}"`).test(JSON.stringify(files[f])));
      expect(readers, name).toEqual([]);
    }
  });

  it('an orphan (a key with no English text) is a problem for texts, list options and list titles', () => {
    const changed = structuredClone(files);
    const catalogue = changed['i18n/ar.json'] as Catalogue;
    catalogue.texts!['outcomes.json']!['/stopCodes/GONE/message'] = 'محذوف';
    catalogue.texts!['steps/gone.ui.json'] = { '/a/ui:title': 'محذوف' };
    catalogue.lists!.salutation!.options!['DR.'] = 'الدكتور';
    catalogue.lists!.gone = { title: 'محذوف' };
    const english = changed['lists/nationality.json'] as { title?: string };
    delete english.title;
    expect(catalogueProblems(changed, 'i18n/ar.json')).toEqual([
      'i18n/ar.json: outcomes.json#/stopCodes/GONE/message is not a text of outcomes.json',
      'i18n/ar.json: texts of steps/gone.ui.json, which does not exist',
      'i18n/ar.json: list nationality has a title, the English list has none',
      'i18n/ar.json: list salutation has no option DR.',
      'i18n/ar.json: list gone, which does not exist',
    ]);
  });
});

describe('text pointers', () => {
  it('find titles, help, placeholders and every message, but not codes, rules or the root description', () => {
    const pointers = textPointers('steps/applicantInfo.schema.json', files['steps/applicantInfo.schema.json']);
    expect(pointers).toContain('/properties/applicantInfo/properties/fullName/x-trimmed');
    expect(pointers).toContain('/properties/applicantInfo/x-phone/message');
    expect(pointers).toContain('/properties/applicantInfo/properties/email/then/errorMessage/format');
    expect(pointers).not.toContain('/description');
    expect(pointers.some((p) => p.includes('pattern') && !p.includes('errorMessage'))).toBe(false);
    const ui = textPointers('steps/applicantInfo.ui.json', files['steps/applicantInfo.ui.json']);
    expect(ui).toContain('/applicantInfo/fullName/ui:placeholder');
    // An example address or number is not text to translate.
    expect(ui).not.toContain('/applicantInfo/email/ui:placeholder');
    expect(ui).not.toContain('/applicantInfo/mobileNo/ui:placeholder');
  });
});

describe('localized content', () => {
  const arabic = localizeFiles(files, 'ar');

  it('lays the translations over the English files and leaves the rules and the English files alone', () => {
    const en = files['steps/applicantInfo.schema.json'] as { properties: { applicantInfo: { properties: { fullName: Record<string, unknown> } } } };
    const ar = arabic['steps/applicantInfo.schema.json'] as typeof en;
    expect(ar.properties.applicantInfo.properties.fullName.title).toBe('الاسم الكامل');
    expect(en.properties.applicantInfo.properties.fullName.title).toBe('Full name');
    const { title: _a, 'x-trimmed': _b, errorMessage: _c, ...arRules } = ar.properties.applicantInfo.properties.fullName;
    const { title: _d, 'x-trimmed': _e, errorMessage: _f, ...enRules } = en.properties.applicantInfo.properties.fullName;
    expect(arRules).toEqual(enRules);
    expect(localizeFiles(files, 'en')).toBe(files);
  });

  it('translates list options by code and page titles of flows.json', () => {
    const list = arabic['lists/companyCategory.json'] as { title: string; options: { value: string; label: string }[] };
    expect(list.title).toBe('فئة الشركة');
    expect(list.options.find((o) => o.value === 'LLC')?.label).toBe('شركة ذات مسؤولية محدودة (ذ.م.م)');
    expect((arabic['lists/countryOfIncorporation.json'] as typeof list).options.find((o) => o.value === 'AE')?.label).toBe('الإمارات العربية المتحدة');
    expect((arabic['flows.json'] as Record<string, { title: string }>).companyInfo!.title).toBe('معلومات الشركة');
  });

  it('validates with the same rules and answers in Arabic', () => {
    const validator = new ContentValidator(buildContent(arabic));
    const english = new ContentValidator(buildContent(files));
    const data = { applicantInfo: { fullName: 'Ali 2', email: 'x', countryCode: '971', mobileNo: '50' } };
    const ar = validator.validate('steps/applicantInfo', data);
    const en = english.validate('steps/applicantInfo', data);
    expect(ar.map((e) => [e.path, e.keyword])).toEqual(en.map((e) => [e.path, e.keyword]));
    expect(ar.find((e) => e.path === '/applicantInfo/fullName')?.message).toMatch(/^يُكتب الاسم الكامل/);
    expect(ar.find((e) => e.path === '/applicantInfo/mobileNo')?.message).toMatch(/^رقم الهاتف المتحرك لا يطابق/);
  });
});

describe('the language of a request', () => {
  it('follows ?locale=, then Accept-Language by weight, else English', () => {
    expect(requestLocale('ar', 'en')).toBe('ar');
    expect(requestLocale('xx', 'ar-AE,en;q=0.5')).toBe('ar');
    expect(requestLocale(undefined, undefined)).toBe('en');
    expect(fromAcceptLanguage('fr-FR,ar;q=0.8,en;q=0.9')).toBe('en');
    expect(fromAcceptLanguage('fr-FR,ar;q=0.9,en;q=0.8')).toBe('ar');
    expect(fromAcceptLanguage('ar;q=0,en')).toBe('en');
    expect(fromAcceptLanguage('de')).toBe('en');
  });
});

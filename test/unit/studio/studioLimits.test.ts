import { describe, expect, it } from 'vitest';
import { readContentDir } from '../../../src/content/readContentDir';
import { limitProblems, numbersIn } from '../../../src/server/studio/limitChecks';

const files = await readContentDir();
const COMPANY = 'steps/companyDetails.schema.json';
const COMPANY_UI = 'steps/companyDetails.ui.json';
const NAME = '/properties/organizationInfo/properties/companyName';
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- schema surgery in tests
type Loose = Record<string, any>;

/** The content with companyName limited to `max` characters, the texts left as they are unless `edit` changes them. */
function withMax(max: number, edit: (schema: Loose, ui: Loose, arabic: Loose) => void = () => {}) {
  const schema = structuredClone(files[COMPANY]) as Loose;
  const ui = structuredClone(files[COMPANY_UI]) as Loose;
  const arabic = structuredClone(files['i18n/ar.json']) as Loose;
  schema.properties.organizationInfo.properties.companyName.maxLength = max;
  edit(schema, ui, arabic);
  return { ...files, [COMPANY]: schema, [COMPANY_UI]: ui, 'i18n/ar.json': arabic };
}

describe('the check of limits against the texts that state them (limitChecks.ts)', () => {
  it('reads the numbers of a text in English and Arabic', () => {
    expect(numbersIn('A whole number from 0 to 999,999.')).toEqual([0, 999999]);
    expect(numbersIn('الحد الأقصى ٤٠ حرفًا')).toEqual([40]);
    expect(numbersIn('Form A1 rate 12.5')).toEqual([12.5]);
    expect(numbersIn('كما هو مكتوب في الرخصة التجارية، حتى 50 حرفًا')).toEqual([50]);
  });

  it('finds nothing in the published content, whatever the draft touches', () => {
    expect(limitProblems(files, files, Object.keys(files))).toEqual([]);
  });

  it('blocks a limit changed without its message and help, in English and Arabic (the bug: customers read the old limit)', () => {
    const draft = withMax(40);
    const problems = limitProblems(files, draft, [COMPANY]);
    expect(problems.map((p) => [p.path, p.pointer])).toEqual([
      [COMPANY, `${NAME}/errorMessage/maxLength`],
      [COMPANY_UI, '/organizationInfo/companyName/ui:help'],
      ['i18n/ar.json', `/texts/steps~1companyDetails.schema.json/${NAME.replaceAll('/', '~1')}~1errorMessage~1maxLength`],
      ['i18n/ar.json', '/texts/steps~1companyDetails.ui.json/~1organizationInfo~1companyName~1ui:help'],
    ]);
    expect(problems[0]!.message).toBe(
      'The message of maxLength of organizationInfo.companyName says "Company name is too long: use at most 50 characters", but the field\'s maxLength is 40 (was 50): state the field\'s limit in it',
    );
    expect(problems[3]!.message).toMatch(/^The Arabic of the help text of organizationInfo\.companyName says "كما هو مكتوب في الرخصة التجارية، حتى 50 حرفًا/);
  });

  it('accepts the limit once every text states it; a translation in Eastern Arabic digits counts', () => {
    const draft = withMax(40, (schema, ui, arabic) => {
      schema.properties.organizationInfo.properties.companyName.errorMessage.maxLength = 'Company name is too long: use at most 40 characters';
      ui.organizationInfo.companyName['ui:help'] = ui.organizationInfo.companyName['ui:help'].replace('50', '40');
      arabic.texts[COMPANY][`${NAME}/errorMessage/maxLength`] = 'اسم الشركة أطول من المسموح: ٤٠ حرفًا كحد أقصى';
      arabic.texts[COMPANY_UI]['/organizationInfo/companyName/ui:help'] = arabic.texts[COMPANY_UI]['/organizationInfo/companyName/ui:help'].replace('50', '40');
    });
    expect(limitProblems(files, draft, [COMPANY, COMPANY_UI, 'i18n/ar.json'])).toEqual([]);
  });

  it('holds a limit\'s message naming another number against it, without history; a help text only when it names the old limit', () => {
    const draft = withMax(50, (schema, ui) => {
      const vat = schema.properties.organizationInfo.properties.vatRegistrationNumber;
      vat.errorMessage.maxLength = 'VAT registration number is too long: use at most 16 digits';
      ui.organizationInfo.vatRegistrationNumber['ui:help'] = 'Your 14-digit TRN.';
    });
    // "UAE mobiles have 9 digits" in a help text is no limit of the field: only the message is wrong.
    expect(limitProblems(files, draft, [COMPANY, COMPANY_UI]).map((p) => p.message)).toEqual([
      'The message of maxLength of organizationInfo.vatRegistrationNumber says "VAT registration number is too long: use at most 16 digits", but the field\'s maxLength is 15: state the field\'s limit in it',
    ]);
  });

  it('follows minimum and maximum: a help text still naming the published maximum', () => {
    const draft = withMax(50, (schema) => {
      schema.properties.organizationInfo.properties.noOfEmployees.maximum = 99999;
    });
    const found = limitProblems(files, draft, [COMPANY]).map((p) => [p.pointer, p.message.replace(/ says .*, but/, ' ... but')]);
    expect(found).toContainEqual(['/organizationInfo/noOfEmployees/ui:help', "The help text of organizationInfo.noOfEmployees ... but the field's maximum is 99999 (was 999999): state the field's limit in it"]);
  });
});

/**
 * The company stakeholders page for the end-to-end tests: adds a person stakeholder through its six wizard
 * steps as an applicant would (keyboard and pointer on the real widgets), from the StakeholdersInfo page.
 */
import type { Locator, Page } from 'playwright-core';

export interface PersonStakeholder {
  salutation?: string;
  firstName: string;
  lastName: string;
  /** dd/mm/yyyy */
  dateOfBirth?: string;
  signatory?: boolean;
  /** authorityType code; '1' (sole proprietor) makes the person a 100 % shareholder by itself. */
  authorityType?: string;
  /** Omitted: not a shareholder. */
  percentage?: number;
  /** Country label as in the list, e.g. 'India'. */
  nationality?: string;
  passportNumber?: string;
  email?: string;
  mobileNo?: string;
  /** Home country dialling code label, e.g. '+91'. */
  homeCountryCode?: string;
  homeNo?: string;
  /** Runs on the last step (Preferred contact information) before its Continue: more fields, errors to fix. */
  onContact?: (wizard: Locator) => Promise<void>;
  /** A PDF uploaded as proof of relationship on the Shareholding step (a non-signatory holding 25 % or more). */
  proof?: { name: string; buffer: Buffer };
}

const label = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

/** A searchable list (LargeListSelect): type the start of the label, then pick the option. */
async function pickFromLargeList(page: Page, combobox: Locator, option: string): Promise<void> {
  await combobox.click();
  await combobox.fill(option.slice(0, Math.max(3, Math.min(option.length, 6))));
  // A dialling code's option also names its country ("+91 India"); other lists show the label alone.
  const name = /^\+\d+$/.test(option) ? new RegExp(`^\\${option}( |$)`) : option;
  await page.getByRole('option', { name, exact: typeof name === 'string' }).first().click();
}

async function answer(page: Page, question: string, yes: boolean): Promise<void> {
  await page.getByRole('radiogroup', { name: label(question) }).getByRole('radio', { name: yes ? 'Yes' : 'No' }).check();
}

async function continueTo(page: Page, nextHeading: string | null): Promise<void> {
  const wizard = page.locator('section[aria-labelledby^="stakeholder-step-"]');
  await wizard.getByRole('button', { name: 'Continue' }).click();
  try {
    if (nextHeading) await wizard.getByRole('heading', { level: 2, name: nextHeading }).waitFor();
    else await wizard.waitFor({ state: 'detached' });
  } catch (error) {
    // What stopped the step (a field error, a refused save), in the failure message.
    const errors = await page.locator('[role="alert"], .fui-Field__validationMessage').allInnerTexts();
    throw new Error(`${(error as Error).message}\non the page: ${errors.join(' | ')}`);
  }
}

/** Adds one person stakeholder on the StakeholdersInfo page and completes the six steps of its wizard. */
export async function addPersonStakeholder(page: Page, person: PersonStakeholder): Promise<void> {
  const p = {
    salutation: 'MS.',
    dateOfBirth: '15/04/1985',
    signatory: true,
    authorityType: '4',
    nationality: 'India',
    passportNumber: 'Z1234567',
    email: `${person.firstName}.${person.lastName}@falcon.ae`.toLowerCase().replace(/\s/g, ''),
    mobileNo: '501234567',
    homeCountryCode: '+91',
    homeNo: '9847012345',
    ...person,
  };
  await page.getByRole('button', { name: 'Add a stakeholder' }).click();
  const wizard = page.locator('section[aria-labelledby^="stakeholder-step-"]');
  await wizard.getByRole('heading', { level: 2, name: 'Personal Information' }).waitFor();

  await wizard.getByRole('combobox', { name: label('Salutation') }).selectOption(p.salutation);
  await wizard.getByLabel(label('First name')).fill(p.firstName);
  await wizard.getByLabel(label('Last name')).fill(p.lastName);
  await wizard.getByLabel(label('Date of birth')).fill(p.dateOfBirth);
  await answer(page, 'Is this person a politically exposed person', false);
  await continueTo(page, 'Signatory Rights');

  await answer(page, 'Is this person a signatory', p.signatory);
  if (p.signatory) await wizard.getByRole('combobox', { name: label('Authority type') }).selectOption(p.authorityType);
  await continueTo(page, 'Shareholding');

  if (p.authorityType !== '1' || !p.signatory) {
    await answer(page, 'Is this person a shareholder', p.percentage !== undefined);
    if (p.percentage !== undefined) await wizard.getByLabel(label('Percentage')).fill(String(p.percentage));
  }
  if (p.proof) {
    await wizard.locator('input[type=file][id$="docProofOfRelationship__file"]').setInputFiles({ ...p.proof, mimeType: 'application/pdf' });
    await wizard.getByText(`${p.proof.name} (Uploaded)`).waitFor();
  }
  await continueTo(page, 'Nationality');

  await pickFromLargeList(page, wizard.getByRole('combobox', { name: label('Nationality') }).first(), p.nationality);
  await pickFromLargeList(page, wizard.getByRole('combobox', { name: label('Country of issuance') }).first(), p.nationality);
  await wizard.getByLabel(label('Passport number')).first().fill(p.passportNumber);
  const year = new Date().getFullYear();
  await wizard.getByLabel(label('Passport issue date')).first().fill(`01/02/${year - 2}`);
  await wizard.getByLabel(label('Passport expiry date')).first().fill(`31/01/${year + 7}`);
  await continueTo(page, 'Country of residence');

  await pickFromLargeList(page, wizard.getByRole('combobox', { name: label('Country of residence') }), 'United Arab Emirates');
  await wizard.getByRole('combobox', { name: label('Residence status') }).selectOption({ label: 'Resident' });
  await wizard.getByLabel(label('Emirates ID'), { exact: false }).first().fill('784198512345671');
  await wizard.getByLabel(label('Emirates ID expiry date')).fill(`01/01/${year + 2}`);
  if (p.signatory) await answer(page, 'I have US relation', false);
  await continueTo(page, 'Preferred contact information');

  await wizard.getByLabel(label('E-mail')).fill(p.email);
  await wizard.getByLabel(label('Mobile Number')).fill(p.mobileNo);
  await pickFromLargeList(page, wizard.getByRole('combobox', { name: label('Home country code') }), p.homeCountryCode);
  await wizard.getByLabel(label('Home country phone number')).fill(p.homeNo);
  if (p.onContact) await p.onContact(wizard);
  await continueTo(page, null);
}

export interface CompanyStakeholder {
  companyName: string;
  percentage: number;
  /** A PDF to upload as proof of relationship (needed at 25 % or more). */
  proof?: { name: string; buffer: Buffer };
}

/** Adds a company stakeholder (a shareholder) on the StakeholdersInfo page and completes its one step. */
export async function addCompanyStakeholder(page: Page, company: CompanyStakeholder): Promise<void> {
  await page.getByRole('button', { name: 'Add a stakeholder' }).click();
  const wizard = page.locator('section[aria-labelledby^="stakeholder-step-"]');
  await wizard.getByRole('heading', { level: 2, name: 'Personal Information' }).waitFor();
  await wizard.getByRole('checkbox', { name: label('This stakeholder is a company') }).check();
  await wizard.getByRole('heading', { level: 2, name: 'Company information' }).waitFor();
  await answer(page, 'Is this company a shareholder', true);
  await wizard.getByLabel(label('Percentage')).fill(String(company.percentage));
  if (company.proof) {
    await wizard.locator('input[type=file][id$="docProofOfRelationship__file"]').setInputFiles({ ...company.proof, mimeType: 'application/pdf' });
    await wizard.getByText(`${company.proof.name} (Uploaded)`).waitFor();
  }
  const year = new Date().getFullYear();
  await wizard.getByLabel(label('Company name')).fill(company.companyName);
  await wizard.getByLabel(label('Trade license number')).fill('CN-HOLD-0001');
  await wizard.getByLabel(label('Trade license issue date')).fill(`01/01/${year}`);
  await wizard.getByLabel(label('Trade license expiry date')).fill(`31/12/${year}`);
  await pickFromLargeList(page, wizard.getByRole('combobox', { name: label('Country of incorporation') }), 'United Arab Emirates');
  await wizard.getByLabel(label('Date of incorporation')).fill(`01/01/${year - 7}`);
  await continueTo(page, null);
}

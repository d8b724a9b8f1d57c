import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axe } from './axeCheck';
import { putProspect, savedProspect, signInAsNewApplicant, waitForPage, waitForSaved } from './journeyHelpers';
import { chromiumAvailable, launchBrowser, type RunningServer, startServer, stopServerAndBrowser } from './server';

const suite = chromiumAvailable ? describe : describe.skip;

/** A field or group whose accessible name starts with the text (required fields carry a trailing marker). */
const named = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

const SAME = "Is the signatory's address in the UAE the same as the company's address?";
const PREFERRED = "Is this the signatory's preferred address for letters?";
const office = { officeNumber: '1203', street: 'Al Maktoum Road, Deira', poBox: '12345', emirateCity: 'DXB', spaceType: '1', country: 'AE', preferredAddress: 'Y' };

/** No page wider than the phone's viewport (nothing to scroll sideways). */
async function fitsWidth(page: Page): Promise<void> {
  const { scroll, width } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: window.innerWidth }));
  expect(scroll, `page ${scroll}px wide in a ${width}px viewport`).toBeLessThanOrEqual(width);
}

/**
 * The company's registered address beside its office address, the signatory's UAE address step of the final
 * questions (issue 18 item 1; the bank's fourth final-questions step) and the company's website on the preferred
 * contact step, on a 360 px phone, in Chromium on the compiled server:
 * "same as the company's address" Yes copies the company's office address (read-only), No lets it be changed,
 * Yes again copies it again, and No gives back what was typed; a wrong website is refused with its message and fixed.
 */
suite('addresses and contacts of issue 18 item 1 on a phone (360 px)', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await stopServerAndBrowser(server, browser);
  });

  it('asks the registered address when the office is elsewhere, with one preferred mailing address; drops it when not', async () => {
    const page = await (await browser.newContext({ viewport: { width: 360, height: 780 }, bypassCSP: true })).newPage(); // bypassCSP: the axe-core check injects a script
    await signInAsNewApplicant(page, server);
    await page.goto(`${server.url}/business/FinalQuestions?step=4`);
    await waitForPage(page, 'Preferred mailing address');
    const different = page.getByRole('radiogroup', { name: named('Is this address different from the address on your trade license?') });
    const officePreferred = page.getByRole('radiogroup', { name: named("Should the bank send its letters to the office address?") });
    await page.getByLabel(named('Office / villa number')).first().fill('1203');
    await page.getByLabel(named('Street / location')).first().fill(office.street);
    await page.getByLabel(named('PO Box')).first().fill('12345');
    await page.getByRole('combobox', { name: named('Emirate / City') }).first().selectOption('DXB');
    await page.getByRole('combobox', { name: named('Type of space occupied') }).selectOption({ index: 1 });
    await different.getByRole('radio', { name: 'No' }).check();
    // One address: no registered address, and the office address is the preferred one (shown, not editable).
    expect(await page.getByLabel(named('Office / villa number')).count()).toBe(1);
    await expect.poll(() => officePreferred.getByRole('radio', { name: 'Yes' }).isChecked()).toBe(true);
    expect(await officePreferred.getByRole('radio', { name: 'No' }).isDisabled()).toBe(true);

    await different.getByRole('radio', { name: 'Yes' }).check();
    await expect.poll(() => page.getByLabel(named('Office / villa number')).count()).toBe(2);
    await expect.poll(() => officePreferred.getByRole('radio', { name: 'No' }).isEnabled()).toBe(true);
    await fitsWidth(page);
    expect((await axe(page)).map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    // Continue without the registered address: its fields say what is missing.
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('Office / villa number is not filled').first().waitFor();
    await page.getByLabel(named('Office / villa number')).nth(1).fill('Suite 2207');
    await page.getByLabel(named('Street / location')).nth(1).fill('Jumeirah Lake Towers, Cluster X');
    await page.getByLabel(named('PO Box')).nth(1).fill('340211');
    await page.getByRole('combobox', { name: named('Emirate / City') }).nth(1).selectOption('DXB');
    await officePreferred.getByRole('radio', { name: 'No' }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await waitForPage(page, 'Preferred contact');
    let organization = (await savedProspect(page, server)).prospect.organizationInfo as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    expect(organization.addressInfo[0].addressDetails.preferredAddress).toBe('N');
    expect(organization.registeredAddress).toEqual({
      typeOfAddress: 'Registered',
      addressDetails: { officeNumber: 'Suite 2207', street: 'Jumeirah Lake Towers, Cluster X', poBox: '340211', emirateCity: 'DXB', country: 'AE', preferredAddress: 'Y' },
    });

    // Back, and the office is at the trade license address after all: the registered address goes, the office is preferred.
    await page.goBack();
    await waitForPage(page, 'Preferred mailing address');
    await different.getByRole('radio', { name: 'No' }).check();
    await expect.poll(() => page.getByLabel(named('Office / villa number')).count()).toBe(1);
    await page.getByRole('button', { name: 'Continue' }).click();
    await waitForPage(page, 'Preferred contact');
    organization = (await savedProspect(page, server)).prospect.organizationInfo as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    expect(organization.registeredAddress).toBeUndefined();
    expect(organization.addressInfo[0].addressDetails.preferredAddress).toBe('Y');
    await page.context().close();
  }, 180_000);

  it('walks the UAE address step: same as the company’s address Yes, then No (typed), then Yes; a wrong website fixed', async () => {
    const page = await (await browser.newContext({ viewport: { width: 360, height: 780 }, bypassCSP: true })).newPage(); // bypassCSP: the axe-core check injects a script
    await signInAsNewApplicant(page, server);
    await putProspect(page, server, {
      organizationInfo: { addressInfo: [{ typeOfAddress: 'Office', officeAddressDifferent: 'N', addressDetails: office }] },
      signatoryInfo: [{ signatoryId: 'S1', firstName: 'Khalid', lastName: 'Al Mansouri', kycDetails: { isSignatory: true, isShareholderACompany: false, nationality: 'AE' } }],
    });

    // The company's website: a wrong one is refused with its message, then fixed.
    await page.goto(`${server.url}/business/FinalQuestions?step=5`);
    await waitForPage(page, 'Preferred contact');
    await expect.poll(() => page.getByLabel(named('E-mail')).first().inputValue()).not.toBe('');
    const website = page.getByLabel(named('Website'));
    await website.fill('Falcon Trading');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('Website must be an address like www.company.ae or https://company.ae, in lower-case letters').first().waitFor();
    expect(await website.getAttribute('aria-invalid')).toBe('true');
    await fitsWidth(page);
    await website.fill('www.falcontrading.ae');
    await expect.poll(() => page.getByText('Website must be an address like').count()).toBe(0);
    await page.getByRole('button', { name: 'Continue' }).click();
    await waitForPage(page, /^Personal information: Khalid Al Mansouri/);
    expect((await savedProspect(page, server)).prospect.organizationInfo).toMatchObject({ contactDetails: { website: 'www.falcontrading.ae' } });

    // The signatory's fourth step.
    await page.goto(`${server.url}/business/FinalQuestions?step=9`);
    await waitForPage(page, /^UAE address: Khalid Al Mansouri/);
    await page.getByText('Step 9 of 9').waitFor();
    await fitsWidth(page);
    const flat = page.getByLabel(named('Flat / villa number'));
    const street = page.getByLabel(named('Street / location'));
    const poBox = page.getByLabel(named('PO Box'));
    const preferred = page.getByRole('radiogroup', { name: named(PREFERRED) });

    // Yes: the company's office address, read-only; a UAE national's only address is the preferred one.
    await page.getByRole('radiogroup', { name: named(SAME) }).getByRole('radio', { name: 'Yes' }).check();
    await expect.poll(() => street.inputValue()).toBe(office.street);
    expect(await flat.inputValue()).toBe(office.officeNumber);
    expect(await poBox.inputValue()).toBe(office.poBox);
    expect(await street.isEditable()).toBe(false);
    expect(await preferred.getByRole('radio', { name: 'Yes' }).isChecked()).toBe(true);
    await fitsWidth(page);
    expect((await axe(page)).map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    // Keyboard: the answer is a radio group reached with Tab, its choice made with the arrow keys.
    await page.getByRole('radiogroup', { name: named(SAME) }).getByRole('radio', { name: 'Yes' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => street.isEditable()).toBe(true);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => street.isEditable()).toBe(false);

    // No: the copy stays and can be changed.
    await page.getByRole('radiogroup', { name: named(SAME) }).getByRole('radio', { name: 'No' }).check();
    await expect.poll(() => street.isEditable()).toBe(true);
    expect(await street.inputValue()).toBe(office.street);
    await flat.fill('Villa 27');
    await street.fill('Al Wasl Road, Jumeirah');
    await poBox.fill('1234567');
    await street.focus();
    await page.getByText('PO Box is too long: use at most 6 characters').first().waitFor();
    await poBox.fill('34567');
    await expect.poll(() => page.getByText('PO Box is too long').count()).toBe(0);

    // Yes again: the company's address replaces what was typed.
    await page.getByRole('radiogroup', { name: named(SAME) }).getByRole('radio', { name: 'Yes' }).check();
    await expect.poll(() => street.inputValue()).toBe(office.street);
    expect(await flat.inputValue()).toBe(office.officeNumber);
    expect(await poBox.inputValue()).toBe(office.poBox);
    expect(await flat.isEditable()).toBe(false);

    // No once more: what was typed comes back (changing an answer and changing it back loses nothing); then Yes.
    await page.getByRole('radiogroup', { name: named(SAME) }).getByRole('radio', { name: 'No' }).check();
    await expect.poll(() => street.inputValue()).toBe('Al Wasl Road, Jumeirah');
    expect(await flat.inputValue()).toBe('Villa 27');
    expect(await poBox.inputValue()).toBe('34567');
    await page.getByRole('radiogroup', { name: named(SAME) }).getByRole('radio', { name: 'Yes' }).check();
    await expect.poll(() => street.inputValue()).toBe(office.street);

    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL('**/business/UploadDocuments**');
    const saved = await savedProspect(page, server);
    const s = (saved.prospect.signatoryInfo as Record<string, unknown>[])[0]!;
    expect(s.sameAsCompanyAddress).toBe(true);
    expect(s.uaeAddress).toEqual({ typeOfAddress: 'Residence', flatVillaNumber: '1203', street: office.street, poBox: '12345', emirateCity: 'DXB', country: 'AE', preferredAddress: 'Y' });
    expect(saved.completedSteps).toContainEqual(expect.objectContaining({ step: 'fqSignatoryAddress', status: 'COMPLETED', signatoryId: 'S1' }));

    // Back: the step shows the answer given.
    await page.goBack();
    await waitForPage(page, /^UAE address: Khalid Al Mansouri/);
    expect(await page.getByRole('radiogroup', { name: named(SAME) }).getByRole('radio', { name: 'Yes' }).isChecked()).toBe(true);
    expect(await street.inputValue()).toBe(office.street);
    await page.context().close();
  }, 180_000);

  it('keeps every key on the mailing address after Continue showed errors, and a fixed value stays fixed (320 px)', async () => {
    const page = await (await browser.newContext({ viewport: { width: 320, height: 700 } })).newPage();
    await signInAsNewApplicant(page, server);
    await page.goto(`${server.url}/business/FinalQuestions?step=4`);
    await waitForPage(page, 'Preferred mailing address');
    // Continue on the empty step: its errors show; then every key typed reaches the fields, the first ones too.
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('Office / villa number is not filled').first().waitFor();
    const officeBox = page.getByLabel(named('Office / villa number')).first();
    const street = page.getByLabel(named('Street / location')).first();
    await officeBox.pressSequentially('Office 1204');
    await street.pressSequentially('Zayed');
    await page.getByRole('combobox', { name: named('Emirate / City') }).first().selectOption('DXB');
    expect(await officeBox.inputValue()).toBe('Office 1204');
    expect(await street.inputValue()).toBe('Zayed');
    // Too long: Continue says so; the value fixed stays as typed (it was put back to 'Office 1204' with the error gone).
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('Office / villa number is too long: use at most 10 characters').first().waitFor();
    await officeBox.fill('1204');
    await expect.poll(() => page.getByText('Office / villa number is too long: use at most 10 characters').count()).toBe(0);
    await waitForSaved(page);
    expect(await officeBox.inputValue()).toBe('1204');
    expect(await street.inputValue()).toBe('Zayed');
    const saved = (await savedProspect(page, server)).prospect.organizationInfo as { addressInfo: { addressDetails: Record<string, string> }[] };
    expect(saved.addressInfo[0]!.addressDetails).toMatchObject({ officeNumber: '1204', street: 'Zayed', emirateCity: 'DXB' });
  }, 120_000);
});

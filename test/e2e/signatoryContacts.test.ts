import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axe } from './axeCheck';
import { completeCompanyInfo, savedProspect, signInAsNewApplicant, waitForSaved } from './journeyHelpers';
import { chromiumAvailable, launchBrowser, type RunningServer, startServer, stopServerAndBrowser } from './server';
import { addPersonStakeholder } from './stakeholderHelpers';

const suite = chromiumAvailable ? describe : describe.skip;

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** A searchable dialling-code list: type the code, pick "+971 United Arab Emirates". */
async function pickCode(page: Page, combobox: Locator, code: string) {
  await combobox.click();
  await combobox.fill(code);
  await page.getByRole('option', { name: new RegExp(`^\\${code}( |$)`) }).first().click();
}

/**
 * Issue 18 item 1 in Chromium: the signatory's own second e-mail, mobile, landline, fax and website on the
 * stakeholder's Preferred contact information step, on a 360 px phone: each wrong value is named and fixed, the
 * step continues, and the values are stored (the bank export sends them under the bank's names).
 */
suite('signatory second contacts', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await stopServerAndBrowser(server, browser);
  });

  it('names a second mobile without its code, a UAE landline as a mobile, a short fax (UAE and UK) and a wrong website; fixed, they are saved (360 px)', async () => {
    // bypassCSP: the accessibility check injects axe-core (the app's CSP forbids it).
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
    const page = await context.newPage();
    const { prospectId } = await signInAsNewApplicant(page, server);
    await completeCompanyInfo(page);
    await page.setViewportSize({ width: 360, height: 740 });

    await addPersonStakeholder(page, {
      firstName: 'Rajesh',
      lastName: 'Menon',
      percentage: 100,
      onContact: async (wizard) => {
        const mobile = wizard.getByLabel(/^Second mobile number/);
        const mobileCode = wizard.getByRole('combobox', { name: /^Second mobile country code/ });
        const fax = wizard.getByLabel(/^Fax number/);
        const faxCode = wizard.getByRole('combobox', { name: /^Fax country code/ });
        const website = wizard.getByLabel(/^Website/);
        const email = wizard.getByLabel(/^Second e-mail/);
        const cont = wizard.getByRole('button', { name: 'Continue' });

        // Wrong values: a number without its country code, a fax one digit short, a website in capitals, an e-mail of the bank.
        await mobile.fill('552223344');
        await pickCode(page, faxCode, '+971');
        await fax.fill('4212345');
        await website.fill('www.RajeshMenon.ae');
        await email.fill('rajesh@rakbank.ae');
        await cont.click();
        await page.getByText('Second mobile country code is not filled').first().waitFor();
        await page.getByText(/^Fax number is not a number of the country code/).first().waitFor();
        await page.getByText(/^Website must be an address like www\.name\.ae/).first().waitFor();
        await page.getByText("Second e-mail of the bank's own domain is not allowed").first().waitFor();
        const layout = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: window.innerWidth }));
        expect(layout.scroll, 'no horizontal scrolling at 360 px with the errors shown').toBeLessThanOrEqual(layout.width);

        // The code given, but the number typed is a UAE landline: named as not a mobile.
        await pickCode(page, mobileCode, '+971');
        await mobile.fill('42123456');
        await cont.click();
        await page.getByText(/^Second mobile number is not a mobile number of the country code/).first().waitFor();

        // A code of another country: the browser fetches that code's phone metadata (a kB or so, not all of
        // libphonenumber's) when it is chosen, and refuses what the server refuses: 42123457, a UAE landline, is no
        // UK number, which shows once the metadata is in (without typing again); a UK number is accepted.
        const metadata: string[] = [];
        page.on('request', (r) => void (r.url().includes('/api/phone-metadata/') && metadata.push(new URL(r.url()).pathname)));
        const faxError = page.getByText(/^Fax number is not a number of the country code/).first();
        await fax.fill('42123457');
        await faxError.waitFor({ state: 'detached' });
        const arrived = page.waitForResponse((r) => r.url().includes('/api/phone-metadata/') && r.ok());
        await pickCode(page, faxCode, '+44');
        expect((await (await arrived).body()).length, "the UK numbers' metadata only").toBeLessThan(5000);
        await faxError.waitFor();
        await fax.fill('20712');
        await cont.click();
        await faxError.waitFor();
        await fax.fill('2071234567');
        await cont.click();
        // The step's errors are shown again (the second mobile's is still wrong), the fax's no more.
        await page.getByText(/^Second mobile number is not a mobile number of the country code/).first().waitFor();
        expect(await faxError.count(), 'a UK number is accepted').toBe(0);
        expect(metadata).toEqual([expect.stringMatching(/^\/api\/phone-metadata\/[0-9a-f]{16}\/44\.json$/)]);
        await pickCode(page, faxCode, '+971');

        // Fixed, one by one.
        await mobile.fill('552223344');
        await fax.fill('42123457');
        await website.fill('www.rajeshmenon.ae');
        await email.fill('rajesh.menon@gmail.com');
        expect(await axe(page), 'serious or critical accessibility problems of the contact step').toEqual([]);
      },
    });

    await waitForSaved(page);
    const saved = await savedProspect(page, server, prospectId);
    const [stakeholder] = saved.prospect.signatoryInfo as Json[];
    expect(stakeholder!.contactDetails).toMatchObject({
      secondaryEmail: 'rajesh.menon@gmail.com',
      secondaryMobileCountryCode: '971',
      secondaryMobileNo: '552223344',
      faxCountryCode: '971',
      fax: '42123457',
      website: 'www.rajeshmenon.ae',
    });
    // Not given: not stored.
    expect(stakeholder!.contactDetails).not.toHaveProperty('secondaryPhoneNo');
    await context.close();
  }, 240_000);
});

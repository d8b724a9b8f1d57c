import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkArabicPage } from './arabicHelpers';
import { browserSession, latestCode, newApplicant, savedProspect, uniqueLicenceNumber, waitForPage } from './journeyHelpers';
import { chromiumAvailable, launchBrowser, type RunningServer, startServer, stopServerAndBrowser } from './server';

const suite = chromiumAvailable ? describe : describe.skip;
const PHONE = { width: 390, height: 844 };


suite('Arabic, right to left, at phone width', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await context?.close();
    await stopServerAndBrowser(server, browser);
  });

  it("the pre-rendered landing page is sent in the visitor's language, so the first paint is in it: the address's, the remembered, the browser's", async () => {
    const langOf = async (path: string, headers: Record<string, string>) => {
      const html = await (await fetch(`${server.url}${path}`, { headers })).text();
      return /<html lang="(\w+)" dir="(\w+)">/.exec(html)?.slice(1).join(' ');
    };
    await expect(langOf('/', { 'accept-language': 'ar-AE,ar;q=0.9,en;q=0.8' })).resolves.toBe('ar rtl');
    await expect(langOf('/business', { 'accept-language': 'en-GB' })).resolves.toBe('en ltr');
    await expect(langOf('/', { 'accept-language': 'ar-AE', cookie: 'other=1; qa.locale=en' })).resolves.toBe('en ltr');
    await expect(langOf('/business?locale=ar', { 'accept-language': 'en', cookie: 'qa.locale=en' })).resolves.toBe('ar rtl');
    // The switch remembers the choice for the server too: the next visit's HTML is in it.
    const ctx = await browser.newContext({ locale: 'en-US', viewport: PHONE });
    const page = await ctx.newPage();
    await page.goto(`${server.url}/`);
    // The pre-rendered page is titled by its heading in its language, and the title follows the switch.
    await expect(page.title()).resolves.toBe('Get started with your banking needs online, in minutes. – Quick Apply');
    await page.getByTestId('language-switch').click();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('ar');
    await expect(page.title()).resolves.toBe('ابدأ معاملاتك المصرفية عبر الإنترنت، في دقائق. – Quick Apply');
    const cookie = (await ctx.cookies()).find((c) => c.name === 'qa.locale');
    expect(cookie?.value).toBe('ar');
    await expect(langOf('/', { 'accept-language': 'en-US', cookie: `qa.locale=${cookie!.value}` })).resolves.toBe('ar rtl');
    await ctx.close();
  });

  it('a first visit from an Arabic browser: landing, accounts, product and start pages; basic information, code and company steps; not found', async () => {
    // An Arabic browser (Accept-Language and navigator.languages), a phone; bypassCSP for axe's injected script.
    context = await browser.newContext({ locale: 'ar-AE', viewport: PHONE, bypassCSP: true });
    const page = await context.newPage();
    const failures: string[] = [];

    await page.goto(`${server.url}/`);
    await waitForPage(page, 'ابدأ معاملاتك المصرفية عبر الإنترنت، في دقائق.');
    await checkArabicPage(page, 'landing', failures);
    await page.getByRole('button', { name: 'قارن بين الحسابات' }).click();
    await waitForPage(page, 'قارن بين حسابات الأعمال لدينا', '**/business/accounts');
    await expect.poll(() => page.getByRole('heading', { level: 2, name: 'الحساب الجاري' }).count()).toBeGreaterThan(0);
    await checkArabicPage(page, 'accounts', failures);

    // The product and start pages on the way to the application.
    await page.getByRole('button', { name: 'اختيار الحساب الجاري' }).first().click();
    await waitForPage(page, 'الحساب الجاري', '**/business/accounts/current-account');
    await checkArabicPage(page, 'product', failures);
    await page.getByRole('button', { name: 'قدّم طلبك الآن' }).click();
    await waitForPage(page, 'التقديم على الحساب الجاري', '**/application-overview');
    await checkArabicPage(page, 'start page', failures);
    await page.getByRole('button', { name: 'ابدأ الطلب' }).click();

    // Basic information: the step's labels, help and messages come from the Arabic catalogue of the content.
    await waitForPage(page, 'المعلومات الأساسية', '**/business/ApplicantInfo');
    await checkArabicPage(page, 'basic information', failures);
    const applicant = newApplicant();
    // A name with a digit is refused in Arabic, then fixed.
    await page.getByLabel('الاسم الكامل').fill('Layla 2');
    await page.getByLabel('البريد الإلكتروني').click();
    await expect.poll(() => page.getByText(/^يُكتب الاسم الكامل بالأحرف اللاتينية/).count()).toBe(1);
    await page.getByLabel('الاسم الكامل').fill(applicant.fullName);
    await page.getByLabel('البريد الإلكتروني').fill(applicant.email);
    await expect.poll(() => page.getByText(/^يُكتب الاسم الكامل/).count()).toBe(0);
    // The mobile number typed with Arabic-Indic digits; the field reads left to right.
    const mobile = page.getByLabel('رقم الهاتف المتحرك');
    await mobile.fill(applicant.mobileNo.replace(/\d/g, (d) => String.fromCharCode(0x660 + Number(d))));
    await expect(mobile.inputValue()).resolves.toBe(applicant.mobileNo);
    await expect(mobile.getAttribute('dir')).resolves.toBe('ltr');
    await page.getByRole('button', { name: 'متابعة' }).click();

    // The one-time code, typed with Arabic-Indic digits into boxes that stay left to right.
    await waitForPage(page, 'تأكيد هويتك', '**/business/VerifyOTP');
    await checkArabicPage(page, 'one-time code', failures);
    expect(await page.getByRole('group', { name: 'رمز التحقق لمرة واحدة' }).getAttribute('dir')).toBe('ltr');
    const code = await latestCode(server, applicant);
    await page.getByLabel('الرقم 1 من 6').click();
    await page.keyboard.type(code.replace(/\d/g, (d) => String.fromCharCode(0x660 + Number(d))));

    // Company details: a wrong number of employees answered in Arabic, then fixed (Arabic-Indic digits again).
    await waitForPage(page, 'تفاصيل الشركة', '**/business/CompanyInfo**');
    await checkArabicPage(page, 'company details', failures);
    await page.getByLabel('اسم الشركة').fill('Falcon Trading LLC');
    // Arabic-Indic digits are read as the number (1,000,000 is above the limit of 999999).
    await page.getByLabel('عدد الموظفين').fill('١٠٠٠٠٠٠');
    await page.getByLabel('اسم الشركة').click();
    await expect.poll(() => page.getByText('يجب أن يكون عدد الموظفين 999999 أو أقل').count()).toBe(1);
    await page.getByLabel('عدد الموظفين').fill('١٢');
    const category = page.getByRole('combobox', { name: 'فئة الشركة' });
    await category.selectOption('LLC');
    expect(await category.locator('option:checked').textContent()).toBe('شركة ذات مسؤولية محدودة (ذ.م.م)');
    await page.getByRole('button', { name: 'متابعة' }).click();

    await waitForPage(page, 'القطاع', '**/business/CompanyInfo?step=2**');
    await checkArabicPage(page, 'industry', failures);
    const saved = await savedProspect(page, server, (await browserSession(page)).prospectId);
    expect((saved.prospect.organizationInfo as { noOfEmployees?: unknown }).noOfEmployees).toBe(12);
    expect((saved.prospect.applicantInfo as { mobileNo?: unknown }).mobileNo).toBe(applicant.mobileNo);

    // The licence step's date fields stay left to right; the page fits the phone.
    await page.goto(`${server.url}/business/CompanyInfo?step=3`);
    await waitForPage(page, 'معلومات الرخصة التجارية');
    await page.getByLabel('رقم الرخصة').fill(uniqueLicenceNumber());
    await checkArabicPage(page, 'licence', failures);
    // The header line names the application in Arabic.
    // The company's name is isolated (FSI … PDI) so that its Latin text keeps its order inside the Arabic sentence.
    expect(await page.getByTestId('application-header').textContent()).toBe('طلب الحساب الجاري لشركة \u2068Falcon Trading LLC\u2069');
    await page.goto(`${server.url}/business/no-such-page`);
    await waitForPage(page, 'الصفحة غير موجودة');
    await checkArabicPage(page, 'not found', failures);
    expect(failures).toEqual([]);
  }, 300_000);

  it('the switch on every page changes the language and the direction, keeps what was typed, and the choice is remembered', async () => {
    const own = await browser.newContext({ locale: 'ar-AE', viewport: PHONE });
    const page = await own.newPage();
    await page.goto(`${server.url}/business/accounts`);
    await waitForPage(page, 'قارن بين حسابات الأعمال لدينا');
    await page.getByTestId('language-switch').click();
    await waitForPage(page, 'Compare our business accounts');
    await expect.poll(() => page.getByRole('heading', { level: 2, name: 'Current Account' }).count()).toBeGreaterThan(0);
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['en', 'ltr']);
    // The Arabic browser's next visit stays in English (the choice wins over the browser's language).
    await page.reload();
    await waitForPage(page, 'Compare our business accounts');
    await page.getByTestId('language-switch').click();
    await waitForPage(page, 'قارن بين حسابات الأعمال لدينا');
    await page.reload();
    await waitForPage(page, 'قارن بين حسابات الأعمال لدينا');

    // Switching in the middle of a form keeps what was typed, and the shown error follows the language.
    await page.evaluate(() => sessionStorage.setItem('qa.accountChoice', JSON.stringify({ accountType: 'elite', islamicBanking: false })));
    await page.goto(`${server.url}/business/ApplicantInfo`);
    await waitForPage(page, 'المعلومات الأساسية');
    await page.getByLabel('الاسم الكامل').fill('Omar 7');
    await page.getByLabel('البريد الإلكتروني').click();
    await expect.poll(() => page.getByText(/^يُكتب الاسم الكامل/).count()).toBe(1);
    await expect(page.title()).resolves.toBe('المعلومات الأساسية – Quick Apply');
    await page.getByTestId('language-switch').click();
    await waitForPage(page, 'Basic Information');
    await expect.poll(() => page.title()).toBe('Basic Information – Quick Apply');
    await expect(page.getByLabel('Full name').inputValue()).resolves.toBe('Omar 7');
    await page.getByLabel('Full name').fill('Omar 77');
    await page.getByLabel('E-mail').click();
    await expect.poll(() => page.getByText(/^Full name may only contain Latin letters \(A-Z\)/).count()).toBe(1);
    await page.getByTestId('language-switch').click();
    await waitForPage(page, 'المعلومات الأساسية');
    await expect(page.getByLabel('الاسم الكامل').inputValue()).resolves.toBe('Omar 77');
    await own.close();
  }, 120_000);
});

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { actionTarget, inCatalogue, isStopCode, outcomeCatalogue, screeningView, statusFor, stopView } from '../../../src/app/features/documents/outcomes';

const root = join(import.meta.dirname, '..', '..', '..');
const screening = JSON.parse(readFileSync(join(root, 'schemas', 'screening.json'), 'utf8')) as { checks: Record<string, { screeningType: string }> };
const DEFAULT = 'We apologise that we are unable to offer you a product. Thank you for your interest in the product';
const MAX = "Oops! you have reached the maximum no. of documents uploads. Let's have someone call you back within one day to help you out.";
const SAME = 'We already have your application. Not to worry, our team is already working on it.';

const pass = (type: string) => ({ screeningType: type, screeningStatus: 'SUCCESS', screeningReason: 'No Match', screeningFlag: false });
const hit = (type: string, status: string) => ({ screeningType: type, screeningStatus: status, screeningReason: type, screeningFlag: true });
const labels = (buttons: { label: string }[]) => buttons.map((b) => b.label);

describe('screeningView', () => {
  it('a clean SUCCESS or WITH_RO is "Application submitted"', () => {
    expect(screeningView({ statusOverAll: 'SUCCESS', screeningResults: [pass('Dedupe Check'), pass('Blacklist Check')] })).toEqual({ kind: 'submitted', outcome: 'SUCCESS' });
    expect(screeningView({ statusOverAll: 'WITH_RO', screeningResults: [pass('Dedupe Check')] })).toEqual({ kind: 'submitted', outcome: 'WITH_RO' });
  });

  it('DECLINE and INELIGIBLE: "Go to home page"; the message of the deciding check', () => {
    const v = screeningView({ statusOverAll: 'DECLINE', screeningResults: [pass('Dedupe Check'), hit('Virtual Currency Check', 'DECLINE')] });
    expect(v.kind).toBe('status');
    if (v.kind !== 'status') return;
    expect(v.view).toMatchObject({ reason: 'Virtual Currency Check', outcome: 'DECLINE', image: 'declined' });
    expect(v.view.message).toMatch(/virtual currencies/);
    expect(labels(v.view.buttons)).toEqual(['Go to home page']);
    const big = screeningView({ statusOverAll: 'INELIGIBLE', screeningResults: [hit('ShareHolderCount Check', 'INELIGIBLE')] });
    expect(big.kind === 'status' && labels(big.view.buttons)).toEqual(['Go to home page']);
  });

  it('the check with the overall outcome decides when several matched', () => {
    const v = screeningView({ statusOverAll: 'DECLINE', screeningResults: [hit('HawalaService', 'PENDING'), hit('Blacklist Check', 'DECLINE')] });
    expect(v.kind === 'status' && v.view.reason).toBe('Blacklist Check');
    // The blacklist is not named to the applicant.
    expect(v.kind === 'status' && v.view.message).toBe(DEFAULT);
  });

  it('PENDING: "Continue" to the come-back login', () => {
    const v = screeningView({ statusOverAll: 'PENDING', screeningResults: [hit('Company is a Stakeholder Check', 'PENDING')] });
    expect(v.kind === 'status' && v.view).toMatchObject({ image: 'callback', buttons: [{ label: 'Continue', action: 'comeBackLogin' }] });
  });

  it('Application Dedupe: the variant of the other application decides message and buttons', () => {
    const success = screeningView({ statusOverAll: 'WITH_RO', screeningResults: [hit('Application Dedupe Check', 'WITH_RO')] });
    expect(success.kind === 'status' && labels(success.view.buttons)).toEqual(['No, thanks', 'Yes']);
    const pending = screeningView({ statusOverAll: 'PENDING', screeningResults: [hit('Application Dedupe Check', 'PENDING')] });
    expect(pending.kind === 'status' && pending.view.message).toMatch(/^We already have your application/);
  });

  it('starter account validation offers "Open Current Account"; too many documents "Explore Now"', () => {
    const starter = screeningView({ statusOverAll: 'INELIGIBLE', screeningResults: [hit('Starter account validation', 'INELIGIBLE')] });
    expect(starter.kind === 'status' && starter.view.buttons).toEqual([{ label: 'Open Current Account', action: 'currentAccount' }]);
    const docs = screeningView({ statusOverAll: 'PENDING', screeningResults: [hit('Total No of Documents uploaded check', 'PENDING')] });
    expect(docs.kind === 'status' && docs.view).toMatchObject({ message: MAX, buttons: [{ label: 'Explore Now', action: 'products' }] });
  });

  it('an unknown reason gets the default message with the buttons of its outcome', () => {
    const v = screeningView({ statusOverAll: 'DECLINE', screeningResults: [hit('Company Firco', 'DECLINE')] });
    expect(v.kind === 'status' && v.view).toMatchObject({ message: DEFAULT, buttons: [{ label: 'Go to home page' }] });
    expect(statusFor(undefined, undefined)).toMatchObject({ message: DEFAULT, buttons: [{ label: 'See products', action: 'products' }] });
  });

  it('every screening type of schemas/screening.json has its own message', () => {
    for (const check of Object.values(screening.checks)) {
      expect(outcomeCatalogue.screening[check.screeningType], check.screeningType).toBeDefined();
      expect(outcomeCatalogue.screening[check.screeningType]!.message, check.screeningType).toBeTruthy();
    }
  });
});

describe('stopView', () => {
  it('maps the prospect codes of the error catalogue', () => {
    expect(stopView({ code: '12013', message: 'x' }).message).toBe('We noticed that your application is incomplete. Not to worry, our team is already working on it.');
    for (const code of ['12012', 'EXP101', 'FATAL0001', '10004', 'I001F', '12000', 'INV0001']) expect(stopView({ code }).message, code).toBe(SAME);
    expect(stopView({ code: '12002' }).message).toBe('Invalid Prospect ID');
    expect(labels(stopView({ code: '12012' }).buttons)).toEqual(['See products']);
    expect(stopView({ code: 'MAX_DOCUMENTS' })).toMatchObject({ message: MAX, buttons: [{ label: 'Explore Now' }] });
  });
  it('a conflict or a missing application is not a stop page', () => {
    expect(isStopCode('12012')).toBe(true);
    expect(isStopCode('VERSION_CONFLICT')).toBe(false);
    expect(isStopCode('NO_PROSPECT')).toBe(false);
    expect(isStopCode('toString')).toBe(false);
  });
  it("an unknown code shows the server's message, else the default", () => {
    expect(stopView({ code: 'X1', message: 'Something specific' }).message).toBe('Something specific');
    expect(stopView({ code: 'X1', message: ' ' }).message).toBe(DEFAULT);
  });
});

describe('actionTarget', () => {
  it('"No, thanks" stays in the app unless the SME site is configured', () => {
    expect(actionTarget('smeSite', { externalSmeSite: null })).toEqual({ external: false, href: '/business' });
    expect(actionTarget('smeSite', { externalSmeSite: 'https://bank.example/sme' })).toEqual({ external: true, href: 'https://bank.example/sme' });
    expect(actionTarget('smeSite', { externalSmeSite: 'javascript:alert(1)' })).toEqual({ external: false, href: '/business' });
    expect(actionTarget('comeBackLogin')).toEqual({ external: false, href: '/business/ComeBackLogin' });
    expect(actionTarget('nonsense')).toEqual({ external: false, href: '/business/accounts' });
  });
});

describe("the status page's texts in the applicant's language (the config's catalogue)", () => {
  it('takes the message and buttons of the Arabic catalogue, for a screening outcome and a stop code', async () => {
    const { readContentDir } = await import('../../../src/content/readContentDir');
    const { localizeFiles } = await import('../../../src/content/i18n/catalogue');
    const { buildContent } = await import('../../../src/content/buildContent');
    const arabic = buildContent(localizeFiles(await readContentDir(), 'ar'), { lifecycle: false }).outcomes;
    expect(arabic).toBeDefined();

    const v = screeningView({ statusOverAll: 'DECLINE', screeningResults: [hit('Virtual Currency Check', 'DECLINE')] });
    if (v.kind !== 'status') throw new Error('expected a status page');
    const shown = inCatalogue(v.view, arabic);
    expect(shown).toMatchObject({ reason: 'Virtual Currency Check', outcome: 'DECLINE', image: v.view.image });
    expect(shown.message).toMatch(/العملات الافتراضية/);
    expect(shown.buttons.map((b) => b.action)).toEqual(v.view.buttons.map((b) => b.action));
    expect(shown.buttons[0]!.label).not.toBe(v.view.buttons[0]!.label);

    const max = inCatalogue(stopView({ code: 'MAX_DOCUMENTS' }), arabic);
    expect(max.message).not.toBe(MAX);
    expect(max.message).toMatch(/[\u0600-\u06FF]/);
  });

  it("keeps the server's message for a stop code the catalogue does not know, and ignores a catalogue of another shape", () => {
    const unknown = stopView({ code: 'XYZ123', message: 'Told by the server' });
    expect(inCatalogue(unknown, outcomeCatalogue).message).toBe('Told by the server');
    const view = stopView({ code: 'MAX_DOCUMENTS' });
    expect(inCatalogue(view, { screening: {} })).toBe(view);
    expect(inCatalogue(view, null)).toBe(view);
  });
});

// @vitest-environment happy-dom
import { join } from 'node:path';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { preloadWidgets, widgets, type ValuePackage } from '../../../widgets';
import { EXPRESS_TEXTS } from '../../../widgets/custom/ExpressOffer';
import { PackageCards } from '../../../widgets/custom/PackageCards';
import { renderWidget } from './renderWidget';
import { localizeFiles } from '../../../src/content/i18n/catalogue';
import { hardCodedTexts, hardCodedTextsIn } from '../../../scripts/lib/hardCodedText';
import { readSchemas } from '../readSchemas';

afterEach(cleanup);

// The shape of products.json `packages`.
const packages: ValuePackage[] = [
  {
    value: 'RAKvalue PLUS',
    name: 'RAKvalue SME PLUS',
    cost: 49,
    costText: 'AED 49 per month',
    isIncluded: { starter: true },
    optionList: [{ text: 'Business insurance', textIslamic: 'Business Takaful' }],
  },
  { value: 'RAKvalue MAX', name: 'RAKvalue SME MAX', cost: 149, isIncluded: {}, optionList: [{ text: 'Advanced business solution' }] },
];
const button = (name: RegExp) => screen.getByRole('button', { name });
const aed = { accountInfo: [{ accountCurrencies: ['AED', 'USD'] }] };

// Widgets loaded with the steps that show them: loaded before rendering, as StepForm does.
beforeAll(() => preloadWidgets({ 'ui:widget': 'ExpressOffer' }));

describe('PackageCards', () => {
  it("shows 'Select', selects, shows 'Selected' and deselects on a second click", () => {
    const w = renderWidget(PackageCards, {
      options: { noneValue: '' },
      formContext: { products: { packages }, accountType: 'Current Account', formData: aed },
    });
    expect(button(/RAKvalue SME MAX/).textContent).toBe('Select');
    fireEvent.click(button(/RAKvalue SME MAX/));
    expect(w.last()).toBe('RAKvalue MAX');
    expect(button(/RAKvalue SME MAX/).textContent).toBe('Selected');
    expect(button(/RAKvalue SME PLUS/).textContent).toBe('Select');
    fireEvent.click(button(/RAKvalue SME MAX/));
    expect(w.last()).toBe('');
    expect(screen.getByText('AED 149 per month')).toBeTruthy();
    expect(screen.getByText('AED 49 per month')).toBeTruthy();
  });

  it("is 'Not Applicable' when only foreign currencies are chosen", () => {
    renderWidget(PackageCards, { formContext: { products: { packages }, formData: { accountInfo: [{ accountCurrencies: ['USD'] }] } } });
    expect(screen.getAllByRole('button').map((b) => [b.textContent, (b as HTMLButtonElement).disabled])).toEqual([
      ['Not Applicable', true],
      ['Not Applicable', true],
    ]);
    expect(screen.getByText(/RAKvalue packages are only eligible for AED accounts/)).toBeTruthy();
  });

  it('includes PLUS for starter (account type from the form data) and never deselects', () => {
    const formData = { ...aed, applicationInfo: { accountType: 'starter' } };
    const w = renderWidget(PackageCards, { formContext: { products: { packages }, islamic: true, formData } });
    expect(w.last()).toBe('RAKvalue PLUS');
    expect(button(/RAKvalue SME PLUS/).textContent).toBe('Selected');
    expect(screen.getAllByText('Included').length).toBeGreaterThan(0);
    expect(screen.getByText('Upgrade available')).toBeTruthy();
    expect(screen.getByText('Business Takaful')).toBeTruthy();
    fireEvent.click(button(/RAKvalue SME PLUS/));
    expect(w.last()).toBe('RAKvalue PLUS');
    fireEvent.click(button(/RAKvalue SME MAX/));
    expect(w.last()).toBe('RAKvalue MAX');
    fireEvent.click(button(/RAKvalue SME MAX/));
    expect(w.last()).toBe('RAKvalue MAX');
  });
});

describe('PackageCards in the registry', () => {
  it('loads with its step (a chunk of its own in the build) and then works as the widget', async () => {
    const w = renderWidget(widgets.PackageCards!, { formContext: { products: { packages }, accountType: 'Current Account', formData: aed } });
    const max = await screen.findByRole('button', { name: /RAKvalue SME MAX/ });
    fireEvent.click(max);
    expect(w.last()).toBe('RAKvalue MAX');
  });
});

describe('ExpressOffer', () => {
  // happy-dom would really open the link in a new window (and fetch it); the widget only needs the click.
  const noNavigation = (e: MouseEvent) => (e.target as Element).closest('a') && e.preventDefault();
  beforeAll(() => document.addEventListener('click', noNavigation, true));
  afterAll(() => document.removeEventListener('click', noNavigation, true));
  const options = { termsUrl: '/docs/express-terms.pdf' };
  const checkbox = () => screen.getByRole('checkbox');

  it('keeps the checkbox disabled until the terms were opened and shows the notice when tried early', () => {
    renderWidget(widgets.ExpressOffer!, { schema: { type: 'boolean' }, options });
    expect(checkbox().getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(checkbox());
    expect((checkbox() as HTMLInputElement).checked).toBe(false);
    expect(screen.getByText(EXPRESS_TEXTS.readFirst)).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: EXPRESS_TEXTS.terms }));
    expect(checkbox().getAttribute('aria-disabled')).toBeNull();
    expect(screen.queryByText(EXPRESS_TEXTS.readFirst)).toBeNull();
    fireEvent.click(checkbox());
    expect((checkbox() as HTMLInputElement).checked).toBe(true);
  });

  it("in Arabic the offer names its fee in Arabic: the fee's sentence is the content's (no English 'Charge:')", () => {
    const files = readSchemas();
    const express = (localizeFiles(files as never, 'ar')['products.json'] as { express: Record<string, unknown> }).express;
    renderWidget(widgets.ExpressOffer!, { schema: { type: 'boolean' }, options, formContext: { products: { express } } });
    const offer = screen.getByText((_, el) => el?.tagName === 'SPAN' && (el.textContent ?? '').includes('250'));
    expect(offer.textContent).toBe('خدمتنا ذات الأولوية تُسرّع إنجاز طلبك. الرسوم: 250 درهمًا إماراتيًا + ضريبة القيمة المضافة.');
    expect(offer.textContent).not.toMatch(/[A-Za-z]/);
    cleanup();
    const english = (files['products.json'] as { express: Record<string, unknown> }).express;
    renderWidget(widgets.ExpressOffer!, { schema: { type: 'boolean' }, options, formContext: { products: { express: english } } });
    expect(screen.getByText('Our priority service fast-tracks your application. Charge: AED 250 + VAT.')).toBeTruthy();
  });

  it('in Arabic, without a terms document, the notice that Express cannot be chosen now is Arabic (QA walk: it was English)', () => {
    const express = (localizeFiles(readSchemas() as never, 'ar')['products.json'] as { express: Record<string, unknown> }).express;
    renderWidget(widgets.ExpressOffer!, { schema: { type: 'boolean' }, options: {}, formContext: { products: { express: { ...express, termsUrl: undefined } } } });
    expect(screen.queryByRole('link')).toBeNull();
    const notice = screen.getByText((_, el) => el?.tagName === 'SPAN' && (el.textContent ?? '').includes('الشروط والأحكام') && (el.textContent ?? '').includes('لا يمكن'));
    expect(notice.textContent).not.toMatch(/[A-Za-z]/);
  });

  it('the i18n check finds English written into a widget (the old Express offer line) and none in widgets/ now', () => {
    const old = "const offerText = [offer.description, offer.feeText && `Charge: ${offer.feeText}.`].join(' ');";
    expect(hardCodedTexts('widgets/custom/ExpressOffer.tsx', old)).toEqual([{ where: 'widgets/custom/ExpressOffer.tsx:1', text: 'Charge:  .' }]);
    expect(hardCodedTexts('w.tsx', 'const a = <div aria-label="Close it">Read more</div>;').map((h) => h.text)).toEqual(['Close it', 'Read more']);
    // English catalogues by design, styles and identifiers are not texts to translate.
    expect(hardCodedTexts('w.tsx', "const ENGLISH = { upload: (n) => `Upload ${n}` }; const s = makeStyles({ a: { border: `${x} solid ${y}` } }); const c = <div className=\"box wide\" />;")).toEqual([]);
    expect(hardCodedTextsIn(join(import.meta.dirname, '..', '..', '..', 'widgets'))).toEqual([]);
  });

  it("'Yes' needs the checkbox, then stores true and tells the page; 'No, thanks' stores false", () => {
    const onExpressChoice = vi.fn();
    const w = renderWidget(widgets.ExpressOffer!, { schema: { type: 'boolean' }, options, formContext: { onExpressChoice } });
    expect(screen.getByRole('link').getAttribute('href')).toBe('/docs/express-terms.pdf');
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    expect(screen.getByRole('alert').textContent).toBe(EXPRESS_TEXTS.acceptRequired);
    expect(onExpressChoice).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('link'));
    fireEvent.click(checkbox());
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    expect(w.last()).toBe(true);
    expect(onExpressChoice).toHaveBeenLastCalledWith(true);
    fireEvent.click(screen.getByRole('button', { name: 'No, thanks' }));
    expect(w.last()).toBe(false);
    expect(onExpressChoice).toHaveBeenLastCalledWith(false);
  });

  it('on an object (accountInfo item) stores express, the accepted terms and ui:options.onYes', () => {
    const schema = { type: 'object' as const, properties: { express: { type: 'boolean' as const }, expressTandC: { type: 'boolean' as const } } };
    const w = renderWidget(widgets.ExpressOffer!, {
      schema,
      value: { accountCurrencies: ['USD'] },
      options: { termsCheckbox: 'expressTandC', onYes: { accountCurrencies: ['AED'] } },
      formContext: { products: { express: { termsUrl: { conventional: '/c.pdf', islamic: '/i.pdf' }, feeText: 'AED 250 + VAT' } }, islamic: true },
    });
    expect(screen.getByRole('link').getAttribute('href')).toBe('/i.pdf');
    expect(screen.getByText(/AED 250 \+ VAT/)).toBeTruthy();
    fireEvent.click(screen.getByRole('link'));
    fireEvent.click(checkbox());
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    expect(w.last()).toEqual({ accountCurrencies: ['AED'], express: true, expressTandC: true });
    fireEvent.click(screen.getByRole('button', { name: 'No, thanks' }));
    expect(w.last()).toEqual({ accountCurrencies: ['AED'], express: false, expressTandC: true });
  });
});

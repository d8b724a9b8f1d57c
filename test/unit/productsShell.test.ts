import { describe, expect, it } from 'vitest';
import products from '../../schemas/products.json';
import { countdownLeft } from '../../src/app/components/sessionTimer';
import { externalTarget } from '../../src/app/features/products/externalSite';
import { accountForSlug, accountTitle, eligibilityNotice, readProducts, variantFor } from '../../src/app/features/products/productsConfig';
import { en } from '../../src/app/i18n/en';

const config = readProducts(products as unknown as Record<string, unknown>);

describe('products from the config', () => {
  it('orders accounts by position and maps every route slug of spec 001 §2 to its account and banking type', () => {
    expect(config.accounts.map((a) => a.id)).toEqual(['starter', 'currentAccount', 'elite']);
    const slugs = ['rakstarter', 'current-account', 'business-elite', 'rakstarter-islamic', 'current-account-islamic', 'business-elite-islamic'];
    expect(slugs.map((s) => { const m = accountForSlug(config, s); return `${m?.account.id}/${m?.bankingType}`; })).toEqual([
      'starter/conventional',
      'currentAccount/conventional',
      'elite/conventional',
      'starter/islamic',
      'currentAccount/islamic',
      'elite/islamic',
    ]);
    expect(accountForSlug(config, 'savings')).toBeUndefined();
  });

  it('colours the panel red for standard, maroon for elite and green for any Islamic account', () => {
    const [starter, current, elite] = config.accounts;
    expect([variantFor(starter, false), variantFor(current, false), variantFor(elite, false)]).toEqual(['standard', 'standard', 'elite']);
    expect([variantFor(starter, true), variantFor(elite, true), variantFor(undefined, true)]).toEqual(['islamic', 'islamic', 'islamic']);
  });

  it("names the account of the header line '<account type> [RAKislamic] Application for <company>' (the words: shell.header*)", () => {
    const elite = config.accounts[2];
    expect(accountTitle(elite, false)).toBe('Business Elite');
    expect(accountTitle(elite, true)).toBe('Business Elite RAKislamic');
    expect(accountTitle(config.accounts[0], false)).toBe('RAKstarter');
    expect(en['shell.headerFor']).toBe('{account} Application for {company}');
  });

  it('substitutes the product name in the starter-age notice', () => {
    expect(eligibilityNotice(config.accounts[0]!)).toBe(
      'Please note that the starter account is only available for business with a length of business less than a year. Would you like to learn more about the starter account?',
    );
    expect(eligibilityNotice(config.accounts[1]!)).toBeUndefined();
  });

  it('leaves the "learn more" question out where no button answers it (the product page is what it opens)', () => {
    expect(eligibilityNotice(config.accounts[0]!, { question: false })).toBe(
      'Please note that the starter account is only available for business with a length of business less than a year.',
    );
  });

  it('table rows come from the config, one value per account column', () => {
    expect(config.comparison.rows).toHaveLength(7);
    for (const row of config.comparison.rows) for (const col of config.comparison.columns) expect(row.values[col]?.text).toBeTruthy();
  });
});

describe('the external quick-apply site', () => {
  it('stays in the app by default and when the query has rocode; otherwise keeps path, query and hash', () => {
    expect(externalTarget(null, '/business/accounts', '?a=1')).toBeNull();
    expect(externalTarget('', '/business', '')).toBeNull();
    expect(externalTarget('https://apply.example/', '/business/accounts', '?rocode=R1', '#products')).toBeNull();
    expect(externalTarget('https://apply.example/', '/business/accounts', '?a=1', '#products')).toBe('https://apply.example/business/accounts?a=1#products');
  });
});

describe('the inactivity countdown', () => {
  it('starts after the idle delay, ticks down each second and stops at zero', () => {
    const t0 = 1_000_000;
    expect(countdownLeft(t0 + 599_000, t0, 600, 60)).toBeNull();
    expect(countdownLeft(t0 + 600_000, t0, 600, 60)).toBe(60);
    expect(countdownLeft(t0 + 601_000, t0, 600, 60)).toBe(59);
    expect(countdownLeft(t0 + 659_500, t0, 600, 60)).toBe(1);
    expect(countdownLeft(t0 + 660_000, t0, 600, 60)).toBe(0);
    expect(countdownLeft(t0 + 9_999_000, t0, 600, 60)).toBe(0);
  });
});

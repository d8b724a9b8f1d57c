/**
 * Typed reading of the config document's `products` (schemas/products.json): accounts, comparison rows and
 * their route slugs. Pages never hard-code a product; product staff change them in the studio.
 */
import type { PanelVariant } from '../../theme';

export type BankingType = 'conventional' | 'islamic';

export interface AccountProduct {
  id: string;
  accountName: string;
  name: string;
  position: number;
  description?: string;
  routes: Record<BankingType, string>;
  theme: PanelVariant;
  islamic?: { name?: string; headerSuffix?: string; theme?: PanelVariant };
  eligibility?: { maxYearsInBusiness?: number; notice?: string; noticeProductName?: string; declineButton?: string };
}

export interface ComparisonRow {
  id: string;
  label: string;
  values: Record<string, { text: string }>;
}

export interface ProductsConfig {
  landing: { title: string; comparisonTitle: string; bankingTypes: { value: BankingType; label: string; islamicBanking: boolean }[] };
  accounts: AccountProduct[];
  comparison: { columns: string[]; rows: ComparisonRow[] };
}

const EMPTY: ProductsConfig = {
  landing: { title: '', comparisonTitle: '', bankingTypes: [] },
  accounts: [],
  comparison: { columns: [], rows: [] },
};

export function readProducts(products: Record<string, unknown> | undefined): ProductsConfig {
  if (!products) return EMPTY;
  const p = products as Partial<ProductsConfig>;
  return {
    landing: { ...EMPTY.landing, ...p.landing },
    accounts: (p.accounts ?? []).slice().sort((a, b) => a.position - b.position),
    comparison: { ...EMPTY.comparison, ...p.comparison },
  };
}

export interface RouteMatch {
  account: AccountProduct;
  bankingType: BankingType;
}

/** The account and banking type of a route slug (rakstarter, current-account-islamic, ...); undefined if unknown. */
export function accountForSlug(config: ProductsConfig, slug: string | undefined): RouteMatch | undefined {
  for (const account of config.accounts) {
    if (account.routes.conventional === slug) return { account, bankingType: 'conventional' };
    if (account.routes.islamic === slug) return { account, bankingType: 'islamic' };
  }
  return undefined;
}

export function accountPath(account: AccountProduct, bankingType: BankingType): string {
  return `/business/accounts/${account.routes[bankingType]}`;
}

/** Spec 001 §1: the panel is red for standard, maroon for elite, green for any Islamic account. */
export function variantFor(account: AccountProduct | undefined, islamic: boolean): PanelVariant {
  if (!account) return islamic ? 'islamic' : 'standard';
  return islamic ? (account.islamic?.theme ?? 'islamic') : account.theme;
}

/** The account's name as the header line shows it ("Business Elite", "Business Elite RAKislamic"). */
export function accountTitle(account: AccountProduct | undefined, islamic: boolean): string {
  const name = islamic ? (account?.islamic?.name ?? account?.name) : account?.name;
  const suffix = islamic ? (account?.islamic?.headerSuffix ?? 'RAKislamic') : undefined;
  return [name, suffix].filter(Boolean).join(' ');
}

/** The starter-age notice with the product name substituted. */
export function eligibilityNotice(account: AccountProduct, opts: { question?: boolean } = {}): string | undefined {
  const e = account.eligibility;
  if (!e?.notice) return undefined;
  const text = e.notice.replaceAll('{productName}', e.noticeProductName ?? account.name);
  // The notice's question ("Would you like to learn more ...?") is answered by the buttons of the comparison's
  // notice; where there are none (the product page, which is what "learn more" opens) it is left out.
  return opts.question === false ? text.replace(/\s*[^.?!]*\?\s*$/, '').trim() : text;
}

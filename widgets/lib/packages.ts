import { getAt } from '../../src/validation/pointer';
import type { BankingLink, FormContext, ValuePackage } from '../FormContext';

export type PackageState = 'selected' | 'select' | 'notApplicable';

/** The options PackageCards reads from ui:options (names as in ssValueAddedServices.ui.json). */
export interface PackageOptions {
  noneValue?: unknown;
  deselectable?: { unlessAccountType?: string | string[] };
  includedFor?: Record<string, string>;
  disabledWhenNoAed?: boolean;
  currenciesPath?: string;
  foreignCurrencyNotice?: string;
  labels?: Partial<Record<'selected' | 'select' | 'notApplicable' | 'included' | 'upgrade', string>>;
}

export const PACKAGE_DEFAULTS = {
  foreignCurrencyNotice: 'You have selected foreign currencies for your accounts. RAKvalue packages are only eligible for AED accounts',
  labels: { selected: 'Selected', select: 'Select', notApplicable: 'Not Applicable', included: 'Included', upgrade: 'Upgrade available' },
};

export const packageValue = (p: ValuePackage): string => p.value ?? p.id ?? p._id ?? p.name;

export const linkFor = (link: BankingLink | undefined, islamic: boolean): string | undefined =>
  (typeof link === 'string' ? link : islamic ? link?.islamic : link?.conventional) || undefined;

export function accountTypeOf(context: Partial<FormContext>): string | undefined {
  const fromData = getAt(context.formData, '/applicationInfo/accountType');
  return context.accountType ?? (typeof fromData === 'string' ? fromData : undefined);
}

/** The package included with the account type (starter: PLUS), from ui:options.includedFor or isIncluded. */
export function includedPackage(packages: ValuePackage[], accountType: string | undefined, options: PackageOptions): string | undefined {
  if (!accountType) return undefined;
  if (options.includedFor?.[accountType]) return options.includedFor[accountType];
  const found = packages.find((p) => p.isIncluded === true || (typeof p.isIncluded === 'object' && p.isIncluded[accountType] === true));
  return found && packageValue(found);
}

/** Starter must keep a package: clicking the selected card does not deselect it. */
export function canDeselect(accountType: string | undefined, options: PackageOptions): boolean {
  const unless = options.deselectable?.unlessAccountType ?? 'starter';
  return !(Array.isArray(unless) ? unless : [unless]).includes(accountType ?? '');
}

/** Only foreign currencies chosen (no AED): packages are not applicable. */
export function foreignCurrencyOnly(context: Partial<FormContext>, options: PackageOptions): boolean {
  if (options.disabledWhenNoAed === false) return false;
  if (context.foreignCurrencyOnly !== undefined) return context.foreignCurrencyOnly;
  const currencies = getAt(context.formData, options.currenciesPath ?? '/accountInfo/0/accountCurrencies');
  return Array.isArray(currencies) && currencies.length > 0 && !currencies.includes('AED');
}

/** Button text: the step's ui:options.labels, else the package's own labels, else the spec's words. */
export function packageLabel(p: ValuePackage, state: PackageState, options: PackageOptions): string {
  const own = { selected: p.selectedLabel, select: p.notSelectedLabel, notApplicable: p.disabledLabelForForeignCurrency }[state];
  return options.labels?.[state] ?? own ?? PACKAGE_DEFAULTS.labels[state];
}

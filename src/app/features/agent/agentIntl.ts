import { useContext, useMemo } from 'react';
import { IntlContext } from '../../i18n/useT';
import type { AreaT } from '../../i18n/areaT';
import type { AgentMessageId } from '../../i18n/enAgent';
import type { AppConfig } from '../config/useConfig';
import { readProducts } from '../products/productsConfig';

/** The page's language: 'ar' (right to left) or 'en'. */
export function useAgentLocale(): 'ar' | 'en' {
  return useContext(IntlContext)?.locale === 'ar' ? 'ar' : 'en';
}

/**
 * A date and time as the page's language writes them, on the bank's clock (Asia/Dubai): "24 Nov 2026, 14:05",
 * "24 نوفمبر 2026، 2:05 م". Arabic keeps Western digits (0-9), as UAE banks print them (useFormatDate.ts).
 */
export function useFormatDateTime(withSeconds = false): (date: string | Date) => string {
  const locale = useAgentLocale();
  return useMemo(() => {
    const format =
      locale === 'ar'
        ? new Intl.DateTimeFormat('ar-AE-u-nu-latn', { day: 'numeric', month: 'long', year: 'numeric', hour: 'numeric', minute: '2-digit', ...(withSeconds ? { second: '2-digit' } : {}), timeZone: 'Asia/Dubai' })
        : new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: withSeconds ? 'medium' : 'short', timeZone: 'Asia/Dubai' });
    return (date: string | Date) => format.format(typeof date === 'string' ? new Date(date) : date);
  }, [locale, withSeconds]);
}

/** An account's name in the config document's language ("Business Elite (Islamic)"), the code when unknown. */
export function accountNameOf(config: AppConfig, t: AreaT<AgentMessageId>, accountType: string | null | undefined, islamic: boolean | undefined): string | undefined {
  if (!accountType) return undefined;
  const account = readProducts(config.products as Record<string, unknown> | undefined).accounts.find((a) => a.id === accountType);
  const name = account ? (islamic ? (account.islamic?.name ?? account.name) : account.name) : accountType;
  return islamic ? t('agent.islamicAccount', { name }) : name;
}

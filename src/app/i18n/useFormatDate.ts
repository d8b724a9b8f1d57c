import { useContext, useMemo } from 'react';
import { IntlContext } from 'react-intl';

/**
 * A date as the page's language writes it, on the bank's calendar (Asia/Dubai): "24 Nov 2026", "24 نوفمبر 2026".
 * Arabic keeps Western digits (0-9), as UAE banks print dates and amounts.
 */
export function useFormatDate(): (date: string | Date) => string {
  const locale = useContext(IntlContext)?.locale ?? 'en';
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(locale === 'ar' ? 'ar-AE-u-nu-latn' : 'en-GB', { day: '2-digit', month: locale === 'ar' ? 'long' : 'short', year: 'numeric', timeZone: 'Asia/Dubai' });
    return (date: string | Date) => format.format(typeof date === 'string' ? new Date(date) : date);
  }, [locale]);
}

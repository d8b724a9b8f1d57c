import { useContext, useMemo } from 'react';
import { IntlContext } from 'react-intl';

/**
 * A moment (a save, a publication, an activity) as the studio's language writes it, date and time, on the bank's
 * clock (Asia/Dubai): "24 Nov 2026, 14:05", "24 نوفمبر 2026، 14:05" (Western digits, as in the rest of the app).
 */
export function useDateTime(): (at: string) => string {
  const locale = useContext(IntlContext)?.locale ?? 'en';
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(locale === 'ar' ? 'ar-AE-u-nu-latn' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Dubai' });
    return (at: string) => format.format(new Date(at));
  }, [locale]);
}

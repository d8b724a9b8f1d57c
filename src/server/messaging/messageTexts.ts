import type { Locale } from '../../content/i18n/locales';

/**
 * The words of the messages the server writes itself, per language: the one-time code's SMS and e-mail, and the
 * line that introduces the bank's note in a status message. The status messages' own texts are content
 * (schemas/lifecycle.json `notify`, translated by schemas/i18n/<locale>.json). Terms: docs/arabic-glossary.md.
 */

/** "5 minutes", "دقيقتين": a duration in words, with Arabic's plural forms (one, two, 3-10, 11 and more). */
export function duration(seconds: number, locale: Locale): string {
  const inMinutes = seconds >= 60;
  const n = inMinutes ? Math.max(1, Math.round(seconds / 60)) : seconds;
  if (locale === 'en') return `${n} ${inMinutes ? 'minute' : 'second'}${n === 1 ? '' : 's'}`;
  const forms = inMinutes
    ? { one: 'دقيقة واحدة', two: 'دقيقتين', few: `${n} دقائق`, other: `${n} دقيقة` }
    : { one: 'ثانية واحدة', two: 'ثانيتين', few: `${n} ثوانٍ`, other: `${n} ثانية` };
  const rule = new Intl.PluralRules('ar').select(n);
  return rule === 'one' || rule === 'two' || rule === 'few' ? forms[rule] : forms.other;
}

export interface OtpTexts {
  sms: string;
  subject: string;
  email: string;
}

/** The one-time code's SMS and e-mail in a language. */
export function otpTexts(code: string, expiresInSeconds: number, locale: Locale): OtpTexts {
  const validity = duration(expiresInSeconds, locale);
  if (locale === 'ar') {
    return {
      sms: `${code} هو رمز التحقق لمرة واحدة من Quick Apply، وتنتهي صلاحيته خلال ${validity}. لا تشاركه مع أي شخص.`,
      subject: 'رمز التحقق لمرة واحدة من Quick Apply',
      email: `رمز التحقق لمرة واحدة الخاص بك هو ${code}.\n\nتنتهي صلاحيته خلال ${validity}. لن يطلب منك البنك هذا الرمز أبدًا.\nإذا لم تطلب هذا الرمز، يرجى تجاهل هذه الرسالة.`,
    };
  }
  return {
    sms: `${code} is your Quick Apply one-time code. It expires in ${validity}. Never share it with anyone.`,
    subject: 'Your Quick Apply one-time code',
    email: `Your one-time code is ${code}.\n\nIt expires in ${validity}. The bank will never ask you for this code.\nIf you did not ask for it, please ignore this e-mail.`,
  };
}

/** The bank's note in a status message ({note} of lifecycle.json's templates): empty without one. */
export function noteLine(note: string | undefined, locale: Locale): string {
  if (!note) return '';
  return locale === 'ar' ? `\n\nرسالة من البنك: ${note}` : `\n\nMessage from the bank: ${note}`;
}

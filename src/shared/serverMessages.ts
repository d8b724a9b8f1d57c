import type { Locale } from '../content/i18n/locales';

/**
 * What the server says in its own words (not the content's rules) when it refuses a write, in the request's
 * language: one source for the server (field ownership, required documents at submit, the licence check) and the
 * browser where it words the same refusal (the licence check's fallback). Terms: docs/arabic-glossary.md.
 */

type Writer = 'applicant' | 'agent' | 'server';

/** A field the caller may not write, changed (fieldOwnership.ts): by who may write it. */
export function notWritableMessage(locale: Locale, writer: Writer, label: string): string {
  if (locale === 'ar') {
    if (writer === 'agent') return `لا يمكن تغيير ${label} إلا من قِبل مدير العلاقة في البنك`;
    if (writer === 'server') return `يحدّد البنك ${label} ولا يمكن تغييره`;
    return `لا يمكن تغيير ${label}`;
  }
  if (writer === 'agent') return `${label} can only be changed by the bank's relationship officer`;
  if (writer === 'server') return `${label} is set by the bank and cannot be changed`;
  return `${label} cannot be changed`;
}

/** A key no schema declares. */
export function unknownFieldMessage(locale: Locale, key: string): string {
  return locale === 'ar' ? `"${key}" ليس من حقول الطلب` : `"${key}" is not a field of the application`;
}

/** A key a request's body (or query) does not take: a call's own fields, not the application's. */
export function unknownRequestFieldMessage(locale: Locale, key: string): string {
  return locale === 'ar' ? `"${key}" ليس من حقول هذا الطلب` : `"${key}" is not a field of this request`;
}

/** A required document not uploaded at submit (DOCUMENT_REQUIRED), named as the documents list names it. */
export function documentRequiredMessage(locale: Locale, documentTitle: string): string {
  return locale === 'ar' ? `يرجى تحميل ${documentTitle}` : `Please upload ${documentTitle}`;
}

/** Another application has this trade licence number (the licence check, and the browser's fallback). */
export function duplicateLicenceMessage(locale: Locale): string {
  return locale === 'ar'
    ? 'يوجد طلب آخر برقم الرخصة التجارية هذا. يرجى التحقق من الرقم المدوّن في رخصتك، أو متابعة الطلب القائم من خلال "قدّمت طلبًا من قبل؟ أكمل طلبك".'
    : 'An application for this trade license number already exists. Check the number on your license, or continue the existing application through "Already applied? Continue your application".';
}

/** Too many licence checks for one application within the window (429; the wait is said after it, tryAgainIn). */
export function tooManyLicenceChecksMessage(locale: Locale): string {
  return locale === 'ar' ? 'تجاوزت عدد مرات التحقق المسموح بها من رقم الرخصة.' : 'Too many license number checks.';
}

/** What a 429 on the applicant's code page says before the wait (the OTP limits). */
export function tooManyCodesMessage(locale: Locale, what: 'checks' | 'network' | 'mobile'): string {
  if (locale === 'ar') {
    return { checks: 'تجاوزت محاولات التحقق من الرمز من شبكتك الحد المسموح به.', network: 'تجاوز عدد الرموز المطلوبة من شبكتك الحد المسموح به.', mobile: 'تجاوز عدد الرموز المطلوبة لرقم الهاتف المتحرك هذا الحد المسموح به.' }[what];
  }
  return { checks: 'Too many code checks from your network.', network: 'Too many codes were requested from your network.', mobile: 'Too many codes were requested for this mobile number.' }[what];
}

/** A staff sign-in with a wrong username or password (one message for both, so it does not tell which usernames exist). */
export function badCredentialsMessage(locale: Locale): string {
  return locale === 'ar' ? 'اسم المستخدم أو كلمة المرور غير صحيحة' : 'The username or password is incorrect';
}

/** What a staff sign-in's lock-out (429) says before the wait (tryAgainIn): the studio shows it as it is; the agent page words it itself (agent.error.locked*) in the same words. */
export function signInLockedMessage(locale: Locale): string {
  return locale === 'ar' ? 'تجاوزت عدد محاولات تسجيل الدخول المسموح بها.' : 'Too many failed sign-in attempts.';
}

/** Arabic plural forms of a count of minutes or seconds (one, two, 3-10, 11 and more). */
const AR_UNITS = {
  minute: { one: 'دقيقة واحدة', two: 'دقيقتين', few: '# دقائق', other: '# دقيقة' },
  second: { one: 'ثانية واحدة', two: 'ثانيتين', few: '# ثوانٍ', other: '# ثانية' },
} as const;

/**
 * When to try again after a 429 (whole seconds under a minute, else minutes rounded up), in the request's language:
 * "Please try again in 4 minutes." / "يرجى المحاولة مرة أخرى بعد 4 دقائق."
 */
export function tryAgainIn(locale: Locale, retryAfterSeconds: number): string {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  const unit = seconds < 60 ? 'second' : 'minute';
  const count = unit === 'second' ? seconds : Math.ceil(seconds / 60);
  if (locale === 'ar') {
    // Made here, not at the module's top: a module-level call would keep this code in every browser chunk that imports the file.
    const category = new Intl.PluralRules('ar').select(count);
    const forms = AR_UNITS[unit];
    const words = (category === 'one' || category === 'two' || category === 'few' ? forms[category] : forms.other).replace('#', String(count));
    return `يرجى المحاولة مرة أخرى بعد ${words}.`;
  }
  return `Please try again in ${count} ${unit}${count === 1 ? '' : 's'}.`;
}

/** An applicant asked to move their application's status (POST /prospects/:id/status): only the bank does (403). */
export function statusByBankOnlyMessage(locale: Locale): string {
  return locale === 'ar'
    ? 'لا يمكن تغيير حالة الطلب إلا من قِبل البنك. لتقديم طلبك، استخدم زر "تقديم الطلب" في صفحة المراجعة.'
    : 'Only the bank can change the status of an application. To submit yours, use Submit on the review page.';
}

/** The applicant has as many applications in progress as allowed (429 on create). */
export function tooManyApplicationsMessage(locale: Locale, max: number): string {
  return locale === 'ar'
    ? `لديك ${max} طلبات قيد الإعداد، وهو الحد الأقصى المسموح به. يرجى إكمال أحدها من "طلباتي" بدلًا من بدء طلب جديد.`
    : `You already have ${max} applications in progress, the most allowed. Continue one of them from My Applications instead of starting a new one.`;
}

/** Too many new applications in a short time (429 on create). */
export function tooManyNewApplicationsMessage(locale: Locale): string {
  return locale === 'ar'
    ? 'بدأت عددًا كبيرًا من الطلبات خلال وقت قصير. يرجى المحاولة مرة أخرى لاحقًا، أو إكمال طلب قائم من "طلباتي".'
    : 'You have started too many applications in a short time. Try again later, or continue an existing one from My Applications.';
}

/** The audit trail's own words (GET /api/agent/prospects/:id/audit): who, and how a change came about. */
export interface AuditWords {
  /** The actor of an applicant's change (staff appear by name). */
  applicant: string;
  /** The actor of a change the system made (screening, a lifecycle timer). */
  system: string;
  /** The change of a new application: all of it. */
  wholeApplication: string;
  /** A field the form logic changed, by how ("Industry (worked out from other answers)"). */
  byLogic: Record<'derived' | 'hidden' | 'cleared', string>;
  /** A change of status, by the statuses' labels (the arrow points the way the language reads). */
  statusChange(from: string, to: string): string;
  /** How the applicant or agent saved, by the save's action type ('continue', 'next'; another code as it is). */
  actionType(code: string): string;
  /** A step the save completed, by its title (a stakeholder's step with the stakeholder's name). */
  stepCompleted(title: string): string;
  /** Older rows: the steps' record changed, without which steps. */
  completedSteps: string;
  /** The applicant's declaration confirmed at submit (applicationInfo.declaration, a server field without a form title). */
  declaration: string;
}

export function auditWords(locale: Locale): AuditWords {
  if (locale === 'ar') {
    return {
      applicant: 'مقدّم الطلب',
      system: 'النظام',
      wholeApplication: 'الطلب بالكامل',
      byLogic: { derived: 'محسوب من إجابات أخرى', hidden: 'لم يعد مطلوبًا', cleared: 'تم مسحه' },
      statusChange: (from, to) => `${from} ← ${to}`,
      actionType: (code) => ({ continue: 'متابعة إلى الخطوة التالية', next: 'التالي' })[code] ?? code,
      stepCompleted: (title) => `خطوة مكتملة: ${title}`,
      completedSteps: 'الخطوات المكتملة',
      declaration: 'تأكيد الإقرار',
    };
  }
  return {
    applicant: 'Applicant',
    system: 'System',
    wholeApplication: 'The whole application',
    byLogic: { derived: 'worked out from other answers', hidden: 'no longer asked', cleared: 'cleared' },
    statusChange: (from, to) => `${from} → ${to}`,
    actionType: (code) => ({ continue: 'Continued to the next step', next: 'Next' })[code] ?? code,
    stepCompleted: (title) => `Step completed: ${title}`,
    completedSteps: 'Completed steps',
    declaration: 'Declaration confirmed',
  };
}

const AR_TYPES: Record<string, string> = {
  string: 'نصًا',
  number: 'رقمًا',
  integer: 'رقمًا صحيحًا',
  boolean: 'نعم أو لا',
  object: 'مجموعة من الحقول',
  array: 'قائمة',
  null: 'فارغة',
};

/**
 * ajv's own English words (a rule the content gave no message for: "must be string", "must NOT have more than 20
 * characters") in the request's language. English is returned unchanged; an Arabic request gets the same meaning
 * in the form's words (docs/arabic-glossary.md "The form's words").
 */
export function ajvDefaultMessage(locale: Locale, message: string): string {
  if (locale !== 'ar' || !/^must /.test(message)) return message;
  let m: RegExpExecArray | null;
  if ((m = /^must be ([a-z]+(?:,[a-z]+)*)$/.exec(message))) {
    const types = m[1]!.split(',').map((t) => AR_TYPES[t] ?? t);
    return `يجب أن تكون القيمة ${types.join(' أو ')}`;
  }
  if ((m = /^must have required property '(.+)'$/.exec(message))) return `الحقل "${m[1]}" مطلوب`;
  if ((m = /^must NOT have more than (\d+) characters$/.exec(message))) return `القيمة أطول من المسموح: ${m[1]} حرفًا كحد أقصى`;
  if ((m = /^must NOT have fewer than (\d+) characters$/.exec(message))) return `القيمة أقصر من المسموح: ${m[1]} حرفًا كحد أدنى`;
  if ((m = /^must NOT have more than (\d+) items$/.exec(message))) return `عدد العناصر أكثر من المسموح: ${m[1]} كحد أقصى`;
  if ((m = /^must NOT have fewer than (\d+) items$/.exec(message))) return `عدد العناصر أقل من المطلوب: ${m[1]} كحد أدنى`;
  if ((m = /^must be (<=|<|>=|>) (-?[\d.]+)$/.exec(message))) {
    const words: Record<string, string> = { '<=': 'أقل من أو تساوي', '<': 'أقل من', '>=': 'أكبر من أو تساوي', '>': 'أكبر من' };
    return `يجب أن تكون القيمة ${words[m[1]!]} ${m[2]}`;
  }
  if (/^must be equal to one of the allowed values$/.test(message)) return 'يرجى الاختيار من القائمة';
  if (/^must be equal to constant$/.test(message)) return 'القيمة غير مسموح بها';
  if (/^must match (pattern|format) /.test(message)) return 'صيغة القيمة غير صحيحة';
  if (/^must NOT have additional properties$/.test(message)) return 'يتضمّن الطلب حقولًا غير معروفة';
  return 'القيمة غير صالحة';
}

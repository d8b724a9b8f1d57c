import type { Locale } from '../content/i18n/locales';

/**
 * What a refused document upload says (spec 001 §5 'Document upload', §9), in the applicant's language: one source
 * for the browser's checks before sending (widgets/lib/fileChecks.ts, the documents page) and the server's after
 * reading the content (src/server/documents/uploadDocument.ts). Sizes as the spec writes them: "5Mb", "50KB".
 */
export interface UploadMessages {
  tooLarge: string;
  tooSmall: string;
  badType: string;
  /** A supported file with an archive appended (a ZIP after the PDF's end). */
  archive: string;
}

export const megabytes = (bytes: number) => `${Math.round((bytes / 1_048_576) * 10) / 10}Mb`;
export const kilobytes = (bytes: number) => `${Math.round(bytes / 1024)}KB`;

/** The spec's limits (5 MB, 50 KB): the browser's defaults; the server passes its configured ones. */
export const UPLOAD_SIZE_DEFAULTS = { maxBytes: 5_242_880, minBytes: 51_200 };

export function uploadMessages(locale: Locale, limits: { maxBytes: number; minBytes: number } = UPLOAD_SIZE_DEFAULTS): UploadMessages {
  const max = megabytes(limits.maxBytes);
  const min = kilobytes(limits.minBytes);
  if (locale === 'ar') {
    return {
      tooLarge: `تجاوز حجم الملف الحد المسموح (${max} كحد أقصى)`,
      tooSmall: `حجم المستند غير كافٍ. يرجى تحميل مستند لا يقل حجمه عن ${min} للمتابعة.`,
      badType: 'الصيغ المدعومة هي PDF وJPG وPNG',
      archive: 'الصيغ المدعومة هي PDF وJPG وPNG: هذا الملف مرفق به أرشيف',
    };
  }
  return {
    tooLarge: `File size exceeded (${max} maximum)`,
    tooSmall: `Document size is insufficient. Please upload a document that is at least ${min} to continue.`,
    badType: 'Supported formats are PDF, JPG and PNG',
    archive: 'Supported formats are PDF, JPG and PNG: this file has an archive attached to it',
  };
}

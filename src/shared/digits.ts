/**
 * Arabic-Indic (٠١٢٣٤٥٦٧٨٩) and Eastern Arabic-Indic (۰۱۲۳۴۵۶۷۸۹, Persian/Urdu keyboards) digits to Western ones, so a
 * number typed on an Arabic keyboard is stored and validated as the same digits; other characters are kept.
 */
export function westernDigits(text: string): string {
  return text.replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (d) => String(d.charCodeAt(0) & 0xf));
}

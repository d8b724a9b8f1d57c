/**
 * Masks of the masked inputs. Each widget displays `format(stored)` and stores `parse(typed)`, so the
 * display is derived from the form data and nothing is lost when RJSF re-renders.
 */

const groups = (text: string, sizes: number[]): string => {
  const parts: string[] = [];
  let at = 0;
  for (const size of sizes) {
    if (at >= text.length) break;
    parts.push(text.slice(at, at + size));
    at += size;
  }
  return parts.join('-');
};

/** Emirates ID: up to 15 digits, the stored form (dashes removed). */
export const emiratesIdDigits = (typed: string): string => typed.replace(/\D/g, '').slice(0, 15);

/** 784199012345671 -> 784-1990-1234567-1 (partial input is grouped as far as it goes). */
export const formatEmiratesId = (stored: string): string => groups(emiratesIdDigits(stored), [3, 4, 7, 1]);

/** GIIN XXXXXX-XXXXX-XX-XXX: letters and digits, upper case, stored with its dashes. */
export const formatGiin = (typed: string): string =>
  groups(typed.toUpperCase().replace(/[^A-Z0-9]/g, '').slice(0, 16), [6, 5, 2, 3]);

const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;

/** yyyy-MM-dd -> dd/MM/yyyy; anything else (a half-typed date) is shown as it is. */
export function isoToDisplay(stored: unknown): string {
  if (typeof stored !== 'string') return '';
  const m = ISO.exec(stored);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : stored;
}

/** Typed digits -> dd/MM/yyyy with the slashes inserted as the applicant types. */
export function maskDate(typed: string): string {
  const digits = typed.replace(/\D/g, '').slice(0, 8);
  const parts = [digits.slice(0, 2), digits.slice(2, 4), digits.slice(4, 8)].filter((p) => p.length > 0);
  return parts.join('/');
}

/**
 * What DateInput stores for the text in the box: undefined when empty, yyyy-MM-dd once all 8 digits are
 * there, otherwise the partial text, so that validation reports the date as invalid instead of missing.
 */
export function displayToStored(display: string): string | undefined {
  const digits = display.replace(/\D/g, '');
  if (digits.length === 0) return undefined;
  if (digits.length < 8) return display;
  return `${digits.slice(4, 8)}-${digits.slice(2, 4)}-${digits.slice(0, 2)}`;
}

/** The number a percentage text stands for, or undefined while it is empty or only a dot. */
export function percentageValue(text: string): number | undefined {
  if (text === '' || text === '.') return undefined;
  const n = Number(text);
  return Number.isFinite(n) ? n : undefined;
}

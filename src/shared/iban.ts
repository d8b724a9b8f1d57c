/**
 * Account numbers in the UAE IBAN format (ISO 13616): AE, 2 check digits, the 3-digit bank code and a 16-digit
 * account number (23 characters). Check digits by ISO 7064 mod 97-10: the BBAN, then the country code as
 * numbers (A = 10 ... Z = 35) and 00, taken mod 97; the check is 98 minus that, on two digits. Valid when the
 * whole rearranged IBAN is 1 mod 97.
 */

/** The remainder mod 97 of a long string of digits, 7 digits at a time. */
function mod97(digits: string): number {
  let rest = 0;
  for (let i = 0; i < digits.length; i += 7) rest = Number(String(rest) + digits.slice(i, i + 7)) % 97;
  return rest;
}

const asDigits = (s: string) => s.toUpperCase().replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));

export function ibanCheckDigits(country: string, bban: string): string {
  return String(98 - mod97(asDigits(bban + country + '00'))).padStart(2, '0');
}

export function isValidIban(iban: string): boolean {
  const s = iban.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$/.test(s)) return false;
  if (s.startsWith('AE') && !/^AE[0-9]{21}$/.test(s)) return false;
  return mod97(asDigits(s.slice(4) + s.slice(0, 4))) === 1;
}

/** 'AE070331234567890123456' -> 'AE07 0331 2345 6789 0123 456' (the printed form). */
export function formatIban(iban: string): string {
  return iban.replace(/(.{4})(?=.)/g, '$1 ');
}

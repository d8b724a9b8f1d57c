import { randomInt } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/tables';

import { ibanCheckDigits } from '../../shared/iban';

export { formatIban, ibanCheckDigits, isValidIban } from '../../shared/iban';

/** A new UAE IBAN: a random 16-digit account number (not starting with 0) at the bank's code. */
export function newIban(country: string, bankCode: string, random: (max: number) => number = randomInt): string {
  let account = String(1 + random(9));
  while (account.length < 16) account += String(random(10));
  const bban = bankCode + account;
  return country + ibanCheckDigits(country, bban) + bban;
}

/**
 * One account number per currency, stored in account_numbers (primary key: the IBAN, so two applications can
 * never get the same one; a collision draws again). A currency that already has a number keeps it.
 */
export async function openAccounts(
  trx: Transaction<Database>,
  input: { prospectId: string; currencies: string[]; country: string; bankCode: string },
  random?: (max: number) => number,
): Promise<{ currency: string; accountNo: string }[]> {
  const out: { currency: string; accountNo: string }[] = [];
  for (const currency of input.currencies) {
    const existing = await trx
      .selectFrom('account_numbers')
      .select('iban')
      .where('prospect_id', '=', input.prospectId)
      .where('currency', '=', currency)
      .executeTakeFirst();
    if (existing) {
      out.push({ currency, accountNo: existing.iban });
      continue;
    }
    for (let attempt = 0; ; attempt++) {
      const iban = newIban(input.country, input.bankCode, random);
      const inserted = await sql<{ iban: string }>`insert into account_numbers (iban, prospect_id, currency) values (${iban}, ${input.prospectId}, ${currency}) on conflict (iban) do nothing returning iban`.execute(trx);
      if (inserted.rows.length) {
        out.push({ currency, accountNo: iban });
        break;
      }
      if (attempt >= 20) throw new Error('Could not draw a free account number');
    }
  }
  return out;
}

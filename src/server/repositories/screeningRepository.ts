import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/tables';
import { licenceNumberKey } from './searchColumns';
import {
  type BlacklistEntry,
  licenseKey,
  listIdKey,
  listNameKey,
  type ListKind,
  nameKey,
  type OtherApplication,
  type ScreeningListEntry,
  type ScreeningOutcome,
} from '../screening/runScreening';
import type { Outcome } from '../screening/screeningRules';

type Db = Kysely<Database> | Transaction<Database>;

export interface StoredScreening extends ScreeningOutcome {
  createdAt: Date;
}

/** Screening results (history per prospect), the blacklist and the lookups of the dedupe checks. */
export function createScreeningRepository() {
  /** Other prospects with their latest screening outcome. */
  async function withLatestOutcome(db: Db, ids: string[]): Promise<OtherApplication[]> {
    if (!ids.length) return [];
    const rows = await db
      .selectFrom('screening_results')
      .select(['prospect_id', 'result'])
      .where('prospect_id', 'in', ids)
      .orderBy('id', 'asc')
      .execute();
    const latest = new Map<string, Outcome>();
    for (const r of rows) latest.set(r.prospect_id, (r.result as { statusOverAll?: Outcome }).statusOverAll ?? 'PENDING');
    return ids.map((prospectId) => ({ prospectId, statusOverAll: latest.get(prospectId) ?? null }));
  }

  return {
    async save(db: Db, prospectId: string, outcome: ScreeningOutcome): Promise<void> {
      await db.insertInto('screening_results').values({ prospect_id: prospectId, result: JSON.stringify(outcome) }).execute();
    },

    async latest(db: Db, prospectId: string): Promise<StoredScreening | undefined> {
      const r = await db
        .selectFrom('screening_results')
        .select(['result', 'created_at'])
        .where('prospect_id', '=', prospectId)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      return r && { ...(r.result as unknown as ScreeningOutcome), createdAt: new Date(r.created_at) };
    },

    /** Other prospects carrying this trade licence number, case and surrounding spaces ignored (licenceNumberKey; the indexed search column). */
    async sameTradeLicence(db: Db, prospectId: string, licence: string): Promise<OtherApplication[]> {
      const key = licenceNumberKey(licence);
      if (!key) return [];
      const rows = await db
        .selectFrom('prospects')
        .select('id')
        .where((eb) => eb(eb.fn('upper', ['trade_license_no']), '=', key))
        .where('id', '<>', prospectId)
        .limit(20)
        .execute();
      return withLatestOutcome(db, rows.map((r) => r.id));
    },

    /** Other prospects of the applicant who verified this mobile and e-mail. */
    async sameApplicant(db: Db, prospectId: string, owner: { countryCode: string; mobile: string; email: string }): Promise<OtherApplication[]> {
      const rows = await db
        .selectFrom('prospects')
        .select('id')
        .where('owner_mobile', '=', owner.mobile)
        .where('owner_country_code', '=', owner.countryCode)
        .where((eb) => eb(eb.fn('lower', ['owner_email']), '=', owner.email.toLowerCase()))
        .where('id', '<>', prospectId)
        .limit(20)
        .execute();
      return withLatestOutcome(db, rows.map((r) => r.id));
    },

    /** Blacklist entries matching any of these names or licence numbers (case and spacing ignored). */
    async blacklistMatches(db: Db, names: string[], licences: string[]): Promise<BlacklistEntry[]> {
      const nameKeys = [...new Set(names.map(nameKey).filter(Boolean))];
      const licenseKeys = [...new Set(licences.map(licenseKey).filter(Boolean))];
      if (!nameKeys.length && !licenseKeys.length) return [];
      const rows = await db
        .selectFrom('blacklist')
        .select(['name', 'license_number'])
        .where((eb) =>
          eb.or([
            ...(nameKeys.length ? [eb('name_key', 'in', nameKeys)] : []),
            ...(licenseKeys.length ? [eb('license_key', 'in', licenseKeys)] : []),
          ]),
        )
        .limit(100)
        .execute();
      return rows.map((r) => ({ name: r.name, licenseNumber: r.license_number }));
    },

    /** Negative-list entries carrying one of these identity documents or licence numbers (same kind, letters and digits compared). */
    async negativeListMatches(db: Db, ids: ScreeningListEntry[]): Promise<ScreeningListEntry[]> {
      const wanted = ids.map((c) => ({ kind: c.kind, key: listIdKey(c.value) })).filter((c) => c.key !== '');
      if (!wanted.length) return [];
      const rows = await db
        .selectFrom('screening_list_entries')
        .select(['kind', 'value'])
        .where('list', '=', 'negative')
        .where('kind', '<>', 'name')
        .where('value_key', 'in', [...new Set(wanted.map((w) => w.key))])
        .limit(100)
        .execute();
      return rows.map((r) => ({ kind: r.kind, value: r.value }));
    },

    /**
     * Firco-list names that may match one of these names: entries whose key starts with the first word of a
     * candidate (the check then compares them without legal forms, runScreening's fircoMatch).
     */
    async fircoCandidates(db: Db, names: string[]): Promise<ScreeningListEntry[]> {
      const firstWords = [...new Set(names.map((n) => listNameKey(n).split(' ')[0] ?? '').filter(Boolean))];
      if (!firstWords.length) return [];
      const rows = await db
        .selectFrom('screening_list_entries')
        .select(['kind', 'value'])
        .where('list', '=', 'firco')
        .where('kind', '=', 'name')
        .where((eb) => eb.or(firstWords.map((w) => eb.or([eb('value_key', '=', w), eb('value_key', 'like', `${w} %`)]))))
        .limit(200)
        .execute();
      return rows.map((r) => ({ kind: r.kind, value: r.value }));
    },

    async addToScreeningList(db: Db, entry: { list: 'negative' | 'firco'; kind: ListKind; value: string; reason?: string }): Promise<void> {
      await db.insertInto('screening_list_entries').values({ list: entry.list, kind: entry.kind, value: entry.value, reason: entry.reason ?? null }).execute();
    },

    async addToBlacklist(db: Db, entry: { name?: string; licenseNumber?: string; reason?: string }): Promise<void> {
      await db
        .insertInto('blacklist')
        .values({ name: entry.name ?? null, license_number: entry.licenseNumber ?? null, reason: entry.reason ?? null })
        .execute();
    },
  };
}

export type ScreeningRepository = ReturnType<typeof createScreeningRepository>;

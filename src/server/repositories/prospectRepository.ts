import { type Kysely, sql, type Transaction } from 'kysely';
import { PREPARED } from '../db/preparedStatements';
import type { Database } from '../db/tables';
import { type AuditInput, auditValues } from './auditRepository';
import { type DeferredNonce, nonceToClaim, ReplayedNonceError, settleNonce } from './replayNonceRepository';
import { nameWords, normaliseMobile } from '../../shared/searchText';
import { licenceNumberKey, type SearchColumns, searchColumns } from './searchColumns';

export interface ProspectRow {
  id: string;
  userType: string;
  document: Record<string, unknown>;
  version: number;
  status: string;
  schemaVersion: string | null;
  createdAt: Date;
  updatedAt: Date;
  /** The applicant who verified the one-time code (customers reach only their own prospects). */
  owner: { countryCode: string; mobile: string; email: string } | null;
  /** The applicant's language, for the messages sent to them (null: not known, English). */
  locale?: string | null;
}

export interface SearchCriteria {
  /** Any words of the applicant's or the company's name (every word must be one of them). */
  applicantName?: string;
  /** Any words of the company's name. */
  companyName?: string;
  countryCode?: string;
  mobileNo?: string;
  leadNumber?: string;
  tradeLicenseNo?: string;
  email?: string;
  prospectId?: string;
  eidNumber?: string;
}

export interface ProspectSummary {
  prospectId: string;
  companyName: string | null;
  applicantName: string | null;
  status: string;
  updatedAt: Date;
  accountType: string | null;
  islamicBanking: boolean;
  viewId: string | null;
  leadNumber: string | null;
  /** prospectStatusInfo as the server wrote it (status code, words and reason in words), when it did. */
  statusInfo: { statusCode?: string; statusNotes?: string; statusReason?: string } | null;
}

type Db = Kysely<Database> | Transaction<Database>;

const columns = [
  'id',
  'user_type',
  'document',
  'version',
  'status',
  'schema_version',
  'created_at',
  'updated_at',
  'owner_country_code',
  'owner_mobile',
  'owner_email',
  'locale',
] as const;

/** Everything but the document: what a save reads back (it has the document it wrote). */
const metaColumns = columns.filter((c): c is Exclude<(typeof columns)[number], 'document'> => c !== 'document');
type MetaRow = Omit<Parameters<typeof toRow>[0], 'document'> & { row_xmin: string };
/** The transaction that wrote the row (a system column of every PostgreSQL row), as text. */
const rowXmin = sql<string>`xmin::text`.as('row_xmin');

function toRow(r: {
  id: string;
  user_type: string;
  document: Record<string, unknown>;
  version: number;
  status: string;
  schema_version: string | null;
  created_at: Date;
  updated_at: Date;
  owner_country_code: string | null;
  owner_mobile: string | null;
  owner_email: string | null;
  locale?: string | null;
}): ProspectRow {
  return {
    id: r.id,
    userType: r.user_type,
    document: r.document,
    version: r.version,
    status: r.status,
    schemaVersion: r.schema_version,
    createdAt: new Date(r.created_at),
    updatedAt: new Date(r.updated_at),
    owner: r.owner_mobile ? { countryCode: r.owner_country_code ?? '', mobile: r.owner_mobile, email: r.owner_email ?? '' } : null,
    locale: r.locale ?? null,
  };
}

function toSummary(r: { id: string; company_name: string | null; applicant_name: string | null; status: string; updated_at: Date; document: Record<string, unknown> }): ProspectSummary {
  const applicant = (r.document.applicantInfo ?? {}) as { fullName?: string };
  const application = (r.document.applicationInfo ?? {}) as { accountType?: string; islamicBanking?: boolean; viewId?: string };
  const general = (r.document.generalInfo ?? {}) as { leadNumber?: string };
  const info = r.document.prospectStatusInfo;
  const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);
  const statusInfo =
    info && typeof info === 'object' && !Array.isArray(info)
      ? (() => {
          const i = info as Record<string, unknown>;
          const out = { statusCode: text(i.statusCode) ?? text(i.status), statusNotes: text(i.statusNotes), statusReason: text(i.statusReason) ?? text(i.statusReasonText) ?? text(i.reason) };
          return out.statusCode || out.statusNotes || out.statusReason ? out : null;
        })()
      : null;
  return {
    prospectId: r.id,
    companyName: r.company_name,
    applicantName: applicant.fullName ?? r.applicant_name,
    status: r.status,
    updatedAt: new Date(r.updated_at),
    accountType: application.accountType || null,
    islamicBanking: application.islamicBanking === true,
    viewId: text(application.viewId) ?? null,
    leadNumber: text(general.leadNumber) ?? null,
    statusInfo,
  };
}

/** Thrown by a save of a prospect that does not exist. */
export class ProspectNotFoundError extends Error {
  constructor(readonly id: string) {
    super(`Prospect ${id} does not exist`);
  }
}

/**
 * Thrown by a save given `expectedXmin` when the row still has the expected version but was written since
 * (by something that did not bump the version): the caller's copy of the row is stale, not the client's.
 */
export class StaleRowError extends Error {
  constructor(readonly id: string) {
    super(`Prospect ${id} was written since it was read`);
  }
}

/**
 * A row just written, with its xmin (the id of the transaction that wrote it, which changes with every write of
 * the row, whoever makes it) and the length of its document's JSON: what the process's prospect cache keeps.
 */
export type SavedProspect = ProspectRow & { xmin: string; jsonChars: number };

/** Thrown when a writer's version is not the stored one: it must reload, never overwrite. */
export class VersionConflictError extends Error {
  constructor(readonly currentVersion: number) {
    super(`The application was changed elsewhere (now version ${currentVersion})`);
  }
}

/** Prospects as versioned JSONB documents. Every function takes the database or a transaction. */
/** `column = value` for every search column (all of them, so a column added to searchColumns is written by every save). */
function searchAssignments(search: SearchColumns) {
  return sql.join(
    Object.entries(search).map(([column, value]) => sql`${sql.ref(column)} = ${Array.isArray(value) ? sql`cast(${value} as text[])` : value}`),
  );
}

export function createProspectRepository() {
  return {
    async create(
      db: Db,
      input: {
        id: string;
        userType: string;
        document: Record<string, unknown>;
        schemaVersion?: string;
        owner?: { countryCode: string; mobile: string; email: string };
        /** The applicant's language (not set when an agent creates it). */
        locale?: string;
      },
    ) {
      const json = JSON.stringify(input.document);
      const row = await db
        .insertInto('prospects')
        .values({
          id: input.id,
          user_type: input.userType,
          document: json,
          schema_version: input.schemaVersion ?? null,
          owner_country_code: input.owner?.countryCode ?? null,
          owner_mobile: input.owner?.mobile ?? null,
          owner_email: input.owner?.email.toLowerCase() ?? null,
          locale: input.locale ?? null,
          ...searchColumns(input.document),
        })
        .returning([...metaColumns, rowXmin])
        .executeTakeFirstOrThrow();
      return { ...toRow({ ...row, document: input.document }), xmin: row.row_xmin, jsonChars: json.length } satisfies SavedProspect;
    },

    /** Remembers the applicant's language (the language of their latest save), for the messages sent to them. */
    async setLocale(db: Db, id: string, locale: string): Promise<void> {
      await db.updateTable('prospects').set({ locale }).where('id', '=', id).where((eb) => eb.or([eb('locale', 'is', null), eb('locale', '!=', locale)])).execute();
    },

    /** An applicant's own applications (come-back login, My Applications), newest first. */
    /** How many applications of this owner are in progress (DRAFT): the cap on new ones (MAX_OPEN_APPLICATIONS). */
    async countOpenByOwner(db: Db, owner: { countryCode: string; mobile: string; email: string }): Promise<number> {
      const row = await db
        .selectFrom('prospects')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('owner_mobile', '=', owner.mobile)
        .where('owner_country_code', '=', owner.countryCode)
        .where((eb) => eb(eb.fn('lower', ['owner_email']), '=', owner.email.toLowerCase()))
        .where('status', '=', 'DRAFT')
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    async listByOwner(db: Db, owner: { countryCode: string; mobile: string; email: string }): Promise<ProspectSummary[]> {
      const rows = await db
        .selectFrom('prospects')
        .select(['id', 'company_name', 'applicant_name', 'status', 'updated_at', 'document'])
        .where('owner_mobile', '=', owner.mobile)
        .where('owner_country_code', '=', owner.countryCode)
        .where((eb) => eb(eb.fn('lower', ['owner_email']), '=', owner.email.toLowerCase()))
        .orderBy('updated_at', 'desc')
        .limit(50)
        .execute();
      return rows.map(toSummary);
    },

    /** Agent search: every given criterion must match (AND); at least one is required by the route. */
    async search(
      db: Db,
      criteria: SearchCriteria,
      page: { limit: number; offset: number; sort: 'updatedAt' | 'prospectId' | 'companyName' | 'status'; order: 'asc' | 'desc' },
    ): Promise<{ total: number; results: ProspectSummary[] }> {
      let q = db.selectFrom('prospects');
      const words = (text: string) => sql<string[]>`cast(${nameWords(text)} as text[])`;
      if (criteria.prospectId) q = q.where('id', '=', criteria.prospectId.trim().toUpperCase());
      if (criteria.applicantName && nameWords(criteria.applicantName).length) q = q.where('name_words', '@>', words(criteria.applicantName));
      if (criteria.companyName && nameWords(criteria.companyName).length) q = q.where('company_words', '@>', words(criteria.companyName));
      if (criteria.countryCode) q = q.where('owner_country_code', '=', criteria.countryCode.trim());
      if (criteria.mobileNo) q = q.where('owner_mobile', '=', normaliseMobile(criteria.mobileNo, criteria.countryCode));
      if (criteria.email) q = q.where((eb) => eb(eb.fn('lower', ['owner_email']), '=', criteria.email!.trim().toLowerCase()));
      if (criteria.leadNumber) q = q.where((eb) => eb(eb.fn('upper', ['lead_number']), '=', criteria.leadNumber!.trim().toUpperCase()));
      if (criteria.tradeLicenseNo) q = q.where((eb) => eb(eb.fn('upper', ['trade_license_no']), '=', licenceNumberKey(criteria.tradeLicenseNo!)));
      if (criteria.eidNumber) q = q.where('eid_numbers', '@>', sql<string[]>`array[${criteria.eidNumber.replace(/-/g, '').trim()}]::text[]`);
      const sortColumn = { updatedAt: 'updated_at', prospectId: 'id', companyName: 'company_name', status: 'status' } as const;
      // The matches are found first (a materialized CTE, so each criterion uses its own index), then sorted
      // and paged; otherwise the planner may walk the sort index of the whole table looking for 20 rows.
      const matches = q.select(['id', 'company_name', 'applicant_name', 'status', 'updated_at']);
      // One pass: the page and the number of matches (a window count over the materialized matches).
      const page1 = await db
        .with((cte) => cte('m').materialized(), () => matches)
        .selectFrom('m')
        .selectAll()
        .select(sql<string>`count(*) over ()`.as('n'))
        .orderBy(sortColumn[page.sort], page.order)
        .orderBy('id', 'asc')
        .limit(page.limit)
        .offset(page.offset)
        .execute();
      // A page past the end has no rows to carry the count: count alone then.
      const count = page1.length
        ? { n: page1[0]!.n }
        : page.offset === 0
          ? { n: 0 }
          : await db.with((cte) => cte('m').materialized(), () => matches).selectFrom('m').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      const ids = page1.map((r) => r.id);
      const docs = ids.length
        ? new Map((await db.selectFrom('prospects').select(['id', 'document']).where('id', 'in', ids).execute()).map((r) => [r.id, r.document]))
        : new Map();
      const rows = page1.map((r) => ({ ...r, document: (docs.get(r.id) ?? {}) as Record<string, unknown> }));
      return { total: Number(count.n), results: rows.map(toSummary) };
    },

    /** The xmin of a prospect's row as it is now (undefined when there is no such prospect). */
    async currentXmin(db: Db, id: string): Promise<string | undefined> {
      const row = await db.selectFrom('prospects').select(rowXmin).where('id', '=', id).executeTakeFirst();
      return row?.row_xmin;
    },

    async findById(db: Db, id: string): Promise<ProspectRow | undefined> {
      const row = await db.selectFrom('prospects').select(columns).where('id', '=', id).executeTakeFirst();
      return row ? toRow(row) : undefined;
    },

    /**
     * Writes a new document if `expectedVersion` is current, and its audit row, in one statement (one round
     * trip, atomic by itself); the stored document is not read back. Throws VersionConflictError otherwise, and
     * ProspectNotFoundError when there is no such prospect. With `expectedXmin` (the xmin of the caller's copy of
     * the row) it writes only if nothing at all wrote the row since, and throws StaleRowError when something
     * did without bumping the version. `documentJson` is the document as JSON when the
     * caller has it already (it is serialised once per save). The statement is written out rather than built
     * (a query builder's CTE costs more CPU per save than the rest of the write).
     */
    async save(
      db: Db,
      input: SaveManyInput,
    ): Promise<SavedProspect> {
      const audit = auditValues({ ...input.audit, prospectId: input.id });
      const json = input.documentJson ?? JSON.stringify(input.document);
      const search = searchColumns(input.document);
      const nonce = nonceToClaim(input.nonce);
      // A prepared statement on PostgreSQL (db/preparedStatements.ts): two forms of text, named result columns.
      // The request's replay nonce (when its claim was left to this statement) is claimed by it: the row is written
      // only if the nonce was new; one row comes back either way, saying whether it was.
      const { rows } = await sql<Partial<MetaRow> & { nonce_claimed: number }>`${sql.raw(PREPARED)}
        with claimed as (
          insert into replay_nonces (nonce) select cast(${nonce} as text) where cast(${nonce} as text) is not null
          on conflict (nonce) do nothing
          returning nonce
        ), saved as (
          update prospects set
            document = cast(${json} as jsonb),
            ${searchAssignments(search)},
            version = ${input.expectedVersion + 1},
            updated_at = ${new Date()},
            status = coalesce(${input.status ?? null}, status),
            schema_version = coalesce(${input.schemaVersion ?? null}, schema_version)
          where id = ${input.id} and version = ${input.expectedVersion}${input.expectedXmin === undefined ? sql`` : sql` and xmin = cast(${input.expectedXmin} as xid)`}
            and (cast(${nonce} as text) is null or exists (select 1 from claimed))
          returning ${sql.join(metaColumns.map((c) => sql.ref(c)))}, xmin::text as row_xmin
        ), logged as (
          insert into audit_log (prospect_id, actor_sub, actor_kind, action, changes)
          select id, ${audit.actor_sub}, ${audit.actor_kind}, ${audit.action}, cast(${audit.changes} as jsonb) from saved
        )
        select s.*, c.n as nonce_claimed from (select count(*)::int as n from claimed) c left join saved s on true`.execute(db);
      const row = rows[0];
      if (nonce !== null) {
        settleNonce(input.nonce!, !!row?.nonce_claimed);
        if (!row?.nonce_claimed) throw new ReplayedNonceError();
      }
      if (row?.id !== undefined && row.id !== null) return { ...toRow({ ...(row as MetaRow), document: input.document }), xmin: row.row_xmin!, jsonChars: json.length };
      return notSaved(db, input);
    },

    /**
     * Many saves of different prospects in one statement (group commit, prospects/saveBatches.ts): each save's
     * new version and its audit row are written exactly as `save` writes them, under the same version (and
     * xmin) condition, by one data-modifying statement: one round trip and one commit for all of them. A save
     * whose condition fails writes nothing and gets `undefined` (`notSaved` says why); the statement as a whole
     * is atomic, so if it fails, nothing of it is written. The ids must be distinct, and so must the nonces. A save
     * whose request's nonce (`nonce`, unsettled) the statement found taken writes nothing and gets a
     * ReplayedNonceError; the statement claims the others' (with their writes, as `save` does).
     */
    async saveMany(db: Db, inputs: SaveManyInput[]): Promise<(SavedProspect | ReplayedNonceError | undefined)[]> {
      const claims = inputs.map((input) => nonceToClaim(input.nonce));
      const jsons = inputs.map((input) => input.documentJson ?? JSON.stringify(input.document));
      // One JSON array of records; the documents and the audit changes, already JSON, are spliced in as they are.
      const now = JSON.stringify(new Date());
      const records = inputs.map((input, i) => {
        const audit = auditValues({ ...input.audit, prospectId: input.id });
        const fields = JSON.stringify({
          id: input.id,
          expected_version: input.expectedVersion,
          expected_xmin: input.expectedXmin ?? null,
          status: input.status ?? null,
          schema_version: input.schemaVersion ?? null,
          actor_sub: audit.actor_sub,
          actor_kind: audit.actor_kind,
          action: audit.action,
          nonce: claims[i],
          ...searchColumns(input.document),
        });
        return `${fields.slice(0, -1)},"updated_at":${now},"changes":${audit.changes},"document":${jsons[i]}}`;
      });
      const { rows } = await sql<Partial<MetaRow> & { input_id: string; nonce_claimed: boolean }>`${sql.raw(PREPARED)}
        with input as (
          select * from jsonb_to_recordset(cast(${`[${records.join(',')}]`} as jsonb)) as x(${sql.raw(batchColumns)})
        ), claimed as (
          insert into replay_nonces (nonce) select x.nonce from input x where x.nonce is not null
          on conflict (nonce) do nothing
          returning nonce
        ), saved as (
          update prospects p set
            document = x.document,
            ${sql.raw(SEARCH_COLUMNS.map((c) => `${c} = x.${c}`).join(', '))},
            version = x.expected_version + 1,
            updated_at = x.updated_at,
            status = coalesce(x.status, p.status),
            schema_version = coalesce(x.schema_version, p.schema_version)
          from input x
          where p.id = x.id and p.version = x.expected_version and (x.expected_xmin is null or p.xmin = cast(x.expected_xmin as xid))
            and (x.nonce is null or x.nonce in (select c.nonce from claimed c))
          returning ${sql.raw(metaColumns.map((c) => `p.${c}`).join(', '))}, p.xmin::text as row_xmin
        ), logged as (
          insert into audit_log (prospect_id, actor_sub, actor_kind, action, changes)
          select s.id, x.actor_sub, x.actor_kind, x.action, x.changes from saved s join input x on x.id = s.id
        )
        select s.*, x.id as input_id, c.nonce is not null as nonce_claimed
        from input x left join claimed c on c.nonce = x.nonce left join saved s on s.id = x.id`.execute(db);
      const byId = new Map(rows.map((r) => [r.input_id, r]));
      return inputs.map((input, i) => {
        const row = byId.get(input.id);
        if (claims[i] !== null) {
          settleNonce(input.nonce!, !!row?.nonce_claimed);
          if (!row?.nonce_claimed) return new ReplayedNonceError();
        }
        return row?.id ? { ...toRow({ ...(row as MetaRow), document: input.document }), xmin: row.row_xmin!, jsonChars: jsons[i]!.length } : undefined;
      });
    },

    /** Why a save wrote nothing: throws what `save` throws then (ProspectNotFoundError, StaleRowError, VersionConflictError). */
    notSaved,
  };
}

/** A save as `save` and `saveMany` take it. */
export interface SaveManyInput {
  id: string;
  expectedVersion: number;
  document: Record<string, unknown>;
  documentJson?: string;
  expectedXmin?: string;
  status?: string;
  schemaVersion?: string;
  audit: Omit<AuditInput, 'prospectId'>;
  /** The request's replay nonce, when its claim was left to the save's statement (settled by it). */
  nonce?: DeferredNonce;
}

/** The search columns every save writes (all of searchColumns', so a column added there is written by batches too). */
const SEARCH_COLUMNS = Object.keys(searchColumns({})) as (keyof SearchColumns)[];
/** The record type of a batch's input rows (jsonb_to_recordset turns JSON arrays into text[]). */
const batchColumns = [
  'id text',
  'expected_version integer',
  'expected_xmin text',
  'status text',
  'schema_version text',
  'actor_sub text',
  'actor_kind text',
  'action text',
  'nonce text',
  ...SEARCH_COLUMNS.map((c) => `${c} ${Array.isArray(searchColumns({})[c]) ? 'text[]' : 'text'}`),
  'updated_at timestamptz',
  'changes jsonb',
  'document jsonb',
].join(', ');

/** Throws why a save of `input` wrote nothing, read from the row as it is now. */
async function notSaved(db: Db, input: { id: string; expectedVersion: number; expectedXmin?: string }): Promise<never> {
  const current = await db.selectFrom('prospects').select('version').where('id', '=', input.id).executeTakeFirst();
  if (!current) throw new ProspectNotFoundError(input.id);
  if (input.expectedXmin !== undefined && current.version === input.expectedVersion) throw new StaleRowError(input.id);
  throw new VersionConflictError(current.version);
}

export type ProspectRepository = ReturnType<typeof createProspectRepository>;

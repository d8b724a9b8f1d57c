import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../db/tables';
import { searchColumns } from './searchColumns';

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
}

export interface SearchCriteria {
  applicantName?: string;
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
] as const;

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
  };
}

function toSummary(r: { id: string; company_name: string | null; applicant_name: string | null; status: string; updated_at: Date; document: Record<string, unknown> }): ProspectSummary {
  const applicant = (r.document.applicantInfo ?? {}) as { fullName?: string };
  const application = (r.document.applicationInfo ?? {}) as { accountType?: string };
  return {
    prospectId: r.id,
    companyName: r.company_name,
    applicantName: applicant.fullName ?? r.applicant_name,
    status: r.status,
    updatedAt: new Date(r.updated_at),
    accountType: application.accountType ?? null,
  };
}

/** Thrown when a writer's version is not the stored one: it must reload, never overwrite. */
export class VersionConflictError extends Error {
  constructor(readonly currentVersion: number) {
    super(`The application was changed elsewhere (now version ${currentVersion})`);
  }
}

/** Prospects as versioned JSONB documents. Every function takes the database or a transaction. */
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
      },
    ) {
      const row = await db
        .insertInto('prospects')
        .values({
          id: input.id,
          user_type: input.userType,
          document: JSON.stringify(input.document),
          schema_version: input.schemaVersion ?? null,
          owner_country_code: input.owner?.countryCode ?? null,
          owner_mobile: input.owner?.mobile ?? null,
          owner_email: input.owner?.email.toLowerCase() ?? null,
          ...searchColumns(input.document),
        })
        .returning(columns)
        .executeTakeFirstOrThrow();
      return toRow(row);
    },

    /** An applicant's own applications (come-back login, My Applications), newest first. */
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
      if (criteria.prospectId) q = q.where('id', '=', criteria.prospectId.trim());
      if (criteria.applicantName) q = q.where('applicant_name', 'like', `${criteria.applicantName.trim().toLowerCase().replace(/[%_\\]/g, '\\$&')}%`);
      if (criteria.countryCode) q = q.where('owner_country_code', '=', criteria.countryCode.trim());
      if (criteria.mobileNo) q = q.where('owner_mobile', '=', criteria.mobileNo.trim());
      if (criteria.email) q = q.where((eb) => eb(eb.fn('lower', ['owner_email']), '=', criteria.email!.trim().toLowerCase()));
      if (criteria.leadNumber) q = q.where('lead_number', '=', criteria.leadNumber.trim());
      if (criteria.tradeLicenseNo) q = q.where('trade_license_no', '=', criteria.tradeLicenseNo.trim());
      if (criteria.eidNumber) q = q.where('eid_numbers', '@>', sql<string[]>`array[${criteria.eidNumber.replace(/-/g, '').trim()}]::text[]`);
      const sortColumn = { updatedAt: 'updated_at', prospectId: 'id', companyName: 'company_name', status: 'status' } as const;
      // The matches are found first (a materialized CTE, so each criterion uses its own index), then sorted
      // and paged; otherwise the planner may walk the sort index of the whole table looking for 20 rows.
      const matches = q.select(['id', 'company_name', 'applicant_name', 'status', 'updated_at']);
      const [count, page1] = await Promise.all([
        db.with((cte) => cte('m').materialized(), () => matches).selectFrom('m').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
        db
          .with((cte) => cte('m').materialized(), () => matches)
          .selectFrom('m')
          .selectAll()
          .orderBy(sortColumn[page.sort], page.order)
          .orderBy('id', 'asc')
          .limit(page.limit)
          .offset(page.offset)
          .execute(),
      ]);
      const ids = page1.map((r) => r.id);
      const docs = ids.length
        ? new Map((await db.selectFrom('prospects').select(['id', 'document']).where('id', 'in', ids).execute()).map((r) => [r.id, r.document]))
        : new Map();
      const rows = page1.map((r) => ({ ...r, document: (docs.get(r.id) ?? {}) as Record<string, unknown> }));
      return { total: Number(count.n), results: rows.map(toSummary) };
    },

    async findById(db: Db, id: string): Promise<ProspectRow | undefined> {
      const row = await db.selectFrom('prospects').select(columns).where('id', '=', id).executeTakeFirst();
      return row ? toRow(row) : undefined;
    },

    /** Writes a new document if `expectedVersion` is current; throws VersionConflictError otherwise. */
    async update(
      db: Db,
      input: { id: string; expectedVersion: number; document: Record<string, unknown>; status?: string; schemaVersion?: string },
    ): Promise<ProspectRow> {
      const row = await db
        .updateTable('prospects')
        .set({
          document: JSON.stringify(input.document),
          ...searchColumns(input.document),
          version: input.expectedVersion + 1,
          updated_at: new Date(),
          ...(input.status ? { status: input.status } : {}),
          ...(input.schemaVersion ? { schema_version: input.schemaVersion } : {}),
        })
        .where('id', '=', input.id)
        .where('version', '=', input.expectedVersion)
        .returning(columns)
        .executeTakeFirst();
      if (row) return toRow(row);
      const current = await db.selectFrom('prospects').select('version').where('id', '=', input.id).executeTakeFirst();
      if (!current) throw new Error(`Prospect ${input.id} does not exist`);
      throw new VersionConflictError(current.version);
    },
  };
}

export type ProspectRepository = ReturnType<typeof createProspectRepository>;

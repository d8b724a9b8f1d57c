import { createHash, randomBytes } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { ApiError } from '../plugins/app/errors';
import { createAuditRepository } from '../repositories/auditRepository';
import { createProspectRepository, type SearchCriteria } from '../repositories/prospectRepository';

const CRITERIA = ['applicantName', 'countryCode', 'mobileNo', 'leadNumber', 'tradeLicenseNo', 'email', 'prospectId', 'eidNumber'] as const;

const text = (max: number) => ({ type: 'string', maxLength: max }) as const;

const searchBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    applicantName: text(100),
    countryCode: { type: 'string', pattern: '^[0-9-]{0,8}$' },
    mobileNo: { type: 'string', pattern: '^[0-9]{0,15}$' },
    leadNumber: text(40),
    tradeLicenseNo: text(20),
    email: text(100),
    prospectId: text(40),
    eidNumber: { type: 'string', pattern: '^[0-9-]{0,20}$' },
    page: { type: 'integer', minimum: 1, maximum: 10_000 },
    pageSize: { type: 'integer', minimum: 1, maximum: 100 },
    sort: { type: 'string', enum: ['updatedAt', 'prospectId', 'companyName', 'status'] },
    order: { type: 'string', enum: ['asc', 'desc'] },
  },
} as const;

const inviteBody = {
  type: 'object',
  additionalProperties: false,
  required: ['fullName', 'email', 'countryCode', 'mobileNo', 'accountType'],
  properties: {
    fullName: { type: 'string', minLength: 1, maxLength: 100, pattern: "^[A-Za-z][A-Za-z .'-]*$" },
    email: { type: 'string', format: 'email', maxLength: 50 },
    countryCode: { type: 'string', pattern: '^[0-9]{1,3}(-[0-9]{1,4})?$' },
    mobileNo: { type: 'string', pattern: '^[0-9]{4,10}$' },
    accountType: { type: 'string', enum: ['starter', 'currentAccount', 'elite'] },
    islamicBanking: { type: 'boolean' },
  },
} as const;

/** The changed paths of an audit row (JSON text on some drivers, an array on others). */
function auditChanges(value: unknown): unknown[] {
  if (typeof value === 'string') {
    try {
      return auditChanges(JSON.parse(value));
    } catch {
      return [];
    }
  }
  return Array.isArray(value) ? value : [];
}

const auditAnswer = {
  type: 'object',
  required: ['entries'],
  properties: {
    entries: {
      type: 'array',
      items: {
        type: 'object',
        required: ['at', 'actor', 'action', 'changes'],
        properties: {
          at: { type: 'string', format: 'date-time' },
          actor: { type: 'string' },
          actorKind: { type: 'string' },
          action: { type: 'string' },
          changes: { type: 'array', items: {} },
        },
      },
    },
  },
} as const;

/** Agent channel: search applications by any identifier, invite customers, read an application's audit trail. Agents only. */
const agentRoutes: FastifyPluginAsync = async (app) => {
  const repo = createProspectRepository();
  const audit = createAuditRepository();
  const guard = [app.authenticate, app.requireRole('agent')];

  app.post<{ Body: SearchCriteria & { page?: number; pageSize?: number; sort?: 'updatedAt' | 'prospectId' | 'companyName' | 'status'; order?: 'asc' | 'desc' } }>(
    '/products/stp-accounts/prospects/search',
    { onRequest: guard, schema: { body: searchBody } },
    async (request) => {
      const { page = 1, pageSize = 20, sort = 'updatedAt', order = 'desc', ...criteria } = request.body;
      const given = CRITERIA.filter((k) => typeof criteria[k] === 'string' && criteria[k]!.trim() !== '');
      if (given.length === 0) {
        throw new ApiError(400, 'FieldsValidation', [
          { errorCode: 'REQUIRED', field: 'searchInfo', message: 'Enter at least one search criterion' },
        ]);
      }
      const found = await repo.search(app.database.db, criteria, { limit: pageSize, offset: (page - 1) * pageSize, sort, order });
      await audit.record(app.database.db, { prospectId: null, principal: request.principal!, action: 'agent.search', changes: given });
      return {
        total: found.total,
        page,
        pageSize,
        searchResult: found.results.map((r) => ({
          prospectId: r.prospectId,
          companyName: r.companyName,
          applicantName: r.applicantName,
          status: { statusNotes: r.status, statusReason: null },
          applicationInfo: { accountType: r.accountType },
          lastModified: r.updatedAt.toISOString(),
        })),
      };
    },
  );

  app.post<{ Body: { fullName: string; email: string; countryCode: string; mobileNo: string; accountType: string; islamicBanking?: boolean } }>(
    '/agent/createInvite',
    { onRequest: guard, schema: { body: inviteBody } },
    async (request, reply) => {
      const principal = request.principal!;
      const token = randomBytes(24).toString('base64url');
      const id = randomBytes(8).toString('hex');
      const body = request.body;
      await app.database.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('invites')
          .values({
            id,
            token_hash: createHash('sha256').update(token).digest('hex'),
            agent_sub: principal.sub,
            ro_code: principal.roCode ?? null,
            email: body.email,
            country_code: body.countryCode,
            mobile_no: body.mobileNo,
            full_name: body.fullName,
            account_type: body.accountType,
            islamic_banking: body.islamicBanking === true,
            expires_at: new Date(Date.now() + 14 * 24 * 3600_000),
          })
          .execute();
        await audit.record(trx, { prospectId: null, principal, action: 'agent.invite', changes: [body.email] });
      });
      const query = new URLSearchParams({ invite: token, ...(principal.roCode ? { rocode: principal.roCode } : {}) });
      const link = `/business/application-redirect?${query}`;
      await app.outbox.send({
        channel: 'email',
        recipient: body.email,
        subject: 'Your business account application',
        body: `Dear ${body.fullName},\n\nyour relationship officer invites you to apply for a business account online. Start here: ${link}\n\nThe link is valid for 14 days.`,
      });
      return reply.code(201).send({ inviteId: id });
    },
  );

  app.get<{ Params: { prospectId: string } }>(
    '/agent/prospects/:prospectId/audit',
    {
      onRequest: guard,
      schema: {
        params: { type: 'object', required: ['prospectId'], properties: { prospectId: { type: 'string', pattern: '^[A-Z0-9-]{4,40}$' } } },
        response: { 200: auditAnswer },
      },
    },
    async (request) => {
      const { prospectId } = request.params;
      // Same answer as the prospect routes for an id that does not exist.
      if (!(await repo.findById(app.database.db, prospectId))) {
        throw new ApiError(404, 'ProspectError', [{ errorCode: '12002', message: 'Invalid Prospect ID' }]);
      }
      const entries = await audit.forProspect(app.database.db, prospectId);
      // Staff appear by name (their subject is user:<id>); applicants as "Applicant".
      const staffIds = [...new Set(entries.map((e) => /^user:(.+)$/.exec(e.actor)?.[1]).filter((id): id is string => !!id))];
      const names = new Map<string, string>();
      if (staffIds.length) {
        const rows = await app.database.db.selectFrom('users').select(['id', 'display_name']).where('id', 'in', staffIds).execute();
        for (const r of rows) names.set(`user:${r.id}`, r.display_name);
      }
      return {
        entries: entries.map((e) => ({
          at: e.at.toISOString(),
          actor: names.get(e.actor) ?? (e.actorKind === 'customer' ? 'Applicant' : e.actor),
          actorKind: e.actorKind,
          action: e.action,
          changes: auditChanges(e.changes),
        })),
      };
    },
  );
};

export default agentRoutes;

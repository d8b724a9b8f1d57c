import { INVALID_PROSPECT } from '../../shared/stopCodes';
import { nameWords } from '../../shared/searchText';
import { declineReasonLabel, labelOf } from '../../content/lifecycle';
import { actionTypeOf, COMPLETED_STEPS_PATH, completedStepsOf, type CompletedStepFact } from '../prospects/auditFacts';

/** The applicant's declaration at submit: a server field (serverFields.schema.json) the catalogues do not word. */
const DECLARATION_PATH = '/applicationInfo/declaration';

/** Every document of documents.json (groups, sections, documents) with its type and title, in the content's order. */
function documentTitles(node: unknown, out: { documentType: string; documentTitle: string }[] = []): { documentType: string; documentTitle: string }[] {
  if (Array.isArray(node)) for (const n of node) documentTitles(n, out);
  else if (node && typeof node === 'object') {
    const o = node as Record<string, unknown>;
    if (typeof o.documentType === 'string' && typeof o.documentTitle === 'string') out.push({ documentType: o.documentType, documentTitle: o.documentTitle });
    for (const v of Object.values(o)) if (v && typeof v === 'object') documentTitles(v, out);
  }
  return out;
}
import { currentLifecycle } from '../prospects/lifecycle';
import { type DocumentsConfig, requiredDocuments } from '../../content/requiredDocuments';
import { fieldLabel, fieldMap } from '../../content/fieldMap';
import { localizedContent } from '../../content/compiledContent';
import { auditWords } from '../../shared/serverMessages';
import { localeOf } from '../i18n/requestLocale';
import { inviteLink, inviteState, newInviteToken } from '../prospects/invites';
import type { FastifyPluginAsync } from 'fastify';
import { ApiError } from '../plugins/app/errors';
import { fieldsValidation } from '../prospects/clientDocument';
import { createAuditRepository } from '../repositories/auditRepository';
import { createProspectRepository, type SearchCriteria } from '../repositories/prospectRepository';

const CRITERIA = ['applicantName', 'companyName', 'countryCode', 'mobileNo', 'leadNumber', 'tradeLicenseNo', 'email', 'prospectId', 'eidNumber'] as const;

const text = (max: number) => ({ type: 'string', maxLength: max }) as const;

const searchBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    applicantName: text(100),
    companyName: text(100),
    countryCode: { type: 'string', pattern: '^\\+?[0-9-]{0,8}$' },
    // Typed as the agent reads it: 0501234567, 971501234567, +971 50 123 4567 (normalised by the search).
    mobileNo: { type: 'string', pattern: '^[0-9 +()-]{0,20}$' },
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

/**
 * The invite's shape only (its keys and their types): its rules (the name's letters, the e-mail, the mobile number of
 * the country code, the account types) are the agentInvite step's, which the invite form checks in the browser and
 * the route checks again with the same compiled validator (below).
 */
const inviteBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    fullName: { type: 'string' },
    email: { type: 'string' },
    countryCode: { type: 'string' },
    mobileNo: { type: 'string' },
    accountType: { type: 'string' },
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
          /** The changes in words: field titles from the schemas, documents by title and file name. */
          changeLabels: { type: 'array', items: { type: 'string' } },
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
  const ttlDays = app.config.inviteTtlDays ?? 14;
  const publicUrl = app.config.publicUrl ?? `http://localhost:${app.config.port}`;

  /** The invite e-mail: an absolute link (PUBLIC_URL) that opens the chosen account with the details prefilled. */
  async function sendInvite(invite: { token: string; fullName: string; email: string; roCode?: string | null; accountType: string; islamicBanking: boolean }) {
    const link = inviteLink(publicUrl, invite.token, invite);
    await app.outbox.send({
      channel: 'email',
      recipient: invite.email,
      subject: 'Your business account application',
      body: `Dear ${invite.fullName},\n\nyour relationship officer invites you to apply for a business account online. Start here: ${link}\n\nThe link is valid for ${ttlDays} days.`,
    });
  }

  app.post<{ Body: SearchCriteria & { page?: number; pageSize?: number; sort?: 'updatedAt' | 'prospectId' | 'companyName' | 'status'; order?: 'asc' | 'desc' } }>(
    '/products/stp-accounts/prospects/search',
    // The criteria come flat (001 §3), and their field errors are named searchInfo.<criterion> like the no-criterion one.
    { onRequest: guard, schema: { body: searchBody }, config: { bodyFieldsAs: 'searchInfo' } },
    async (request) => {
      const content = await app.contentStore.current();
      const accounts = ((content.built.products as { accounts?: { id: string; name: string; islamic?: { name?: string } }[] }).accounts ?? []);
      const accountName = (type: string | null, islamic: boolean) => {
        const account = accounts.find((a) => a.id === type);
        if (!account) return null;
        return islamic ? `${account.islamic?.name ?? account.name} (Islamic)` : account.name;
      };
      const { page = 1, pageSize = 20, sort = 'updatedAt', order = 'desc', ...criteria } = request.body;
      // A name criterion counts only when it has a word (punctuation alone would match every application).
      const given = CRITERIA.filter((k) => {
        const value = criteria[k];
        if (typeof value !== 'string' || value.trim() === '') return false;
        return k === 'applicantName' || k === 'companyName' ? nameWords(value).length > 0 : true;
      });
      if (given.length === 0) {
        throw new ApiError(400, 'FieldsValidation', [
          { errorCode: 'REQUIRED', field: 'searchInfo', message: 'Enter at least one search criterion' },
        ]);
      }
      const lifecycle = await currentLifecycle(app);
      // A decline reason is kept by its code: worded in the caller's language (older rows' words stay as kept).
      const words = localizedContent(await app.contentStore.current(), localeOf(request)).built.lifecycle ?? lifecycle;
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
          // In words: what the server wrote into prospectStatusInfo, else the lifecycle's label of the status code.
          status: {
            statusCode: r.statusInfo?.statusCode ?? r.status,
            statusNotes: r.statusInfo?.statusNotes ?? labelOf(lifecycle, r.statusInfo?.statusCode ?? r.status),
            statusReason: declineReasonLabel(words, r.statusInfo?.statusReason) ?? null,
          },
          applicationInfo: { accountType: r.accountType, islamicBanking: r.islamicBanking, accountName: accountName(r.accountType, r.islamicBanking), viewId: r.viewId },
          leadNumber: r.leadNumber,
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
      const body = request.body;
      // The invite form's rules, in the caller's language: the same compiled step validator the browser runs.
      const locale = localeOf(request);
      const { validator } = localizedContent(await app.contentStore.current(), locale);
      const errors = validator.validate('steps/agentInvite', body);
      if (errors.length) throw fieldsValidation(errors, 'body', locale);
      const { token, hash, id } = newInviteToken();
      const now = app.now();
      const expiresAt = new Date(now.getTime() + ttlDays * 24 * 3600_000);
      await app.database.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('invites')
          .values({
            id,
            token_hash: hash,
            agent_sub: principal.sub,
            ro_code: principal.roCode ?? null,
            email: body.email,
            country_code: body.countryCode,
            mobile_no: body.mobileNo,
            full_name: body.fullName,
            account_type: body.accountType,
            islamic_banking: body.islamicBanking === true,
            expires_at: expiresAt,
            created_at: now,
            last_sent_at: now,
          })
          .execute();
        await audit.record(trx, { prospectId: null, principal, action: 'agent.invite', changes: [body.email] });
      });
      await sendInvite({ token, fullName: body.fullName, email: body.email, roCode: principal.roCode, accountType: body.accountType, islamicBanking: body.islamicBanking === true });
      return reply.code(201).send({ inviteId: id, expiresAt: expiresAt.toISOString() });
    },
  );

  app.get<{ Querystring: { page?: string } }>(
    '/agent/invites',
    {
      onRequest: guard,
      schema: { querystring: { type: 'object', additionalProperties: false, properties: { page: { type: 'string', pattern: '^[1-9][0-9]{0,3}$' } } } },
    },
    async (request) => {
      const page = Number(request.query.page ?? 1);
      const pageSize = 20;
      const base = app.database.db.selectFrom('invites').where('agent_sub', '=', request.principal!.sub);
      const [count, rows] = await Promise.all([
        base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
        base
          .select(['id', 'full_name', 'email', 'country_code', 'mobile_no', 'account_type', 'islamic_banking', 'created_at', 'last_sent_at', 'sent_count', 'opened_at', 'used_at', 'expires_at', 'prospect_id'])
          .orderBy('created_at', 'desc')
          .orderBy('id')
          .limit(pageSize)
          .offset((page - 1) * pageSize)
          .execute(),
      ]);
      const now = app.now();
      const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);
      return {
        total: Number(count.n),
        page,
        pageSize,
        invites: rows.map((r) => ({
          inviteId: r.id,
          fullName: r.full_name,
          email: r.email,
          countryCode: r.country_code,
          mobileNo: r.mobile_no,
          accountType: r.account_type,
          islamicBanking: r.islamic_banking,
          status: inviteState(r, now),
          sentAt: iso(r.last_sent_at ?? r.created_at),
          sentCount: r.sent_count,
          openedAt: iso(r.opened_at),
          usedAt: iso(r.used_at),
          expiresAt: iso(r.expires_at),
          prospectId: r.prospect_id,
        })),
      };
    },
  );

  app.post<{ Params: { inviteId: string } }>(
    '/agent/invites/:inviteId/resend',
    {
      onRequest: guard,
      schema: { params: { type: 'object', required: ['inviteId'], properties: { inviteId: { type: 'string', pattern: '^[0-9a-f]{16}$' } } } },
    },
    async (request) => {
      const principal = request.principal!;
      const row = await app.database.db
        .selectFrom('invites')
        .select(['id', 'email', 'full_name', 'ro_code', 'account_type', 'islamic_banking', 'used_at'])
        .where('id', '=', request.params.inviteId)
        .where('agent_sub', '=', principal.sub)
        .executeTakeFirst();
      if (!row) throw new ApiError(404, 'InviteError', [{ errorCode: 'INVITE_NOT_FOUND', message: 'There is no such invite' }]);
      if (row.used_at) {
        throw new ApiError(409, 'InviteError', [{ errorCode: 'INVITE_USED', message: 'This invite was already used: the customer has started the application' }]);
      }
      // A new link replaces the old one (only hashes are kept), valid for the whole period again and not opened yet.
      const { token, hash } = newInviteToken();
      const now = app.now();
      const expiresAt = new Date(now.getTime() + ttlDays * 24 * 3600_000);
      await app.database.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('invites')
          .set((eb) => ({ token_hash: hash, expires_at: expiresAt, last_sent_at: now, opened_at: null, sent_count: eb('sent_count', '+', 1) }))
          .where('id', '=', row.id)
          .execute();
        await audit.record(trx, { prospectId: null, principal, action: 'agent.invite.resend', changes: [row.email] });
      });
      await sendInvite({ token, fullName: row.full_name, email: row.email, roCode: row.ro_code, accountType: row.account_type, islamicBanking: row.islamic_banking });
      return { inviteId: row.id, status: 'sent', expiresAt: expiresAt.toISOString() };
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
        throw new ApiError(404, 'ProspectError', [INVALID_PROSPECT]);
      }
      const entries = await audit.forProspect(app.database.db, prospectId);
      // In the request's language: field titles from its catalogue, the trail's own words (src/shared/serverMessages.ts).
      const locale = localeOf(request);
      const { built } = localizedContent(await app.contentStore.current(), locale);
      const fields = fieldMap(built);
      const lifecycle = built.lifecycle ?? (await currentLifecycle(app));
      const said = auditWords(locale);
      const LOGIC: Record<string, string> = said.byLogic;
      const words = (pointer: string) =>
        pointer === '/' || pointer === '' ? said.wholeApplication : (fieldLabel(fields, pointer) ?? pointer.split('/').filter(Boolean).join(' › '));
      // A step by its title in the request's language (a stakeholder's with the stakeholder's name, when known).
      const stepTitle = (s: CompletedStepFact, names: Map<string, string>) => {
        const title = built.flows[s.flow]?.steps.find((x) => x.step === s.step)?.title ?? s.step;
        const who = s.signatoryId === undefined ? undefined : names.get(s.signatoryId);
        return who ? `${title} (${who})` : title;
      };
      const prospect = await repo.findById(app.database.db, prospectId);
      // A document in the request's language: by its key among the application's documents now (a stakeholder's
      // title names the stakeholder: "Emirates ID - {stakeholder:fullName}"), else by its type (documents.json and its
      // catalogue); a removed stakeholder's, or a type the documents do not list, as the upload recorded it.
      const keyTitles = new Map(requiredDocuments(prospect?.document ?? {}, built.documents as unknown as DocumentsConfig).map((d) => [d.documentKey, d.documentTitle]));
      const typeTitles = new Map<string, string>();
      for (const t of documentTitles(built.documents)) if (!typeTitles.has(t.documentType)) typeTitles.set(t.documentType, t.documentTitle);
      const documentWords = (c: Record<string, unknown>) => {
        const byKey = keyTitles.get(String(c.documentKey));
        if (byKey) return byKey;
        const byType = typeof c.documentType === 'string' ? typeTitles.get(c.documentType) : undefined;
        if (byType && !byType.includes('{')) return byType;
        return typeof c.documentTitle === 'string' && c.documentTitle ? c.documentTitle : String(c.documentKey);
      };
      const describe = (change: unknown, names: Map<string, string>): string[] => {
        const action = actionTypeOf(change);
        if (action !== undefined) return [said.actionType(action)];
        const steps = completedStepsOf(change);
        if (steps) return steps.map((s) => said.stepCompleted(stepTitle(s, names)));
        if (change === COMPLETED_STEPS_PATH) return [said.completedSteps];
        if (change === DECLARATION_PATH) return [said.declaration];
        if (typeof change === 'string') return [change.startsWith('/') ? words(change) : change];
        if (change && typeof change === 'object') {
          const c = change as Record<string, unknown>;
          if (typeof c.path === 'string') return [`${words(c.path)}${typeof c.byLogic === 'string' ? ` (${LOGIC[c.byLogic] ?? c.byLogic})` : ''}`];
          if (typeof c.documentKey === 'string') {
            const title = documentWords(c);
            return [typeof c.fileName === 'string' ? `${title}: ${c.fileName}` : title];
          }
          if (typeof c.from === 'string' && typeof c.to === 'string') return [said.statusChange(labelOf(lifecycle, c.from), labelOf(lifecycle, c.to))];
        }
        return [JSON.stringify(change)];
      };
      const stakeholderNames = new Map<string, string>();
      (Array.isArray(prospect?.document.signatoryInfo) ? (prospect.document.signatoryInfo as Record<string, unknown>[]) : []).forEach((s, i) => {
        const name = [s?.fullName, [s?.firstName, s?.lastName].filter(Boolean).join(' ')].find((n) => typeof n === 'string' && n.trim());
        if (typeof name === 'string') stakeholderNames.set(String(s.signatoryId ?? i), name);
      });
      // Staff appear by name (their subject is user:<id>); applicants as "Applicant", the system as "System".
      const staffIds = [...new Set(entries.map((e) => /^user:(.+)$/.exec(e.actor)?.[1]).filter((id): id is string => !!id))];
      const names = new Map<string, string>();
      if (staffIds.length) {
        const rows = await app.database.db.selectFrom('users').select(['id', 'display_name']).where('id', 'in', staffIds).execute();
        for (const r of rows) names.set(`user:${r.id}`, r.display_name);
      }
      return {
        entries: entries.map((e) => ({
          at: e.at.toISOString(),
          actor: names.get(e.actor) ?? (e.actorKind === 'customer' ? said.applicant : e.actorKind === 'system' ? said.system : e.actor),
          actorKind: e.actorKind,
          action: e.action,
          changes: auditChanges(e.changes),
          changeLabels: auditChanges(e.changes).flatMap((c) => describe(c, stakeholderNames)),
        })),
      };
    },
  );
};

export default agentRoutes;

import { createHash } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { type FieldError, pointerToDotted } from '../../validation/errors';
import { editingBlock } from '../../shared/editingBlock';
import { ApiError } from '../plugins/app/errors';
import { changedPaths } from '../prospects/changedPaths';
import { markCompleted, readCompletedSteps, reconcileStakeholderSteps } from '../prospects/completedSteps';
import { hideAgentOnly, isAgent, keepAgentOnly, withAnnexureUploads, writesAgentOnly } from '../prospects/agentOnly';
import { canAccess } from '../prospects/prospectAccess';
import { newProspectId } from '../prospects/prospectId';
import { applicableSteps, validateProspect } from '../prospects/prospectValidation';
import { isReadyForSubmit, requiredDocuments, UPLOADED, type DocumentsConfig } from '../../content/requiredDocuments';
import { createAuditRepository } from '../repositories/auditRepository';
import { createDocumentRepository } from '../repositories/documentRepository';
import { screenProspect } from '../screening/screenProspect';
import { createProspectRepository, type ProspectRow, VersionConflictError } from '../repositories/prospectRepository';
import type { Principal } from '../security/principal';

type Obj = Record<string, unknown>;

/** Sections only the server writes: identity, status, documents, screening. */
const SERVER_OWNED = ['generalInfo', 'documents', 'screeningInfo', 'prospectStatusInfo', 'freeFieldsInfo'];

/** 403 for a customer who sends agent-only data (the KYC annexure, EID ping details) or completes an agent step. */
const agentOnly = () =>
  new ApiError(403, 'Forbidden', [{ errorCode: 'FORBIDDEN', message: 'Only an agent can fill in the KYC annexure', field: 'prospect.kycAnnexure' }]);

const invalidProspect = () => new ApiError(404, 'ProspectError', [{ errorCode: '12002', message: 'Invalid Prospect ID' }]);

function fieldsValidation(errors: FieldError[], prefix = 'prospect'): ApiError {
  return new ApiError(
    400,
    'FieldsValidation',
    errors.map((e) => ({ errorCode: e.keyword.toUpperCase(), message: e.message, field: `${prefix}.${pointerToDotted(e.path)}`.replace(/\.$/, '') })),
  );
}

function clientSections(body: Obj): Obj {
  const out: Obj = {};
  for (const [k, v] of Object.entries(body)) if (!SERVER_OWNED.includes(k) && k !== 'recaptchaToken' && k !== 'inviteToken') out[k] = v;
  return out;
}

const prospectParams = {
  type: 'object',
  required: ['userType', 'prospectId'],
  properties: { userType: { type: 'string', enum: ['sme'] }, prospectId: { type: 'string', pattern: '^[A-Z0-9-]{4,40}$' } },
} as const;

const prospectAnswer = {
  type: 'object',
  properties: {
    prospectId: { type: 'string' },
    version: { type: 'integer' },
    status: { type: 'string' },
    validRoCode: { type: 'string' },
    schemaVersion: { type: 'integer' },
    prospect: { type: 'object', additionalProperties: true },
    completedSteps: { type: 'array', items: { type: 'object', additionalProperties: true } },
    accountInfo: { type: 'array', items: { type: 'object', additionalProperties: true } },
    preScreening: { type: 'object', additionalProperties: true },
  },
} as const;

/**
 * Prospects (applications): create, read, update with saveType/actionType/step, and the applicant's own list.
 * Every write validates with the published schemas, is one transaction with an optimistic version check,
 * and leaves an audit row.
 */
const prospectRoutes: FastifyPluginAsync = async (app) => {
  const repo = createProspectRepository();
  const audit = createAuditRepository();
  const documents = createDocumentRepository();

  async function load(request: FastifyRequest, id: string): Promise<ProspectRow> {
    const row = await repo.findById(app.database.db, id);
    if (!row || !canAccess(request, row)) throw invalidProspect();
    return row;
  }

  /** The answer for one viewer: customers never see the agents' annexure and ping details. */
  function present(row: ProspectRow, schemaVersion: number | undefined, viewer: Principal | undefined) {
    return {
      prospectId: row.id,
      version: row.version,
      status: row.status,
      ...(schemaVersion ? { schemaVersion } : {}),
      prospect: isAgent(viewer) ? row.document : hideAgentOnly(row.document),
      completedSteps: readCompletedSteps(row.document),
      accountInfo: (row.document.accountInfo as Obj[] | undefined) ?? [],
    };
  }

  async function isKnownRoCode(code: unknown): Promise<boolean> {
    if (typeof code !== 'string' || !/^[A-Za-z0-9]{1,20}$/.test(code)) return false;
    const r = await sql<{ n: number }>`select count(*)::int as n from users where ro_code = ${code}`.execute(app.database.db);
    return (r.rows[0]?.n ?? 0) > 0;
  }

  async function findInvite(token: string) {
    if (!/^[A-Za-z0-9_-]{20,64}$/.test(token)) return undefined;
    const hash = createHash('sha256').update(token).digest('hex');
    return app.database.db
      .selectFrom('invites')
      .select(['id', 'ro_code'])
      .where('token_hash', '=', hash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', new Date())
      .executeTakeFirst();
  }

  app.post<{ Params: { userType: string }; Body: Obj }>(
    '/usertypes/:userType/prospects',
    {
      onRequest: [app.authenticate, app.requireRole('customer', 'agent')],
      schema: {
        params: { type: 'object', required: ['userType'], properties: { userType: { type: 'string', enum: ['sme'] } } },
        body: { type: 'object', maxProperties: 40 },
        response: { 201: prospectAnswer },
      },
    },
    async (request, reply) => {
      const principal = request.principal!;
      if (!isAgent(principal) && writesAgentOnly(request.body)) throw agentOnly();
      if (app.recaptcha && principal.kind === 'customer') await app.recaptcha.check(request.body.recaptchaToken, request.ip);
      const content = await app.contentStore.current();
      const template = structuredClone(content.built.prospectTemplate) as Obj;
      const document: Obj = { ...template, ...clientSections(request.body) };
      const applicant = (document.applicantInfo ?? {}) as Obj;
      if (principal.kind === 'customer') {
        // The application belongs to the verified mobile and e-mail, whatever the body says.
        document.applicantInfo = { ...applicant, countryCode: principal.countryCode, mobileNo: principal.mobile, email: principal.email };
      }
      const invite = typeof request.body.inviteToken === 'string' ? await findInvite(request.body.inviteToken) : undefined;
      if (invite?.ro_code) {
        // An invited applicant's application carries the inviting agent's RO code.
        document.applicantInfo = { ...(document.applicantInfo as Obj), roCode: invite.ro_code };
        applicant.roCode = invite.ro_code;
      }
      const validRoCode = (await isKnownRoCode(applicant.roCode)) ? 'Y' : 'N';
      const id = newProspectId();
      document.generalInfo = { ...((template.generalInfo ?? {}) as Obj), prospectId: id };
      document.applicantInfo = { ...(document.applicantInfo as Obj), validRoCode, LeadSource: principal.kind === 'customer' ? 'Direct' : 'RO' };
      const errors = validateProspect(content.validator, document, { completeSteps: [{ step: 'applicantInfo', at: '' }] });
      if (errors.length) throw fieldsValidation(errors);
      const owner =
        principal.kind === 'customer'
          ? { countryCode: principal.countryCode!, mobile: principal.mobile!, email: principal.email! }
          : { countryCode: String(applicant.countryCode ?? ''), mobile: String(applicant.mobileNo ?? ''), email: String(applicant.email ?? '') };
      const row = await app.database.db.transaction().execute(async (trx) => {
        const created = await repo.create(trx, { id, userType: 'sme', document, owner, schemaVersion: String(content.number) });
        await audit.record(trx, { prospectId: id, principal, action: 'prospect.create', changes: ['/'] });
        if (invite) await trx.updateTable('invites').set({ used_at: new Date() }).where('id', '=', invite.id).where('used_at', 'is', null).execute();
        return created;
      });
      return reply.code(201).send({ ...present(row, content.number, principal), validRoCode });
    },
  );

  app.get<{ Params: { userType: string; prospectId: string } }>(
    '/usertypes/:userType/prospects/:prospectId',
    { onRequest: [app.authenticate, app.requireRole('customer', 'agent')], schema: { params: prospectParams, response: { 200: prospectAnswer } } },
    async (request) => present(await load(request, request.params.prospectId), undefined, request.principal),
  );

  app.get(
    '/usertypes/sme/prospects',
    {
      onRequest: [app.authenticate, app.requireRole('customer')],
      schema: {
        response: {
          200: {
            type: 'object',
            properties: { applications: { type: 'array', items: { type: 'object', additionalProperties: true } } },
          },
        },
      },
    },
    async (request) => {
      const p = request.principal!;
      const applications = await repo.listByOwner(app.database.db, { countryCode: p.countryCode!, mobile: p.mobile!, email: p.email! });
      return { applications };
    },
  );

  app.put<{
    Params: { userType: string; prospectId: string };
    Body: { prospect: Obj; saveType: 'save' | 'submit' | 'auto'; actionType?: 'continue' | 'next'; step?: string; signatoryIndex?: number; version: number };
  }>(
    '/usertypes/:userType/prospects/:prospectId',
    {
      onRequest: [app.authenticate, app.requireRole('customer', 'agent')],
      schema: {
        params: prospectParams,
        body: {
          type: 'object',
          required: ['prospect', 'saveType', 'version'],
          additionalProperties: false,
          properties: {
            prospect: { type: 'object', maxProperties: 40 },
            saveType: { type: 'string', enum: ['save', 'submit', 'auto'] },
            actionType: { type: 'string', enum: ['continue', 'next'] },
            step: { type: 'string', pattern: '^[A-Za-z0-9]{1,60}$' },
            signatoryIndex: { type: 'integer', minimum: 0, maximum: 49 },
            version: { type: 'integer', minimum: 1 },
          },
        },
        response: { 200: prospectAnswer },
      },
    },
    async (request) => {
      const { prospect, saveType, actionType, step, signatoryIndex, version } = request.body;
      const principal = request.principal!;
      const row = await load(request, request.params.prospectId);
      const content = await app.contentStore.current();
      const agentStep = !!step && Object.values(content.built.flows).some((f) => f.steps.some((s) => s.step === step && s.roles && !s.roles.includes('customer')));
      if (!isAgent(principal) && (writesAgentOnly(prospect) || agentStep)) throw agentOnly();
      if (row.status === 'SUBMITTED' && !principal.roles.includes('agent')) {
        throw new ApiError(409, 'ProspectError', [{ errorCode: '12012', message: 'We already have your application. Not to worry, our team is already working on it.' }]);
      }
      // Spec 001 §4/§6: a decline reason RO_EDITING or BLOCK_EDITING stops every change, whoever sends it (the
      // agent pages disable their actions for the same reasons, read by the same function).
      const block = editingBlock(row.document);
      if (block) throw new ApiError(409, 'ProspectError', [{ errorCode: block.reason, message: block.message }]);
      let document: Obj = { ...row.document, ...clientSections(prospect) };
      if (!isAgent(principal)) document = keepAgentOnly(row.document, document);
      else if (document.kycAnnexure) document = withAnnexureUploads(document, await documents.listCurrent(app.database.db, row.id));
      if (principal.kind === 'customer') {
        // The owner's identity cannot be changed by an update.
        document.applicantInfo = { ...(document.applicantInfo as Obj), ...row.owner && { countryCode: row.owner.countryCode, mobileNo: row.owner.mobile, email: row.owner.email } };
      }

      const completeSteps: { step: string; at: string; flow: string }[] = [];
      if (step && (actionType === 'continue' || saveType === 'save')) {
        const at = signatoryIndex === undefined ? '' : `/signatoryInfo/${signatoryIndex}`;
        const match = applicableSteps(content.built, document).find((s) => s.step === step && s.at === at);
        if (!match) {
          throw new ApiError(400, 'FieldsValidation', [{ errorCode: 'INVALID', message: `Unknown step "${step}" for this application`, field: 'step' }]);
        }
        completeSteps.push(match);
      }
      const submit = saveType === 'submit';
      const errors = validateProspect(content.validator, document, { completeSteps, submit });
      if (errors.length) throw fieldsValidation(errors);
      if (submit) {
        // Spec: ready when every required document is uploaded, or when the application has a valid RO code.
        const uploads = (await documents.listCurrent(app.database.db, row.id)).map((u) => ({ documentKey: u.documentKey, uploadStatus: u.uploadStatus }));
        const config = content.built.documents as unknown as DocumentsConfig;
        if (!isReadyForSubmit(document, uploads, config)) {
          const done = new Set(uploads.filter((u) => u.uploadStatus === UPLOADED).map((u) => u.documentKey));
          const missing = requiredDocuments(document, config).filter((d) => d.required && !done.has(d.documentKey));
          throw new ApiError(
            400,
            'DocumentsRequired',
            missing.map((d) => ({ errorCode: 'DOCUMENT_REQUIRED', message: `Please upload ${d.documentTitle}`, field: `prospect.documents.${d.documentKey}` })),
          );
        }
      }
      // Removed stakeholders lose their steps; a new signatory's completed steps reopen (spec 001 §4).
      document = reconcileStakeholderSteps(row.document, document);
      for (const s of completeSteps) {
        const signatoryId = s.at ? String(((document.signatoryInfo as Obj[])[signatoryIndex!] ?? {}).signatoryId ?? signatoryIndex) : undefined;
        document = markCompleted(document, { flowId: s.flow, step: s.step, status: 'COMPLETED', ...(signatoryId ? { signatoryId } : {}) });
      }

      const saved = await app.database.db.transaction().execute(async (trx) => {
        try {
          const updated = await repo.update(trx, {
            id: row.id,
            expectedVersion: version,
            document,
            schemaVersion: String(content.number),
            ...(submit ? { status: 'SUBMITTED' } : {}),
          });
          await audit.record(trx, {
            prospectId: row.id,
            principal,
            action: submit ? 'prospect.submit' : `prospect.${saveType}`,
            changes: changedPaths(row.document, document),
          });
          return updated;
        } catch (error) {
          if (error instanceof VersionConflictError) {
            throw new ApiError(409, 'VersionConflict', [
              { errorCode: 'VERSION_CONFLICT', message: `The application was changed elsewhere. Reload it to continue (current version ${error.currentVersion}).` },
            ]);
          }
          throw error;
        }
      });
      if (!submit) return present(saved, content.number, principal);
      const outcome = await screenProspect(app, saved.id);
      return { ...present(saved, content.number, principal), ...(outcome ? { preScreening: outcome } : {}) };
    },
  );
};

export default prospectRoutes;

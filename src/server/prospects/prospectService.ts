import { localizedContent } from '../../content/compiledContent';
import { DEFAULT_LOCALE, type Locale } from '../../content/i18n/locales';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { createAuditRepository } from '../repositories/auditRepository';
import { createProspectRepository, type ProspectRow, type SavedProspect } from '../repositories/prospectRepository';
import type { Principal } from '../security/principal';
import { acceptClientDocument, fieldsValidation } from './clientDocument';
import { newProspectId } from './prospectId';
import { applyFormLogic } from './applyFormLogic';
import { validateProspect } from './prospectValidation';
import { findInvite, isKnownRoCode, markInviteUsed } from './invites';
import { saveProspect, type SaveInput, type ValidationState } from './saveProspect';
import { today } from '../../validation/clock';
import { actorOf, authorize } from './writePolicy';
import { ApiError } from '../plugins/app/errors';
import { tooManyApplicationsMessage } from '../../shared/serverMessages';
import { DEFAULT_MAX_OPEN_APPLICATIONS } from '../config';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);

/**
 * The application service of prospects: routes parse and answer, this decides (write policy, field ownership,
 * validation) and writes (one transaction per call, with its audit row).
 */
export function createProspectService(app: FastifyInstance) {
  const repo = createProspectRepository();
  const audit = createAuditRepository();

  /**
   * An applicant has at most MAX_OPEN_APPLICATIONS applications in progress: one more is refused (409) before it
   * uses a lead number, and they are sent to My Applications. Agents are never refused (what they create counts among the applicant's).
   */
  async function refuseBeyondOpenLimit(principal: Principal, locale: Locale, db: Parameters<typeof repo.countOpenByOwner>[0] = app.database.db): Promise<void> {
    const max = app.config.maxOpenApplications ?? DEFAULT_MAX_OPEN_APPLICATIONS;
    const owner = { countryCode: principal.countryCode!, mobile: principal.mobile!, email: principal.email! };
    if ((await repo.countOpenByOwner(db, owner)) >= max) {
      throw new ApiError(409, 'TooManyApplications', [{ errorCode: 'TOO_MANY_APPLICATIONS', message: tooManyApplicationsMessage(locale, max) }]);
    }
  }

  /** `audit`: the action of the audit row and what it adds to the changes (an import says where the data came from). */
  async function create(principal: Principal, body: Obj, ip: string, audited: { action: string; changes: unknown[] } = { action: 'prospect.create', changes: [] }, locale: Locale = DEFAULT_LOCALE, serverOwned?: (document: Obj) => Obj): Promise<{ row: SavedProspect; validRoCode: string; contentNumber: number; validated: ValidationState }> {
    const actor = actorOf(principal);
    authorize(actor, 'create');
    if (app.recaptcha && principal.kind === 'customer') await app.recaptcha.check(body.recaptchaToken, ip);
    const content = await app.contentStore.current();
    const { recaptchaToken: _r, inviteToken, ...sent } = body;
    // The agent code typed by the applicant is an input the server checks, not a field it lets clients write.
    const typed = isObj(sent.applicantInfo) ? sent.applicantInfo : {};
    const { roCode: typedCode, ...applicantSent } = typed;
    if (isObj(sent.applicantInfo)) sent.applicantInfo = applicantSent;
    const template = structuredClone(content.built.prospectTemplate) as Obj;
    let document = acceptClientDocument(localizedContent(content, locale).built, actor, template, sent, locale);
    const applicant = { ...((document.applicantInfo ?? {}) as Obj) };
    if (principal.kind === 'customer') {
      // The application belongs to the verified mobile and e-mail, whatever the body says.
      Object.assign(applicant, { countryCode: principal.countryCode, mobileNo: principal.mobile, email: principal.email });
    }
    if (principal.kind === 'customer') await refuseBeyondOpenLimit(principal, locale);
    const invite = typeof inviteToken === 'string' ? await findInvite(app.database.db, inviteToken) : undefined;
    // An invited applicant's application carries the inviting agent's RO code.
    const roCode = invite?.ro_code ?? (typeof typedCode === 'string' && typedCode !== '' ? typedCode : undefined);
    if (roCode !== undefined) applicant.roCode = roCode;
    const validRoCode = (await isKnownRoCode(app.database.db, roCode)) ? 'Y' : 'N';
    const id = newProspectId();
    // The lead number agents search by and the view id of the application, one number from a sequence.
    const serial = await sql<{ n: string }>`select nextval('lead_number_seq')::text as n`.execute(app.database.db);
    const number = String(serial.rows[0]!.n).padStart(8, '0');
    document.generalInfo = { ...((template.generalInfo ?? {}) as Obj), prospectId: id, leadNumber: `LD${number}` };
    document.applicationInfo = { ...((document.applicationInfo ?? {}) as Obj), viewId: `QA${number}` };
    // The lead comes from an RO when an agent creates it or sent the invite it was created with; a code the applicant
    // typed (or found in someone's invite link) is recorded and checked, but it is not the agent's involvement.
    document.applicantInfo = { ...applicant, validRoCode, LeadSource: actor === 'applicant' && !invite ? 'Direct' : 'RO' };
    const logic = applyFormLogic(content.built, document);
    document = logic.document;
    const validated: ValidationState = { contentNumber: content.number, day: today(), hidden: logic.hidden };
    const errors = validateProspect(localizedContent(content, locale).validator, document, { completeSteps: [{ step: 'applicantInfo', at: '' }], hidden: logic.hidden, derivedFrom: logic.derivedFrom });
    if (errors.length) throw fieldsValidation(errors, 'prospect', locale);
    // What only the server writes, once the caller's document is accepted (an import's completed steps).
    if (serverOwned) document = serverOwned(document);
    const owner =
      principal.kind === 'customer'
        ? { countryCode: principal.countryCode!, mobile: principal.mobile!, email: principal.email! }
        : { countryCode: String(applicant.countryCode ?? ''), mobile: String(applicant.mobileNo ?? ''), email: String(applicant.email ?? '') };
    const row = await app.database.db.transaction().execute(async (trx) => {
      if (principal.kind === 'customer') {
        // Counted again under a lock of the owner's (held to the commit): creates sent at the same moment on
        // several connections each counted the same applications above, and together went past the limit.
        const key = `open-applications:${owner.countryCode}:${owner.mobile}:${owner.email.toLowerCase()}`;
        await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
        await refuseBeyondOpenLimit(principal, locale, trx);
      }
      const created = await repo.create(trx, { id, userType: 'sme', document, owner, schemaVersion: String(content.number), ...(principal.kind === 'customer' ? { locale } : {}) });
      await audit.record(trx, { prospectId: id, principal, action: audited.action, changes: ['/', ...audited.changes, ...logic.audit] });
      if (invite) await markInviteUsed(trx, invite.id, id);
      return created;
    });
    return { row, validRoCode, contentNumber: content.number, validated };
  }

  return {
    create,
    save: (principal: Principal, row: ProspectRow, input: SaveInput, cached?: Parameters<typeof saveProspect>[4], locale?: Locale, nonce?: Parameters<typeof saveProspect>[6]) =>
      saveProspect(app, principal, row, input, cached, locale, nonce),
  };
}

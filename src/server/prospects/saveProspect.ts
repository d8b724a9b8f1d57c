import { localizedContent } from '../../content/compiledContent';
import { documentRequiredMessage } from '../../shared/serverMessages';
import { DEFAULT_LOCALE, type Locale } from '../../content/i18n/locales';
import type { ProspectDraft } from '../../shared/prospectDraft';
import type { FastifyInstance } from 'fastify';
import type { BuiltContent } from '../../content/contentTypes';
import { applicationUploads, fulfils, isReadyForSubmit, requiredDocuments, UPLOADED, type DocumentsConfig } from '../../content/requiredDocuments';
import { ApiError } from '../plugins/app/errors';
import { createDocumentRepository } from '../repositories/documentRepository';
import { createProspectRepository, ProspectNotFoundError, type ProspectRow, type SavedProspect, VersionConflictError } from '../repositories/prospectRepository';
import type { ScreeningOutcome } from '../screening/runScreening';
import type { Principal } from '../security/principal';
import type { DeferredNonce } from '../repositories/replayNonceRepository';
import { ANNEXURE_SECTION, withAnnexureUploads } from './agentOnly';
import { namesProof, withProofUploads } from './proofUploads';
import { changedPaths } from './changedPaths';
import { COMPLETED_STEPS_PATH } from './auditFacts';
import { markCompleted, reconcileStakeholderSteps } from './completedSteps';
import { acceptClientDocument, fieldsValidation } from './clientDocument';
import { applyFormLogic } from './applyFormLogic';
import { applicableSteps, validateProspect } from './prospectValidation';
import { stepSections } from './stepSections';
import { jsonEqual } from '../../shared/jsonEqual';
import { today } from '../../validation/clock';
import { currentLifecycle } from './lifecycle';
import { saveBatchesOf } from './saveBatches';
import { submitAndScreen } from './submitAndScreen';
import { actorOf, authorize, stateOf } from './writePolicy';

type Obj = Record<string, unknown>;

export interface SaveInput {
  prospect: Obj;
  saveType: 'save' | 'submit' | 'auto';
  /** With a submit: the applicant confirmed that the information is true and complete (recorded as applicationInfo.declaration). */
  declaration?: boolean;
  actionType?: 'continue' | 'next';
  step?: string;
  signatoryIndex?: number;
  version: number;
}

/** What a save's validation depended on besides the document: a later save with the same may skip unchanged steps. */
export interface ValidationState {
  contentNumber: number;
  /** today() when it ran (every time-dependent rule compares calendar dates). */
  day: string;
  /** What the form logic hid. */
  hidden: ReadonlySet<string>;
}

const sameSet = (a: ReadonlySet<string>, b: ReadonlySet<string>) => a.size === b.size && [...a].every((x) => b.has(x));

/**
 * The steps whose validation would find what it found when `stored` was saved (nothing: it was saved), so need
 * not run: same content version, same day, same hidden fields, and the data the step reads unchanged (a step
 * at the root reads the sections its schema names, stepSections.ts; a stakeholder's step reads that stakeholder).
 * `sections`: the same for the prospect's fields and the core's rules of every save (the sections they read).
 */
function unchangedSteps(content: { built: BuiltContent; number: number }, stored: Obj, document: Obj, previous: ValidationState, now: ValidationState) {
  if (previous.contentNumber !== now.contentNumber || previous.day !== now.day || !sameSet(previous.hidden, now.hidden)) return undefined;
  const before = Array.isArray(stored.signatoryInfo) ? stored.signatoryInfo : [];
  const after = Array.isArray(document.signatoryInfo) ? document.signatoryInfo : [];
  const sections = (names: ReadonlySet<string> | undefined) => !!names && [...names].every((k) => jsonEqual(stored[k], document[k]));
  return {
    step(step: string, at: string): boolean {
      if (at) return jsonEqual(before[Number(at.split('/')[2])], after[Number(at.split('/')[2])]);
      return sections(stepSections(content.built, step));
    },
    stakeholderList: jsonEqual(stored.signatoryInfo, document.signatoryInfo),
    sections,
  };
}

export const versionConflict = (error: Pick<VersionConflictError, 'currentVersion'>) =>
  new ApiError(409, 'VersionConflict', [
    { errorCode: 'VERSION_CONFLICT', message: `The application was changed elsewhere. Reload it to continue (current version ${error.currentVersion}).` },
  ]);

/**
 * A save the write policy refuses whatever it holds (the application closed, submitted, blocked): refused with that
 * reason before its version is compared, so a tab holding an old draft is told why, not "changed elsewhere".
 */
export async function authorizeSaveOf(app: FastifyInstance, principal: Principal, row: ProspectRow, saveType: string): Promise<void> {
  authorize(actorOf(principal), saveType === 'submit' ? 'submit' : 'save', stateOf(row, await currentLifecycle(app)));
}

/** 400 DocumentsRequired unless every required document is uploaded or the application has a valid RO code (spec). */
async function requireDocuments(app: FastifyInstance, row: ProspectRow, document: Obj, config: DocumentsConfig, named: { config: DocumentsConfig; locale: Locale }): Promise<void> {
  // A removed stakeholder's uploads count for nobody (applicationUploads).
  const uploads = applicationUploads(document, await createDocumentRepository().listCurrent(app.database.db, row.id)).map((u) => ({ documentKey: u.documentKey, uploadStatus: u.uploadStatus, signatoryId: u.signatoryId }));
  if (isReadyForSubmit(document, uploads, config)) return;
  const done = uploads.filter((u) => u.uploadStatus === UPLOADED);
  const missing = requiredDocuments(document, config).filter((d) => d.required && !done.some((u) => fulfils(u, d)));
  const titles = new Map(requiredDocuments(document, named.config).map((d) => [d.documentKey, d.documentTitle]));
  throw new ApiError(
    400,
    'DocumentsRequired',
    missing.map((d) => ({ errorCode: 'DOCUMENT_REQUIRED', message: documentRequiredMessage(named.locale, titles.get(d.documentKey) ?? d.documentTitle), field: `prospect.documents.${d.documentKey}` })),
  );
}

/**
 * A save (auto, save, or submit) by an applicant or an agent: write policy, field ownership, validation, then one
 * transaction with the optimistic version check and the audit row; a submit also screens in that transaction.
 */
/** A submit without the applicant's confirmation (the submit page's "I confirm that the information ... is true and complete"). */
const DECLARATION_REQUIRED: Record<Locale, string> = {
  en: 'Confirm that the information in this application is true and complete before you submit it',
  ar: 'يرجى تأكيد أن المعلومات الواردة في هذا الطلب صحيحة وكاملة قبل تقديمه',
};

export async function saveProspect(
  app: FastifyInstance,
  principal: Principal,
  row: ProspectRow,
  input: SaveInput,
  /**
   * When `row` came from the process's cache: its xmin (the write then requires the row unchanged since) and
   * what its own validation depended on (unchanged steps are then not validated again).
   */
  cached?: { expectedXmin: string; validated?: ValidationState },
  /** The language of the field errors (the validators of its catalogue: the same rules, translated messages). */
  locale: Locale = DEFAULT_LOCALE,
  /**
   * The request's replay nonce when its claim was deferred (bodyEncryption.ts): the group save's statement claims it
   * with the write; `claim` claims it on its own before any other write (the language, a submit's transaction).
   */
  nonce?: { deferred: DeferredNonce; claim(): Promise<void> },
): Promise<{ row: SavedProspect; contentNumber: number; preScreening?: ScreeningOutcome; validated?: ValidationState }> {
  const expectedXmin = cached?.expectedXmin;
  const { prospect, saveType, actionType, step, signatoryIndex, version, declaration } = input;
  const actor = actorOf(principal);
  const content = await app.contentStore.current();
  const agentStep = !!step && Object.values(content.built.flows).some((f) => f.steps.some((s) => s.step === step && s.roles && !s.roles.includes('customer')));
  const submit = saveType === 'submit';
  authorize(actor, agentStep || ANNEXURE_SECTION in prospect ? 'annexureSave' : submit ? 'submit' : 'save', stateOf(row, await currentLifecycle(app)));

  const localized = localizedContent(content, locale);
  let document: ProspectDraft = acceptClientDocument(localized.built, actor, row.document, prospect, locale);
  if (actor === 'agent' && document[ANNEXURE_SECTION]) {
    document = withAnnexureUploads(document, await createDocumentRepository().listCurrent(app.database.db, row.id));
  }
  // A stakeholder's proof of relationship names an upload of that stakeholder, or it is not filled.
  if (namesProof(document)) document = withProofUploads(document, await createDocumentRepository().listCurrent(app.database.db, row.id)) as ProspectDraft;
  if (principal.kind === 'customer' && row.owner) {
    // The owner's identity cannot be changed by an update (set only where it differs: an unchanged section stays shared).
    const owner = { countryCode: row.owner.countryCode, mobileNo: row.owner.mobile, email: row.owner.email };
    const held = document.applicantInfo as Obj | undefined;
    if (!held || Object.entries(owner).some(([k, v]) => held[k] !== v)) document = { ...document, applicantInfo: { ...document.applicantInfo, ...owner } };
  }

  // Form logic before validation: derived values recomputed (a client's value replaced), answers made stale by
  // another change or hidden by a condition dropped; validation then sees only what is visible.
  const logic = applyFormLogic(content.built, document, row.document);
  document = logic.document;

  const completeSteps: { step: string; at: string; flow: string }[] = [];
  if (step && (actionType === 'continue' || saveType === 'save')) {
    const at = signatoryIndex === undefined ? '' : `/signatoryInfo/${signatoryIndex}`;
    const match = applicableSteps(content.built, document).find((s) => s.step === step && s.at === at);
    if (!match) throw new ApiError(400, 'FieldsValidation', [{ errorCode: 'INVALID', message: `Unknown step "${step}" for this application`, field: 'step' }]);
    completeSteps.push(match);
  }
  const validated: ValidationState = { contentNumber: content.number, day: today(), hidden: logic.hidden };
  const unchanged = !submit && cached?.validated ? unchangedSteps(content, row.document, document, cached.validated, validated) : undefined;
  const errors = validateProspect(localized.validator, document, { completeSteps, submit, hidden: logic.hidden, derivedFrom: logic.derivedFrom, ...(unchanged ? { unchanged } : {}) });
  // The submit page's confirmation is the applicant's to give: a submit without it is refused, as the page refuses it.
  const undeclared = submit && actor === 'applicant' && declaration !== true;
  if (errors.length || undeclared) {
    const refused = fieldsValidation(errors, 'prospect', locale);
    if (undeclared) refused.errors.push({ errorCode: 'REQUIRED', message: DECLARATION_REQUIRED[locale], field: 'declaration' });
    throw refused;
  }
  // The rules of the documents are the content's; their names in refusals are the request's language's.
  if (submit) await requireDocuments(app, row, document, content.built.documents as unknown as DocumentsConfig, { config: localized.built.documents as unknown as DocumentsConfig, locale });
  // Removed stakeholders lose their steps; a new signatory's completed steps reopen (spec 001 §4).
  document = reconcileStakeholderSteps(row.document, document);
  // The applicant's declaration, confirmed on the submit page, is recorded by the server with the submit (the bank's applicationInfo.declaration).
  if (submit && declaration === true && actor === 'applicant') {
    // A server-owned field (serverFields.schema.json): not in the step schemas' generated type.
    document = { ...document, applicationInfo: { ...((document.applicationInfo ?? {}) as Obj), declaration: true } as ProspectDraft['applicationInfo'] };
  }
  for (const s of completeSteps) {
    const signatoryId = s.at ? String(((document.signatoryInfo as Obj[])[signatoryIndex!] ?? {}).signatoryId ?? signatoryIndex) : undefined;
    document = markCompleted(document, { flowId: s.flow, step: s.step, status: 'COMPLETED', ...(signatoryId ? { signatoryId } : {}) });
  }

  const write = { id: row.id, expectedVersion: version, document, schemaVersion: String(content.number), ...(expectedXmin === undefined ? {} : { expectedXmin }) };
  // The save's actionType leads its changes: the export reads the last save's back (the bank's applicationInfo.actionType).
  // Facts, not words: the action type and the steps this save completed (by flow and step id, the stakeholder by
  // id) are recorded as such, and the agent's page words them in its language (routes/agent.ts). Older rows hold
  // "actionType=continue" and the path of freeField5; both are still read.
  const paths = changedPaths(row.document, document);
  const steps = completeSteps.map((s) => ({
    flow: s.flow,
    step: s.step,
    ...(s.at ? { signatoryId: String(((document.signatoryInfo as Obj[])[signatoryIndex!] ?? {}).signatoryId ?? signatoryIndex) } : {}),
  }));
  const changes = [
    ...(actionType ? [{ actionType }] : []),
    ...(steps.length ? [{ completedSteps: steps }] : []),
    ...(steps.length ? paths.filter((p) => p !== COMPLETED_STEPS_PATH) : paths),
    ...logic.audit,
  ];
  const audited = { prospectId: row.id, principal, action: submit ? 'prospect.submit' : `prospect.${saveType}`, changes };
  // The applicant's language of this visit: the status messages (a submit's among them) are sent in it.
  if (principal.kind === 'customer' && row.locale !== locale) {
    await nonce?.claim();
    await createProspectRepository().setLocale(app.database.db, row.id, locale);
  }
  try {
    if (submit) {
      await nonce?.claim();
      const done = await submitAndScreen(app, write, audited);
      return { row: done.row, contentNumber: content.number, preScreening: done.outcome };
    }
    // The new version and its audit row are written by one statement, atomic by itself, together with the other
    // saves that arrive while a write is in flight (group commit, saveBatches.ts).
    const { prospectId: _id, ...audit } = audited;
    const saved = await saveBatchesOf(app.database).save({ ...write, audit, ...(nonce ? { nonce: nonce.deferred } : {}) });
    return { row: saved, contentNumber: content.number, validated };
  } catch (error) {
    if (error instanceof VersionConflictError) throw versionConflict(error);
    if (error instanceof ProspectNotFoundError) throw new ApiError(404, 'ProspectError', [{ errorCode: '12002', message: 'Invalid Prospect ID' }]);
    throw error;
  }
}

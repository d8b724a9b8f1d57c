import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import {
  decideMove,
  fillMessage,
  type Lifecycle,
  type LifecycleRole,
  labelOf,
  reasonWords,
  missingRequested,
  type ProspectStatusInfo,
  readStatusInfo,
  requestableDocuments,
  type RequestableDocument,
} from '../../content/lifecycle';
import { parseLifecycle } from '../../content/lifecycleSchema';
import { SCHEMAS_DIR } from '../../content/readContentDir';
import type { DocumentsConfig } from '../../content/requiredDocuments';
import type { Database } from '../db/tables';
import { smsRecipient } from '../messaging/otpDelivery';
import { noteLine } from '../messaging/messageTexts';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../content/i18n/locales';
import { localizedContent } from '../../content/compiledContent';
import { ApiError, type ApiErrorItem } from '../plugins/app/errors';
import { createDocumentRepository } from '../repositories/documentRepository';
import { createProspectRepository, type ProspectRow, type SavedProspect, VersionConflictError } from '../repositories/prospectRepository';
import type { Principal } from '../security/principal';
import { formatIban, openAccounts } from './accountNumbers';

type Obj = Record<string, unknown>;

/** The server itself as the actor of the moves it makes (after screening, when documents are in, opening accounts). */
export const SYSTEM: Principal = { sub: 'system', kind: 'staff', roles: [] };

let bundled: Lifecycle | undefined;

/** The lifecycle of the published content; the repository's schemas/lifecycle.json when the content has none. */
export async function currentLifecycle(app: FastifyInstance): Promise<Lifecycle> {
  const content = await app.contentStore.current();
  if (content.built.lifecycle) return content.built.lifecycle;
  bundled ??= parseLifecycle(JSON.parse(readFileSync(join(SCHEMAS_DIR, 'lifecycle.json'), 'utf8')));
  return bundled;
}

export function roleOf(principal: Principal): LifecycleRole {
  if (principal === SYSTEM) return 'system';
  return principal.roles.includes('agent') ? 'agent' : 'applicant';
}

export interface MoveInput {
  to: string;
  note?: string;
  reason?: string;
  /** documentKeys of requestableDocuments(), for a state that awaits documents. */
  documents?: string[];
}

/** What a move did: the states entered (in order) and the account numbers opened. */
export interface MoveResult {
  row: SavedProspect;
  entered: string[];
  accounts: { currency: string; accountNo: string }[];
  /** The note of the move asked for (told to the applicant). */
  note?: string;
}

const fieldError = (items: ApiErrorItem[]) => new ApiError(400, 'FieldsValidation', items);

function currenciesOf(document: Obj): string[] {
  const infos = Array.isArray(document.accountInfo) ? (document.accountInfo as Obj[]) : [];
  const out: string[] = [];
  for (const info of infos) for (const c of Array.isArray(info?.accountCurrencies) ? (info.accountCurrencies as unknown[]) : []) if (typeof c === 'string' && !out.includes(c)) out.push(c);
  return out;
}

/** Checks a move's input against the lifecycle and the prospect: 409 for a forbidden move, 400 with field errors for bad input. */
function checkMove(lifecycle: Lifecycle, documents: DocumentsConfig, row: ProspectRow, role: LifecycleRole, input: MoveInput, viaSubmit: boolean) {
  const d = decideMove(lifecycle, row.status, input.to, role, viaSubmit);
  if (!d.allowed) {
    if (d.errorCode === 'UNKNOWN_STATUS') throw fieldError([{ errorCode: 'INVALID', message: d.message, field: 'to' }]);
    throw new ApiError(409, 'TransitionError', [{ errorCode: d.errorCode, message: d.message, field: 'to' }]);
  }
  const target = lifecycle.states[input.to]!;
  const errors: ApiErrorItem[] = [];
  let reason: { value: string; label: string } | undefined;
  if (target.requiresReason) {
    reason = lifecycle.declineReasons.find((r) => r.value === input.reason);
    if (!input.reason) errors.push({ errorCode: 'REQUIRED', message: 'Reason is not filled', field: 'reason' });
    else if (!reason) errors.push({ errorCode: 'INVALID', message: 'Reason is invalid', field: 'reason' });
  } else if (input.reason) errors.push({ errorCode: 'INVALID', message: `A reason is given only to move to "${labelOf(lifecycle, 'DECLINED')}"`, field: 'reason' });
  let requested: RequestableDocument[] = [];
  if (target.awaitsDocuments) {
    const offered = new Map(requestableDocuments(row.document, documents).map((r) => [r.documentKey, r]));
    const keys = [...new Set(input.documents ?? [])];
    if (keys.length === 0) errors.push({ errorCode: 'REQUIRED', message: 'Choose at least one document', field: 'documents' });
    keys.forEach((k, i) => {
      const doc = offered.get(k);
      if (!doc) errors.push({ errorCode: 'INVALID', message: 'Document is invalid', field: `documents.${i}` });
      else requested.push(doc);
    });
  } else if (input.documents?.length) {
    errors.push({ errorCode: 'INVALID', message: `Documents are asked for only with "${labelOf(lifecycle, 'DOCUMENTS_NEEDED')}" or "${labelOf(lifecycle, 'NEED_ADDITIONAL_INFO')}"`, field: 'documents' });
    requested = [];
  }
  if (errors.length) throw fieldError(errors);
  return { reason, requested };
}

/** The document with the prospect's status section moved to `to` (history kept, documents asked when it awaits them). */
export function withStatus(
  lifecycle: Lifecycle,
  document: Obj,
  move: { from: string; to: string; by: LifecycleRole; note?: string; reason?: { value: string; label: string }; requested?: RequestableDocument[]; at?: Date },
): Obj {
  const before = readStatusInfo(document);
  const at = (move.at ?? new Date()).toISOString();
  const target = lifecycle.states[move.to];
  const info: ProspectStatusInfo = {
    status: move.to,
    statusNotes: labelOf(lifecycle, move.to),
    // The reason by its code only: the pages word it in their language (lifecycle.json declineReasons and its
    // catalogue). Rows written before this kept the English words in statusReasonText; readers fall back to them.
    ...(move.reason ? { statusReason: move.reason.value } : {}),
    // A note of the system's own moves (the screening checks that matched) is for the bank: the audit row keeps
    // it; the applicant's 'Message from the bank' is only what an agent wrote.
    ...(move.note && move.by !== 'system' ? { message: move.note } : {}),
    ...(target?.awaitsDocuments && move.requested?.length ? { requestedDocuments: move.requested, requestedAt: at } : {}),
    history: [
      ...(Array.isArray(before.history) ? before.history : []),
      { from: move.from, to: move.to, at, by: move.by, ...(move.note && move.by !== 'system' ? { note: move.note } : {}), ...(move.reason ? { reason: move.reason.value } : {}) },
    ],
  };
  return { ...document, prospectStatusInfo: info };
}

/**
 * Moves a prospect (one transaction: the new status and prospectStatusInfo, the audit row with actor and note,
 * the system's own follow-up moves (`then`), the account numbers when a state opens accounts).
 */
export async function moveInTransaction(
  trx: Transaction<Database>,
  ctx: { lifecycle: Lifecycle; documents: DocumentsConfig },
  row: ProspectRow,
  principal: Principal,
  input: MoveInput,
  opts: { viaSubmit?: boolean } = {},
): Promise<MoveResult> {
  const { lifecycle } = ctx;
  const role = roleOf(principal);
  const { reason, requested } = checkMove(lifecycle, ctx.documents, row, role, input, opts.viaSubmit === true);
  const note = input.note?.trim() || undefined;
  let document = withStatus(lifecycle, row.document, { from: row.status, to: input.to, by: role, note, reason, requested });
  let accounts: MoveResult['accounts'] = [];
  if (lifecycle.states[input.to]?.opensAccounts) {
    accounts = await openAccounts(trx, { prospectId: row.id, currencies: currenciesOf(document), ...lifecycle.accounts });
    document = withAccountNumbers(document, accounts);
  }
  const saved = await createProspectRepository().save(trx, {
    id: row.id,
    expectedVersion: row.version,
    document,
    status: input.to,
    audit: {
      principal,
      action: 'prospect.status',
      changes: [
        {
          from: row.status,
          to: input.to,
          ...(note ? { note } : {}),
          ...(reason ? { reason: reason.value } : {}),
          ...(requested.length ? { documents: requested.map((d) => d.documentKey) } : {}),
          ...(accounts.length ? { accounts: accounts.map((a) => a.currency) } : {}),
        },
      ],
      ...(role === 'system' ? { actorKind: 'system' } : {}),
    },
  });
  const result: MoveResult = { row: saved, entered: [input.to], accounts, ...(note && role !== 'system' ? { note } : {}) };
  const then = lifecycle.states[input.to]?.then;
  if (then) {
    const next = await moveInTransaction(trx, ctx, saved, SYSTEM, { to: then });
    return { ...result, row: next.row, entered: [...result.entered, ...next.entered], accounts: [...accounts, ...next.accounts] };
  }
  return result;
}

/** accountInfo[i].accountNumbers: one IBAN per currency of that account; accountNo: the first (spec: accountInfo.accountNo). */
function withAccountNumbers(document: Obj, accounts: { currency: string; accountNo: string }[]): Obj {
  const byCurrency = new Map(accounts.map((a) => [a.currency, a.accountNo]));
  const infos = Array.isArray(document.accountInfo) ? (document.accountInfo as Obj[]) : [];
  return {
    ...document,
    accountInfo: infos.map((info) => {
      const numbers = (Array.isArray(info.accountCurrencies) ? (info.accountCurrencies as string[]) : [])
        .filter((c) => byCurrency.has(c))
        .map((currency) => ({ currency, accountNo: byCurrency.get(currency)! }));
      return numbers.length ? { ...info, accountNo: numbers[0]!.accountNo, accountNumbers: numbers } : info;
    }),
  };
}

const versionConflict = (error: VersionConflictError) =>
  new ApiError(409, 'VersionConflict', [
    { errorCode: 'VERSION_CONFLICT', message: `The application was changed elsewhere. Reload it to continue (current version ${error.currentVersion}).` },
  ]);

async function documentsConfig(app: FastifyInstance): Promise<DocumentsConfig> {
  return (await app.contentStore.current()).built.documents as unknown as DocumentsConfig;
}

/** A move asked for through the API (agent decisions): checked, written, then the applicant is told. */
export async function moveProspect(app: FastifyInstance, principal: Principal, row: ProspectRow, input: MoveInput & { version?: number }): Promise<MoveResult> {
  const lifecycle = await currentLifecycle(app);
  const documents = await documentsConfig(app);
  if (input.version !== undefined && input.version !== row.version) throw versionConflict(new VersionConflictError(row.version));
  let result: MoveResult;
  try {
    result = await app.database.db.transaction().execute((trx) => moveInTransaction(trx, { lifecycle, documents }, row, principal, input));
  } catch (error) {
    if (error instanceof VersionConflictError) throw versionConflict(error);
    throw error;
  }
  await notifyApplicant(app, lifecycle, result);
  return result;
}

/**
 * After an upload: when the prospect awaits documents and every requested one has been uploaded since it was
 * asked for, the system moves it back (returnsTo). Concurrent uploads: the one that loses the version race
 * reads again and finds nothing left to do.
 */
export async function afterUpload(app: FastifyInstance, prospectId: string): Promise<void> {
  const lifecycle = await currentLifecycle(app);
  const documents = await documentsConfig(app);
  const repo = createProspectRepository();
  for (let attempt = 0; attempt < 3; attempt++) {
    const row = await repo.findById(app.database.db, prospectId);
    const state = row && lifecycle.states[row.status];
    if (!row || !state?.awaitsDocuments || !state.returnsTo) return;
    const uploads = await createDocumentRepository().listCurrent(app.database.db, prospectId);
    const missing = missingRequested(
      readStatusInfo(row.document),
      uploads.map((u) => ({ documentKey: u.documentKey, uploadedAt: u.createdAt, uploadStatus: u.uploadStatus })),
    );
    if (missing.length) return;
    try {
      const result = await app.database.db
        .transaction()
        .execute((trx) => moveInTransaction(trx, { lifecycle, documents }, row, SYSTEM, { to: state.returnsTo!, note: 'Every requested document was received' }));
      await notifyApplicant(app, lifecycle, result);
      return;
    } catch (error) {
      if (!(error instanceof VersionConflictError)) throw error;
    }
  }
}

/** The messages of the states a move entered, in the applicant's language, by e-mail and SMS through the outbox interface (logged when a transport fails: the move stands). */
export async function notifyApplicant(app: FastifyInstance, lifecycle: Lifecycle, result: MoveResult): Promise<void> {
  const { row } = result;
  const applicant = (row.document.applicantInfo ?? {}) as Obj;
  const email = row.owner?.email ?? (typeof applicant.email === 'string' ? applicant.email : '');
  const countryCode = row.owner?.countryCode ?? (typeof applicant.countryCode === 'string' ? applicant.countryCode : '');
  const mobile = row.owner?.mobile ?? (typeof applicant.mobileNo === 'string' ? applicant.mobileNo : '');
  const info = readStatusInfo(row.document);
  // In the applicant's language (of their latest save): the lifecycle's texts as its catalogue translates them.
  const locale: Locale = isLocale(row.locale) ? row.locale : DEFAULT_LOCALE;
  const words = locale === DEFAULT_LOCALE ? lifecycle : (localizedContent(await app.contentStore.current(), locale).built.lifecycle ?? lifecycle);
  for (const status of result.entered) {
    const notify = words.states[status]?.notify;
    if (!notify) continue;
    const values = {
      prospectId: row.id,
      status: labelOf(words, status),
      note: noteLine(result.note, locale),
      reason: reasonWords(words, info),
      documents: (info.requestedDocuments ?? []).map((d) => `- ${d.documentTitle}`).join('\n'),
      accounts: result.accounts.map((a) => `- ${a.currency}: ${formatIban(a.accountNo)}`).join('\n'),
    };
    const messages = [
      ...(email ? [{ channel: 'email' as const, recipient: email, subject: fillMessage(notify.subject, values), body: fillMessage(notify.email, values) }] : []),
      ...(mobile ? [{ channel: 'sms' as const, recipient: smsRecipient(countryCode, mobile), subject: '', body: fillMessage(notify.sms, values) }] : []),
    ];
    for (const m of messages) {
      await app.outbox.send(m).catch((error: unknown) => app.log.error({ err: error, prospectId: row.id, channel: m.channel }, 'status message not sent'));
    }
  }
}

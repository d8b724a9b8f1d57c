/**
 * The application's life after creation, as data (schemas/lifecycle.json): states, who may move an application
 * from one to another, what the applicant sees in each, and the messages sent. One module for the server (which
 * alone decides and writes the state) and the browser (which shows it). Parsing and the meta-schema are in
 * lifecycleSchema.ts (ajv stays out of the browser's status pages).
 */
import { type DocumentsConfig, requiredDocuments } from './requiredDocuments';

export const LIFECYCLE_ROLES = ['applicant', 'agent', 'system'] as const;
export type LifecycleRole = (typeof LIFECYCLE_ROLES)[number];

export interface LifecycleMessage {
  subject: string;
  email: string;
  sms: string;
}

export interface LifecycleState {
  label: string;
  applicant: { title: string; message: string; action?: 'continue' | 'reupload' | 'accounts' };
  notify?: LifecycleMessage;
  /** The applicant is asked for documents (ReUploadDocuments); when every one is in, the system moves to returnsTo. */
  awaitsDocuments?: boolean;
  returnsTo?: string;
  /** A move the system makes at once after entering this state. */
  then?: string;
  /** Entering this state opens the accounts (one account number per currency). */
  opensAccounts?: boolean;
  /** Nothing moves it any more. */
  final?: boolean;
  /** Entering it needs a reason from declineReasons. */
  requiresReason?: boolean;
}

export interface LifecycleTransition {
  from: string;
  to: string;
  by: LifecycleRole[];
  /** Made by this call only (the submit), never by the transitions call. */
  via?: 'submit';
}

export interface Lifecycle {
  initial: string;
  states: Record<string, LifecycleState>;
  transitions: LifecycleTransition[];
  afterScreening?: Record<string, { to: string; reason?: string }>;
  declineReasons: { value: string; label: string }[];
  accounts: { country: string; bankCode: string };
}

export type MoveDecision =
  | { allowed: true; transition: LifecycleTransition }
  | { allowed: false; errorCode: 'UNKNOWN_STATUS' | 'TRANSITION_NOT_ALLOWED' | 'ROLE_NOT_ALLOWED' | 'SUBMIT_ONLY'; message: string };

export function labelOf(lifecycle: Lifecycle | null | undefined, status: string): string {
  const label = lifecycle?.states[status]?.label;
  if (label) return label;
  // A code the lifecycle does not know (data from before it, or from the bank) reads as words, never as the code.
  const text = status.replace(/[_-]+/g, ' ').trim().toLowerCase();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

// In a module of its own so that the entry's route guards import it without this module's imports.
export { isSubmittedStatus } from './lifecycleStatus';

/** A final state (declined, accounts opened) ends the application: nobody changes it any more. The message says so. */
export function closedMessage(lifecycle: Lifecycle | null | undefined, status: string): string | undefined {
  return lifecycle?.states[status]?.final ? `The application is "${labelOf(lifecycle, status)}": it can no longer be changed` : undefined;
}

const ROLE_WORDS: Record<LifecycleRole, string> = { applicant: 'the applicant', agent: 'an agent', system: 'the bank\u2019s systems' };

/**
 * May `role` move an application from `from` to `to`? The reason of a refusal is said in words (it is the 409's
 * message). `viaSubmit` is true only for the submit call.
 */
export function decideMove(lifecycle: Lifecycle, from: string, to: string, role: LifecycleRole, viaSubmit = false): MoveDecision {
  if (!lifecycle.states[to]) return { allowed: false, errorCode: 'UNKNOWN_STATUS', message: `There is no status "${to}"` };
  const fromLabel = labelOf(lifecycle, from);
  const toLabel = labelOf(lifecycle, to);
  if (from === to) return { allowed: false, errorCode: 'TRANSITION_NOT_ALLOWED', message: `The application is already "${toLabel}"` };
  const transition = lifecycle.transitions.find((t) => t.from === from && t.to === to);
  if (!transition) {
    const why = lifecycle.states[from]?.final ? ` ("${fromLabel}" is final)` : '';
    return { allowed: false, errorCode: 'TRANSITION_NOT_ALLOWED', message: `An application cannot move from "${fromLabel}" to "${toLabel}"${why}` };
  }
  if (!transition.by.includes(role)) {
    const who = transition.by.map((r) => ROLE_WORDS[r]).join(' or ');
    return { allowed: false, errorCode: 'ROLE_NOT_ALLOWED', message: `Only ${who} can move an application from "${fromLabel}" to "${toLabel}"` };
  }
  if (transition.via === 'submit' && !viaSubmit) {
    return { allowed: false, errorCode: 'SUBMIT_ONLY', message: `An application moves from "${fromLabel}" to "${toLabel}" only when it is submitted` };
  }
  return { allowed: true, transition };
}

/** The moves `role` may make from `from` with the transitions call (the agent's decisions offer these). */
export function movesFrom(lifecycle: Lifecycle, from: string, role: LifecycleRole): LifecycleTransition[] {
  return lifecycle.transitions.filter((t) => t.from === from && t.by.includes(role) && !t.via);
}

/** A document the bank may ask for again: one of the prospect's documents (company or a stakeholder's). */
export interface RequestableDocument {
  documentKey: string;
  documentType: string;
  documentTitle: string;
  group: 'company' | 'stakeholders';
  signatoryId?: string;
}

/** The documents an agent may request: the prospect's company and stakeholder documents of the documents content. */
export function requestableDocuments(prospect: unknown, documents: DocumentsConfig): RequestableDocument[] {
  return requiredDocuments(prospect, documents)
    .filter((d): d is typeof d & { group: 'company' | 'stakeholders' } => d.group === 'company' || d.group === 'stakeholders')
    .map((d) => ({
      documentKey: d.documentKey,
      documentType: d.documentType,
      documentTitle: d.documentTitle,
      group: d.group,
      ...(d.signatoryId !== undefined ? { signatoryId: d.signatoryId } : {}),
    }));
}

/** One move of the application, as kept in prospectStatusInfo.history (the applicant's timeline). */
export interface StatusMove {
  from: string;
  to: string;
  at: string;
  by: LifecycleRole;
  note?: string;
  /** The decline reason's code (older rows: its English words; moveReasonWords reads both). */
  reason?: string;
}

/** What the server writes in prospectStatusInfo (x-writer server). */
export interface ProspectStatusInfo {
  status: string;
  /** The status in words (spec: search result status.statusNotes). */
  statusNotes: string;
  /** The decline reason's code, when declined. */
  statusReason?: string;
  /** The decline reason in English words: written by rows before reasons were kept by code alone (read, never written). */
  statusReasonText?: string;
  /** The agent's message to the applicant with the latest move. */
  message?: string;
  /** The documents asked for while the state awaits documents: each must be uploaded after `requestedAt`. */
  requestedDocuments?: RequestableDocument[];
  requestedAt?: string;
  history: StatusMove[];
}

/**
 * A decline reason in the words of `lifecycle` (the page's or the message's language: the config's lifecycle is
 * translated): by its code. A code the lifecycle does not know shows as it is kept (words of the bank's own).
 */
export function declineReasonLabel(lifecycle: Pick<Lifecycle, 'declineReasons'> | null | undefined, code: string | undefined): string | undefined {
  if (!code) return undefined;
  return lifecycle?.declineReasons.find((r) => r.value === code)?.label ?? code;
}

/**
 * The reason of the application's status in words: its code (statusReason) in the lifecycle's language. Rows
 * written before reasons were kept by code alone also hold the English words (statusReasonText), used when the code
 * is missing.
 */
export function reasonWords(lifecycle: Pick<Lifecycle, 'declineReasons'> | null | undefined, info: Partial<ProspectStatusInfo>): string {
  if (info.statusReason) return declineReasonLabel(lifecycle, info.statusReason) ?? '';
  return info.statusReasonText ?? '';
}

/**
 * The reason of one move of the timeline in words. New rows keep the code; older ones kept the English words, which
 * are the status's own reason when they match its statusReasonText (then worded by its code), else shown as kept.
 */
export function moveReasonWords(lifecycle: Pick<Lifecycle, 'declineReasons'> | null | undefined, info: Partial<ProspectStatusInfo>, reason: string | undefined): string | undefined {
  if (!reason) return undefined;
  if (lifecycle?.declineReasons.some((r) => r.value === reason)) return declineReasonLabel(lifecycle, reason);
  if (info.statusReason && reason === info.statusReasonText) return declineReasonLabel(lifecycle, info.statusReason);
  return reason;
}

export function readStatusInfo(prospect: Record<string, unknown> | undefined): Partial<ProspectStatusInfo> {
  const v = prospect?.prospectStatusInfo;
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Partial<ProspectStatusInfo>) : {};
}

/** The requested documents still missing: not uploaded since they were asked for. */
export function missingRequested(info: Partial<ProspectStatusInfo>, uploads: { documentKey: string; uploadedAt?: string | Date; uploadStatus?: string }[]): RequestableDocument[] {
  const since = info.requestedAt ? Date.parse(info.requestedAt) : 0;
  const latest = new Map<string, number>();
  for (const u of uploads) {
    if (u.uploadStatus && u.uploadStatus !== 'Uploaded') continue;
    const at = u.uploadedAt ? new Date(u.uploadedAt).getTime() : NaN;
    latest.set(u.documentKey, Math.max(latest.get(u.documentKey) ?? -Infinity, at));
  }
  return (info.requestedDocuments ?? []).filter((d) => !((latest.get(d.documentKey) ?? -Infinity) >= since));
}

/** Fills `{name}` placeholders of a lifecycle message. */
export function fillMessage(template: string, values: Record<string, string>): string {
  return template.replace(/\{([A-Za-z]+)\}/g, (m, k: string) => (k in values ? values[k]! : m));
}

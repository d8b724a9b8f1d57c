import { editingBlock, type EditingBlock } from '../../shared/editingBlock';
import { closedMessage, isSubmittedStatus, type Lifecycle, readStatusInfo } from '../../content/lifecycle';
import { ApiError } from '../plugins/app/errors';
import type { Principal } from '../security/principal';

/**
 * The one place that decides whether a caller may change a prospect: which actor (applicant, agent, product
 * staff, the server itself) may do which action in the prospect's current state (draft or submitted, editing
 * blocked by RO_EDITING / BLOCK_EDITING, spec 001 §4/§6). Every route that writes a prospect or its documents
 * asks it; who may reach the prospect at all (its owner or an agent) is prospectAccess's question, answered first.
 */

export type Actor = 'applicant' | 'agent' | 'product' | 'server';
export const ACTIONS = ['create', 'save', 'submit', 'upload', 'deleteDocument', 'screen', 'annexureSave'] as const;
export type Action = (typeof ACTIONS)[number];

export interface ProspectState {
  submitted: boolean;
  block: EditingBlock | null;
  /** After submission: the documents the bank asked the applicant for (schemas/lifecycle.json awaitsDocuments). */
  requestedDocuments?: string[];
  /** The application is in a final state (schemas/lifecycle.json `final`: declined, accounts opened): what to say. */
  closed?: string;
}

export type Decision = { allowed: true } | { allowed: false; status: 403 | 409; errorCode: string; message: string; field?: string };

const ALLOWED: Decision = { allowed: true };
const SUBMITTED_MESSAGE = 'We already have your application. Not to worry, our team is already working on it.';

/** Actions that change what the applicant gave (screening only reads it and records an outcome). */
const CHANGES = new Set<Action>(['save', 'submit', 'upload', 'deleteDocument', 'annexureSave']);
/** What an agent may still do once the application is submitted (the RO completes it; it is not submitted again). */
const AGENT_AFTER_SUBMIT = new Set<Action>(['save', 'upload', 'deleteDocument', 'annexureSave', 'screen']);

export function actorOf(principal: Principal | undefined): Actor {
  if (principal?.roles.includes('agent')) return 'agent';
  if (principal?.kind === 'customer') return 'applicant';
  return 'product';
}

export function stateOf(row: { status: string; document: Record<string, unknown> }, lifecycle?: Lifecycle): ProspectState {
  const requested = readStatusInfo(row.document).requestedDocuments;
  return {
    submitted: isSubmittedStatus(row.status, lifecycle),
    block: editingBlock(row.document),
    ...(closedMessage(lifecycle, row.status) ? { closed: closedMessage(lifecycle, row.status) } : {}),
    ...(Array.isArray(requested) && requested.length ? { requestedDocuments: requested.map((d) => d.documentKey) } : {}),
  };
}

export function decide(actor: Actor, action: Action, state?: ProspectState): Decision {
  if (actor === 'server') return ALLOWED;
  if (actor === 'product') return { allowed: false, status: 403, errorCode: 'FORBIDDEN', message: 'Product staff do not change applications' };
  if (action === 'annexureSave' && actor !== 'agent') {
    return { allowed: false, status: 403, errorCode: 'FORBIDDEN', message: 'Only an agent can fill in the KYC annexure', field: 'prospect.kycAnnexure' };
  }
  if (action === 'create' || !state) return ALLOWED;
  // Whoever sends it: a blocked application is not changed (the agent pages disable their actions for the same reasons).
  if (state.block && CHANGES.has(action)) return { allowed: false, status: 409, errorCode: state.block.reason, message: state.block.message };
  // A final state (declined, accounts opened) is the end of the application: nobody changes it or screens it again.
  if (state.closed && (CHANGES.has(action) || action === 'screen')) {
    return { allowed: false, status: 409, errorCode: 'APPLICATION_CLOSED', message: state.closed };
  }
  // The bank asked for documents again: the applicant may upload them (uploadDocument checks which).
  const askedFor = actor === 'applicant' && action === 'upload' && !!state.requestedDocuments?.length;
  if (state.submitted && action !== 'screen' && !askedFor && !(actor === 'agent' && AGENT_AFTER_SUBMIT.has(action))) {
    return { allowed: false, status: 409, errorCode: '12012', message: SUBMITTED_MESSAGE };
  }
  return ALLOWED;
}

/** decide(), throwing the refusal in the API's error shape (`field` names what was refused, when the caller knows it). */
export function authorize(actor: Actor, action: Action, state?: ProspectState, field?: string): void {
  const d = decide(actor, action, state);
  if (d.allowed) return;
  const errorType = d.status === 403 ? 'Forbidden' : 'ProspectError';
  const named = field ?? d.field;
  throw new ApiError(d.status, errorType, [{ errorCode: d.errorCode, message: d.message, ...(named ? { field: named } : {}) }]);
}

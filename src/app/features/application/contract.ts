/**
 * The customer runtime's public surface: what pages (company info, stakeholders, final questions, documents,
 * select services, shell, dialogs) use to read and change the application. Implemented in this folder and
 * exported from ./index.ts; pages import only from there.
 */
import type { SecureFetchOptions, SecureResponse } from '../../lib/secureFetch';
import type { ProspectDraft } from '../../../shared/prospectDraft';

/** The application as the runtime holds it: typed from the schemas (src/shared/prospectDraft.ts). */
export type Prospect = ProspectDraft;

/** Who is signed in in this tab. */
export interface Session {
  kind: 'device' | 'customer' | 'agent' | 'product';
  accessToken: string;
  refreshToken?: string;
  /** Agents and product staff: display name, id and RO code (spec 6: agentName, agentId, roCode). */
  name?: string;
  userId?: string;
  roCode?: string;
}

/** Calls the API with the session's token, the server key (bodies encrypted) and token renewal. */
export type ApiCall = <T = unknown>(url: string, options?: Omit<SecureFetchOptions, 'token' | 'publicKey' | 'onAccessToken'>) => Promise<SecureResponse<T>>;

export type SaveState =
  /** Nothing waiting. */
  | 'saved'
  /** An edit waits for its 500 ms debounce or for the queue. */
  | 'pending'
  | 'saving'
  /** The browser is offline or the server unreachable: edits are kept and sent when it comes back. */
  | 'offline'
  /** A save failed with a server error and is being retried with back-off. */
  | 'retrying'
  /** The last edit is not saved until a field is fixed: it has an error, or the server refused it (400). */
  | 'refused'
  /** The session ended (the server answered 401): the edits stay in the tab, unsaved, until a new sign-in. */
  | 'ended';

/**
 * Where the page shows why the server refused the last save (the 'refused' state names it): the open step's own
 * highlighted fields, the steps that need attention (a list of links), the reasons under the stakeholder list, or
 * nowhere on the page (the answers as a whole).
 */
export type RefusedAt = 'field' | 'steps' | 'list' | 'answers';

/** Step status per flow and step (spec 4). */
export type StepStatus = 'AVAILABLE' | 'COMPLETED';

export interface CompletedStep {
  flowId: string;
  step: string;
  status: StepStatus;
  signatoryId?: string;
}

export interface ScreeningOutcome {
  screeningType?: string;
  screeningStatus?: string;
  screeningReason?: string;
  /** DECLINE | INELIGIBLE | PENDING | SUCCESS | WITH_RO | ... */
  reasonCode?: string;
  [key: string]: unknown;
}

export interface ContinueResult {
  ok: boolean;
  /** Server field errors (FieldsValidation), keyed by the field's dotted path relative to the prospect, e.g. organizationInfo.companyName. */
  fieldErrors?: Record<string, string[]>;
  /** Set when the server stopped the application (a prospect error code such as 12012, or a 409 conflict). */
  stop?: { code: string; message: string };
}

export interface SubmitResult extends ContinueResult {
  preScreening?: ScreeningOutcome;
}

export interface ApplicationRuntime {
  prospectId: string | undefined;
  /** The local copy, including edits not yet saved. */
  prospect: Prospect | undefined;
  version: number | undefined;
  saveState: SaveState;
  /** Server field errors still standing, by dotted path (see ContinueResult). */
  fieldErrors: Record<string, string[]>;
  /** A local edit: kept at once (session storage), sent 500 ms after the last one when `valid` is not false. */
  edit(next: Prospect, options?: { valid?: boolean }): void;
  /** "Continue": flushes pending edits and saves the step as COMPLETED (saveType save, actionType continue, step). */
  continueStep(step: string, options?: { signatoryIndex?: number }): Promise<ContinueResult>;
  /** Final submit: saveType submit; returns the pre-screening outcome. */
  submit(): Promise<SubmitResult>;
  /** Sends whatever is pending now. */
  flush(): Promise<void>;
  /** Reloads the prospect from the server (after a conflict). */
  reload(): Promise<void>;
  /** COMPLETED steps, rebuilt from freeFieldsInfo.freeField5. */
  completedSteps: CompletedStep[];
  stepStatus(flowId: string, step: string, signatoryId?: string): StepStatus;
}

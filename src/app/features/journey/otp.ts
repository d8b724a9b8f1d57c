/**
 * The one-time code calls and the state carried from the form that asked for a code to the page that checks
 * it (session storage: a reload of the code page keeps the target and the device session).
 */
import { secureFetch } from '../../lib/secureFetch';
import type { Prospect } from '../application';
import { declares } from '../forms/errorSteps';

/** Spec: the verify page offers to resend after a visible countdown. */
export const RESEND_SECONDS = 30;

export interface CodeTarget {
  email: string;
  countryCode: string;
  mobileNo: string;
}

export interface PendingCode {
  purpose: 'new' | 'comeback';
  target: CodeTarget;
  /** New applicants: the prospect to create once the code is verified (applicant and account choice). */
  draft?: Prospect;
  /** When the last code was generated (ms): drives the resend countdown. */
  generatedAt: number;
  attemptsAllowed?: number;
}

const PENDING_KEY = 'qa.pendingCode';
const RETURNED_KEY = 'qa.basicInformationErrors';

/**
 * The server's refusal of the new application for fields of the basic information step (after the code was
 * verified): carried back to /business/ApplicantInfo, which shows each message under its field. Keyed by the
 * field's path in the step's data ("applicantInfo.fullName").
 */
export function readReturnedErrors(): Record<string, string[]> | undefined {
  try {
    const raw = sessionStorage.getItem(RETURNED_KEY);
    return raw ? (JSON.parse(raw) as Record<string, string[]>) : undefined;
  } catch {
    return undefined;
  }
}

export function writeReturnedErrors(errors: Record<string, string[]> | undefined): void {
  if (errors && Object.keys(errors).length) sessionStorage.setItem(RETURNED_KEY, JSON.stringify(errors));
  else sessionStorage.removeItem(RETURNED_KEY);
}

/**
 * The errors of a refused creation that belong to fields the basic information step's schema declares
 * (`stepSchema`), by their path in the step's data ("applicantInfo.fullName"); undefined when none does.
 */
export function basicInformationErrors(errors: readonly { field?: string; message: string }[] | undefined, stepSchema: unknown): Record<string, string[]> | undefined {
  const out: Record<string, string[]> = {};
  for (const e of errors ?? []) {
    const path = e.field?.startsWith('prospect.') ? e.field.slice('prospect.'.length) : undefined;
    if (path && declares(stepSchema, path.replace(/\[(\d+)\]/g, '.$1').split('.'))) (out[path] ??= []).push(e.message);
  }
  return Object.keys(out).length ? out : undefined;
}
const INVITE_KEY = 'qa.invite';

export function readPending(): PendingCode | undefined {
  try {
    const raw = sessionStorage.getItem(PENDING_KEY);
    return raw ? (JSON.parse(raw) as PendingCode) : undefined;
  } catch {
    return undefined;
  }
}

export function writePending(pending: PendingCode | undefined): void {
  if (pending) sessionStorage.setItem(PENDING_KEY, JSON.stringify(pending));
  else sessionStorage.removeItem(PENDING_KEY);
}

/**
 * What /business/application-redirect kept: the agent's invite token and RO code, and the basic information
 * the agent typed (the applicant's name, e-mail and mobile), which start the ApplicantInfo form filled in.
 */
export interface Invite {
  inviteToken?: string;
  roCode?: string;
  applicant?: { fullName: string; email: string; countryCode: string; mobileNo: string };
}

export function readInvite(): Invite {
  try {
    return JSON.parse(sessionStorage.getItem(INVITE_KEY) ?? '{}') as Invite;
  } catch {
    return {};
  }
}

export function writeInvite(invite: Invite | undefined): void {
  if (invite && (invite.inviteToken || invite.roCode)) sessionStorage.setItem(INVITE_KEY, JSON.stringify(invite));
  else sessionStorage.removeItem(INVITE_KEY);
}

export interface GenerateAnswer {
  generated: boolean;
  expiresIn: number;
  attemptsAllowed: number;
}

export interface VerifyAnswer {
  verified: boolean;
  attemptsLeft?: number;
  errorCode?: string;
  message?: string;
}

export async function generateCode(token: string, publicKey: string | null, target: CodeTarget, prospectId?: string): Promise<GenerateAnswer> {
  const res = await secureFetch<GenerateAnswer>('/api/otp', {
    method: 'POST',
    token,
    publicKey,
    body: { action: 'generate', ...target, ...(prospectId ? { prospectId } : {}) },
  });
  return res.body!;
}

export async function verifyCode(token: string, publicKey: string | null, target: CodeTarget, otpToken: string): Promise<VerifyAnswer> {
  const res = await secureFetch<VerifyAnswer>('/api/otp', { method: 'POST', token, publicKey, body: { action: 'verify', ...target, otpToken } });
  return res.body!;
}

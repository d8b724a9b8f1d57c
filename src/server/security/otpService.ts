import { createHash, createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';
import type { OtpDelivery } from '../messaging/otpDelivery';
import type { OtpRepository, OtpTarget } from '../repositories/otpRepository';
import type { Locale } from '../../content/i18n/locales';
import type { Principal } from './principal';

export type OtpFailure = 'OTP_INVALID' | 'OTP_LOCKED' | 'OTP_EXPIRED' | 'OTP_NOT_FOUND';

export interface OtpVerifyResult {
  verified: boolean;
  attemptsLeft: number;
  errorCode?: OtpFailure;
  message?: string;
}

export const OTP_MESSAGES: Record<OtpFailure, string> = {
  OTP_INVALID: 'The one-time code is not correct',
  OTP_LOCKED: 'Too many wrong attempts: this code can no longer be used. Please ask for a new code',
  OTP_EXPIRED: 'The one-time code has expired. Please ask for a new code',
  OTP_NOT_FOUND: 'No one-time code is waiting for these details. Please ask for a new code',
};

/** The same person always gets the same customer id: mobile and e-mail together. */
export function customerPrincipal(target: Omit<OtpTarget, 'deviceId'>, deviceId: string): Principal {
  const digest = createHash('sha256').update(`${target.countryCode}|${target.mobileNo}|${target.email}`).digest('hex').slice(0, 32);
  return {
    sub: `customer:${digest}`,
    kind: 'customer',
    roles: ['customer'],
    deviceId,
    countryCode: target.countryCode,
    mobile: target.mobileNo,
    email: target.email,
  };
}

/** Codes are compared case- and space-insensitively on the e-mail; the mobile is digits already. */
export const normalizeTarget = (t: OtpTarget): OtpTarget => ({ ...t, email: t.email.trim().toLowerCase() });

/**
 * One-time codes: 6 digits from the CSPRNG, stored as HMAC(pepper, id:code), valid for `ttlSeconds`, dead
 * after `maxAttempts` wrong tries. A verification leaves a proof the post-login token call consumes once.
 */
export function createOtpService(options: {
  db: Kysely<Database>;
  repo: OtpRepository;
  pepper: Buffer;
  delivery: () => OtpDelivery;
  ttlSeconds: number;
  maxAttempts: number;
  now?: () => Date;
}) {
  const { db, repo, pepper, ttlSeconds, maxAttempts } = options;
  const now = options.now ?? (() => new Date());
  const hash = (id: string, code: string) => createHmac('sha256', pepper).update(`${id}:${code}`).digest();
  const fail = (errorCode: OtpFailure, attemptsLeft: number): OtpVerifyResult => ({ verified: false, attemptsLeft, errorCode, message: OTP_MESSAGES[errorCode] });

  return {
    ttlSeconds,
    maxAttempts,

    /** Stores a new code (replacing the target's earlier ones), then delivers it in the applicant's language. */
    async generate(target: OtpTarget, prospectId?: string, locale?: Locale): Promise<void> {
      const t = normalizeTarget(target);
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const id = randomUUID();
      const at = now();
      await db.transaction().execute((trx) =>
        repo.insert(trx, {
          ...t,
          id,
          prospectId,
          codeHash: hash(id, code).toString('hex'),
          expiresAt: new Date(at.getTime() + ttlSeconds * 1000),
          now: at,
        }),
      );
      await options.delivery().deliver({ countryCode: t.countryCode, mobileNo: t.mobileNo, email: t.email, code, expiresInSeconds: ttlSeconds, ...(locale ? { locale } : {}) });
    },

    async verify(target: OtpTarget, code: string): Promise<OtpVerifyResult> {
      const t = normalizeTarget(target);
      const at = now();
      const row = await repo.latestOpen(db, t);
      if (!row) return fail('OTP_NOT_FOUND', 0);
      // The attempt is spent before the comparison: a dead code is refused even when the code is right.
      const used = await repo.claimAttempt(db, row.id, maxAttempts, at);
      if (used === undefined) {
        // Read again: a concurrent attempt may have spent the last try since the row above was read.
        const state = await repo.state(db, row.id);
        if (!state?.open) return fail('OTP_NOT_FOUND', 0);
        if (state.attempts >= maxAttempts) return fail('OTP_LOCKED', 0);
        return fail(state.expiresAt <= at ? 'OTP_EXPIRED' : 'OTP_NOT_FOUND', 0);
      }
      const attemptsLeft = maxAttempts - used;
      if (!timingSafeEqual(hash(row.id, code), Buffer.from(row.codeHash, 'hex'))) {
        return fail(attemptsLeft > 0 ? 'OTP_INVALID' : 'OTP_LOCKED', attemptsLeft);
      }
      await repo.markVerified(db, row.id, at);
      return { verified: true, attemptsLeft };
    },

    /** The session's latest unused verification within `withinSeconds`, consumed (once). */
    async consumeProof(sessionId: string, withinSeconds: number) {
      const at = now();
      return repo.consumeProof(db, sessionId, new Date(at.getTime() - withinSeconds * 1000), at);
    },
  };
}

export type OtpService = ReturnType<typeof createOtpService>;

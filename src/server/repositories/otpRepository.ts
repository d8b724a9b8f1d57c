import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/tables';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Whom a code was sent to, and which session asked for it. `deviceId` (column device_id) holds the session id of
 * the asking token (a server-generated random id), not the device id the client chose: anyone can mint a
 * device token for a device id they know, but only the holder of that token has its session.
 */
export interface OtpTarget {
  deviceId: string;
  countryCode: string;
  mobileNo: string;
  email: string;
}

export interface OtpCodeRow extends OtpTarget {
  id: string;
  codeHash: string;
  attempts: number;
  expiresAt: Date;
}

/** One-time codes (hashed) and the proof of a verification, consumed once by the post-login token call. */
export function createOtpRepository() {
  const forTarget = (db: Db, t: OtpTarget) =>
    db
      .selectFrom('otp_codes')
      .where('device_id', '=', t.deviceId)
      .where('country_code', '=', t.countryCode)
      .where('mobile_no', '=', t.mobileNo)
      .where('email', '=', t.email);

  return {
    /** A new code replaces the target's earlier ones: only the latest code can be verified. */
    async insert(db: Db, input: OtpTarget & { id: string; prospectId?: string; codeHash: string; expiresAt: Date; now: Date }) {
      await db
        .updateTable('otp_codes')
        .set({ superseded_at: input.now })
        .where('device_id', '=', input.deviceId)
        .where('country_code', '=', input.countryCode)
        .where('mobile_no', '=', input.mobileNo)
        .where('email', '=', input.email)
        .where('superseded_at', 'is', null)
        .where('verified_at', 'is', null)
        .execute();
      await db
        .insertInto('otp_codes')
        .values({
          id: input.id,
          device_id: input.deviceId,
          country_code: input.countryCode,
          mobile_no: input.mobileNo,
          email: input.email,
          prospect_id: input.prospectId ?? null,
          code_hash: input.codeHash,
          expires_at: input.expiresAt,
          created_at: input.now,
        })
        .execute();
    },

    /** The latest code sent to the target that is neither replaced nor verified yet. */
    async latestOpen(db: Db, target: OtpTarget): Promise<OtpCodeRow | undefined> {
      const r = await forTarget(db, target)
        .select(['id', 'code_hash', 'attempts', 'expires_at'])
        .where('superseded_at', 'is', null)
        .where('verified_at', 'is', null)
        .orderBy('created_at', 'desc')
        .limit(1)
        .executeTakeFirst();
      return r && { ...target, id: r.id, codeHash: r.code_hash, attempts: r.attempts, expiresAt: new Date(r.expires_at) };
    },

    /**
     * Spends one attempt atomically, so concurrent guesses cannot exceed the limit; returns the attempts
     * used, or undefined when the code is dead (no attempts left, expired, replaced or verified).
     */
    async claimAttempt(db: Db, id: string, maxAttempts: number, now: Date): Promise<number | undefined> {
      const r = await db
        .updateTable('otp_codes')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('id', '=', id)
        .where('attempts', '<', maxAttempts)
        .where('expires_at', '>', now)
        .where('superseded_at', 'is', null)
        .where('verified_at', 'is', null)
        .returning('attempts')
        .executeTakeFirst();
      return r?.attempts;
    },

    /** The current state of a code (after a failed claim, to say why it is dead). */
    async state(db: Db, id: string): Promise<{ attempts: number; expiresAt: Date; open: boolean } | undefined> {
      const r = await db
        .selectFrom('otp_codes')
        .select(['attempts', 'expires_at', 'superseded_at', 'verified_at'])
        .where('id', '=', id)
        .executeTakeFirst();
      return r && { attempts: r.attempts, expiresAt: new Date(r.expires_at), open: !r.superseded_at && !r.verified_at };
    },

    async markVerified(db: Db, id: string, now: Date): Promise<void> {
      await db.updateTable('otp_codes').set({ verified_at: now }).where('id', '=', id).execute();
    },

    /** Takes the device's latest unused verification since `since`, once; undefined when there is none. */
    async consumeProof(db: Db, deviceId: string, since: Date, now: Date): Promise<Omit<OtpTarget, 'deviceId'> | undefined> {
      const latest = db
        .selectFrom('otp_codes')
        .select('id')
        .where('device_id', '=', deviceId)
        .where('verified_at', '>=', since)
        .where('consumed_at', 'is', null)
        .orderBy('verified_at', 'desc')
        .limit(1);
      const r = await db
        .updateTable('otp_codes')
        .set({ consumed_at: now })
        .where('id', '=', latest)
        .where('consumed_at', 'is', null)
        .returning(['country_code', 'mobile_no', 'email'])
        .executeTakeFirst();
      return r && { countryCode: r.country_code, mobileNo: r.mobile_no, email: r.email };
    },

    /** Codes and proofs older than a day serve no purpose. */
    async prune(db: Db, before: Date): Promise<void> {
      await db.deleteFrom('otp_codes').where('created_at', '<', before).execute();
    },
  };
}

export type OtpRepository = ReturnType<typeof createOtpRepository>;

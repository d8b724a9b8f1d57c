import { createHash, randomBytes } from 'node:crypto';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../db/tables';

type Db = Kysely<Database> | Transaction<Database>;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{20,64}$/;

/** A new invite token (only its hash is stored) and the row id. */
export function newInviteToken(): { token: string; hash: string; id: string } {
  const token = randomBytes(24).toString('base64url');
  return { token, hash: hashOf(token), id: randomBytes(8).toString('hex') };
}

/** An agent's invite that is still open (not used, not expired), by its token. */
export async function findInvite(db: Db, token: string, now: Date = new Date()) {
  if (!TOKEN_SHAPE.test(token)) return undefined;
  return db
    .selectFrom('invites')
    .select(['id', 'ro_code', 'full_name', 'email', 'country_code', 'mobile_no', 'account_type', 'islamic_banking', 'expires_at', 'opened_at'])
    .where('token_hash', '=', hashOf(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/** Whether a token names an invite at all (used or expired ones included): tells "expired" from "unknown". */
export async function inviteExists(db: Db, token: string): Promise<boolean> {
  if (!TOKEN_SHAPE.test(token)) return false;
  return !!(await db.selectFrom('invites').select('id').where('token_hash', '=', hashOf(token)).executeTakeFirst());
}

export async function markInviteOpened(db: Db, id: string, now: Date = new Date()): Promise<void> {
  await db.updateTable('invites').set({ opened_at: now }).where('id', '=', id).where('opened_at', 'is', null).execute();
}

export async function markInviteUsed(db: Db, id: string, prospectId?: string): Promise<void> {
  await db
    .updateTable('invites')
    .set({ used_at: new Date(), ...(prospectId ? { prospect_id: prospectId } : {}) })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .execute();
}

export type InviteState = 'sent' | 'opened' | 'used' | 'expired';

/** An invite's state as the agent sees it: used wins, then expired, then opened. */
export function inviteState(row: { used_at: Date | null; expires_at: Date; opened_at: Date | null }, now: Date = new Date()): InviteState {
  if (row.used_at) return 'used';
  if (new Date(row.expires_at).getTime() <= now.getTime()) return 'expired';
  return row.opened_at ? 'opened' : 'sent';
}

/** The link of an invite e-mail: absolute (PUBLIC_URL), with the account type and the Islamic choice. */
export function inviteLink(publicUrl: string, token: string, invite: { roCode?: string | null; accountType: string; islamicBanking: boolean }): string {
  const query = new URLSearchParams({
    invite: token,
    ...(invite.roCode ? { rocode: invite.roCode } : {}),
    accountType: invite.accountType,
    islamic: invite.islamicBanking ? 'true' : 'false',
  });
  return `${publicUrl}/business/application-redirect?${query}`;
}

/** validRoCode: whether an agent (a user) has this RO code. */
export async function isKnownRoCode(db: Db, code: unknown): Promise<boolean> {
  if (typeof code !== 'string' || !/^[A-Za-z0-9]{1,20}$/.test(code)) return false;
  const r = await sql<{ n: number }>`select count(*)::int as n from users where ro_code = ${code}`.execute(db);
  return (r.rows[0]?.n ?? 0) > 0;
}

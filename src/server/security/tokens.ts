import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { errors as joseErrors, type JWTPayload, jwtVerify, SignJWT } from 'jose';
import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import { createBatchedReads } from '../db/batchedReads';
import type { Database } from '../db/tables';
import type { RefreshTokenRepository, SessionFamilyState } from '../repositories/refreshTokenRepository';
import { type Principal, toPrincipal } from './principal';

const ISSUER = 'quick-apply';
/** Access tokens whose signature and claims this process has checked (see verifyAccess). */
const VERIFIED_TOKENS = 10_000;
const AUDIENCE = 'quick-apply-api';

/** The answer of every token call (OAuth 2 field names, as the client expects). */
export interface TokenSet {
  access_token: string;
  refresh_token: string;
  token_type: 'Bearer';
  expires_in: number;
}

/** The session (refresh-token family) a token belongs to, and its absolute end (seconds since the epoch). */
export interface SessionRef {
  familyId: string;
  endsAt: number;
}

export interface VerifiedAccess {
  principal: Principal;
  /** Seconds since the epoch. */
  expiresAt: number;
  session: SessionRef;
}

/** Why a refresh was refused; every reason answers 401 with no body. */
export type RefreshFailure = 'unknown' | 'expired' | 'revoked' | 'reused';

export class RefreshError extends Error {
  constructor(readonly reason: RefreshFailure) {
    super(`refresh refused: ${reason}`);
  }
}

export interface TokenService {
  /** A new session: an access token and the first refresh token of a new family. */
  issue(principal: Principal): Promise<TokenSet>;
  /** A renewed access token (x-access-token header) while the session lives; undefined once it has ended. */
  renewAccess(principal: Principal, session: SessionRef): Promise<{ token: string; expiresAt: number } | undefined>;
  /**
   * The principal of a valid access token whose session is alive (a primary-key read of session_families,
   * shared by the calls waiting at the same time); undefined when missing, malformed, forged, expired, or its
   * session was logged out, revoked or is over.
   */
  verifyAccess(token: string | undefined): Promise<VerifiedAccess | undefined>;
  /** Rotates a refresh token; a token presented twice revokes its whole family. Throws RefreshError. */
  refresh(refreshToken: string): Promise<TokenSet>;
  /** Ends a session (logout): its refresh tokens and, at once, every access token of it. */
  revoke(familyId: string): Promise<void>;
}

export const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/** Only the identity fields go into the token, never anything else a caller put on the object. */
function claimsOf(principal: Principal): Record<string, unknown> {
  const { sub: _sub, ...rest } = toPrincipal(principal) ?? { sub: '', kind: 'device', roles: [] };
  return rest;
}

/**
 * Access tokens are short-lived HS256 JWTs carrying their session (refresh-token family) id `fid`: any process
 * verifies the signature with the shared secret and reads the session's row, so a logout or a reused refresh
 * token ends every access token of the session at once. Refresh tokens are 32 random bytes stored as sha256
 * with their family, principal, expiry and use. Nothing outlives the session's absolute end.
 */
export function createTokenService(options: {
  db: Kysely<Database>;
  repo: RefreshTokenRepository;
  key: Uint8Array;
  accessTtlSeconds: number;
  refreshTtlSeconds: number;
  /** Absolute session lifetime from sign-in (SESSION_MAX_AGE); renewals and refreshes never go past it. */
  sessionMaxSeconds: number;
  /**
   * Keep sessions' rows in memory: only when this process is the only one using the database (PGlite, whose data
   * folder one process holds), so that every revocation goes through this service. Never with PostgreSQL, where
   * another process's logout must end the session here at once.
   */
  cacheSessions?: boolean;
  now?: () => Date;
}): TokenService {
  const { db, repo, key, accessTtlSeconds, refreshTtlSeconds, sessionMaxSeconds } = options;
  const now = options.now ?? (() => new Date());
  const nowSeconds = () => Math.floor(now().getTime() / 1000);
  const alive = (state: SessionFamilyState | undefined) => !!state && !state.revokedAt && state.expiresAt > now();
  // A token string's signature, algorithm, issuer and audience never change their verdict under one key, so a
  // token checked once is not checked again (an HMAC through WebCrypto plus a key import cost more than the rest
  // of authentication); its expiry is compared with the clock on every use, and its session is read every time.
  const verified = new LRUCache<string, JWTPayload>({ max: VERIFIED_TOKENS });
  // Sessions read, when this process is the database's only user (cacheSessions). A revocation drops its entry
  // and bumps the generation, so that a read that was in flight meanwhile is not cached.
  const sessions = options.cacheSessions ? new LRUCache<string, SessionFamilyState>({ max: VERIFIED_TOKENS }) : undefined;
  let generation = 0;
  // Every authenticated call reads its session: concurrent calls share one read (never one sent before they
  // came, so each sees every logout committed before it; gathered per turn of the event loop: db/batchedReads.ts).
  const readSession = createBatchedReads((ids: string[]) => repo.familyStates(db, ids), { gather: true });
  async function sessionState(familyId: string): Promise<SessionFamilyState | undefined> {
    const known = sessions?.get(familyId);
    if (known) return known;
    const at = generation;
    const state = await readSession(familyId);
    if (state && sessions && at === generation) sessions.set(familyId, state);
    return state;
  }
  const forgetSession = (familyId: string) => {
    generation++;
    sessions?.delete(familyId);
  };
  async function checkedPayload(token: string): Promise<JWTPayload> {
    const known = verified.get(token);
    if (known) {
      if (typeof known.exp !== 'number' || known.exp <= nowSeconds()) {
        verified.delete(token);
        throw new joseErrors.JWTExpired('"exp" claim timestamp check failed', known, 'exp', 'check_failed');
      }
      return known;
    }
    const { payload } = await jwtVerify(token, key, {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: AUDIENCE,
      currentDate: now(),
      clockTolerance: 0,
    });
    if (typeof payload.exp === 'number') verified.set(token, payload);
    return payload;
  }

  async function issueAccess(principal: Principal, session: SessionRef) {
    const iat = nowSeconds();
    const exp = Math.min(iat + accessTtlSeconds, session.endsAt);
    const token = await new SignJWT({ ...claimsOf(principal), fid: session.familyId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(principal.sub)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(iat)
      .setExpirationTime(exp)
      .setJti(randomUUID())
      .sign(key);
    return { token, expiresAt: exp, expiresIn: exp - iat };
  }

  async function newRefresh(principal: Principal, session: SessionRef, db1: Parameters<typeof repo.insert>[0] = db) {
    const token = randomBytes(32).toString('base64url');
    await repo.insert(db1, {
      id: randomUUID(),
      familyId: session.familyId,
      principal: toPrincipal(principal) ?? principal,
      tokenHash: hashToken(token),
      expiresAt: new Date(Math.min(now().getTime() + refreshTtlSeconds * 1000, session.endsAt * 1000)),
    });
    return token;
  }

  const tokenSet = async (principal: Principal, session: SessionRef, refresh: string): Promise<TokenSet> => {
    const access = await issueAccess(principal, session);
    return { access_token: access.token, refresh_token: refresh, token_type: 'Bearer', expires_in: access.expiresIn };
  };

  return {
    async issue(principal) {
      if (!toPrincipal(principal)) throw new Error('invalid principal');
      const session = { familyId: randomUUID(), endsAt: nowSeconds() + sessionMaxSeconds };
      await repo.createFamily(db, session.familyId, new Date(session.endsAt * 1000));
      return tokenSet(principal, session, await newRefresh(principal, session));
    },

    async renewAccess(principal, session) {
      if (!alive(await sessionState(session.familyId))) return undefined;
      return issueAccess(principal, session);
    },

    async verifyAccess(token) {
      if (!token) return undefined;
      try {
        const payload = await checkedPayload(token);
        const principal = toPrincipal(payload);
        const familyId = payload.fid;
        if (!principal || !payload.exp || typeof familyId !== 'string') return undefined;
        const state = await sessionState(familyId);
        if (!alive(state)) return undefined;
        return { principal, expiresAt: payload.exp, session: { familyId, endsAt: Math.floor(state!.expiresAt.getTime() / 1000) } };
      } catch (error) {
        if (error instanceof joseErrors.JOSEError) return undefined;
        throw error;
      }
    },

    async refresh(refreshToken) {
      const at = now();
      type Outcome = { refused: RefreshFailure } | { principal: Principal; session: SessionRef; token: string };
      const outcome = await db.transaction().execute(async (trx): Promise<Outcome> => {
        const row = await repo.findByHash(trx, hashToken(refreshToken));
        if (!row) return { refused: 'unknown' };
        if (row.revokedAt) return { refused: 'revoked' };
        if (row.usedAt || !(await repo.markUsed(trx, row.id, at))) {
          // A used token presented again was stolen or replayed: end the session for everyone holding it.
          forgetSession(row.familyId);
          await repo.revokeFamily(trx, row.familyId, at);
          return { refused: 'reused' };
        }
        if (row.expiresAt <= at) return { refused: 'expired' };
        const state = await repo.familyState(trx, row.familyId);
        if (!state || state.revokedAt) return { refused: 'revoked' };
        if (!alive(state)) return { refused: 'expired' };
        const principal = toPrincipal(row.principal);
        if (!principal) return { refused: 'unknown' };
        const session = { familyId: row.familyId, endsAt: Math.floor(state.expiresAt.getTime() / 1000) };
        return { principal, session, token: await newRefresh(principal, session, trx) };
      });
      if ('refused' in outcome) throw new RefreshError(outcome.refused);
      return tokenSet(outcome.principal, outcome.session, outcome.token);
    },

    async revoke(familyId) {
      forgetSession(familyId);
      await repo.revokeFamily(db, familyId, now());
      forgetSession(familyId);
    },
  };
}

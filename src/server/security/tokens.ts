import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';
import type { RefreshTokenRepository } from '../repositories/refreshTokenRepository';
import { type Principal, toPrincipal } from './principal';

const ISSUER = 'quick-apply';
const AUDIENCE = 'quick-apply-api';

/** The answer of every token call (OAuth 2 field names, as the client expects). */
export interface TokenSet {
  access_token: string;
  refresh_token: string;
  token_type: 'Bearer';
  expires_in: number;
}

export interface VerifiedAccess {
  principal: Principal;
  /** Seconds since the epoch. */
  expiresAt: number;
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
  /** An access token only (renewal in the x-access-token header). */
  issueAccess(principal: Principal): Promise<{ token: string; expiresIn: number }>;
  /** The principal of a valid access token; undefined when missing, malformed, forged or expired. */
  verifyAccess(token: string | undefined): Promise<VerifiedAccess | undefined>;
  /** Rotates a refresh token; a token presented twice revokes its whole family. Throws RefreshError. */
  refresh(refreshToken: string): Promise<TokenSet>;
}

export const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/** Only the identity fields go into the token, never anything else a caller put on the object. */
function claimsOf(principal: Principal): Record<string, unknown> {
  const { sub: _sub, ...rest } = toPrincipal(principal) ?? { sub: '', kind: 'device', roles: [] };
  return rest;
}

/**
 * Access tokens are short-lived HS256 JWTs (stateless: any process verifies them with the shared secret);
 * refresh tokens are 32 random bytes stored as sha256 with their family, principal, expiry and use.
 */
export function createTokenService(options: {
  db: Kysely<Database>;
  repo: RefreshTokenRepository;
  key: Uint8Array;
  accessTtlSeconds: number;
  refreshTtlSeconds: number;
  now?: () => Date;
}): TokenService {
  const { db, repo, key, accessTtlSeconds, refreshTtlSeconds } = options;
  const now = options.now ?? (() => new Date());

  async function issueAccess(principal: Principal) {
    const iat = Math.floor(now().getTime() / 1000);
    const token = await new SignJWT(claimsOf(principal))
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(principal.sub)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(iat)
      .setExpirationTime(iat + accessTtlSeconds)
      .setJti(randomUUID())
      .sign(key);
    return { token, expiresIn: accessTtlSeconds };
  }

  async function newRefresh(principal: Principal, familyId: string, db1 = db) {
    const token = randomBytes(32).toString('base64url');
    await repo.insert(db1, {
      id: randomUUID(),
      familyId,
      principal: toPrincipal(principal) ?? principal,
      tokenHash: hashToken(token),
      expiresAt: new Date(now().getTime() + refreshTtlSeconds * 1000),
    });
    return token;
  }

  const tokenSet = async (principal: Principal, refresh: string): Promise<TokenSet> => {
    const access = await issueAccess(principal);
    return { access_token: access.token, refresh_token: refresh, token_type: 'Bearer', expires_in: access.expiresIn };
  };

  return {
    issueAccess,

    async issue(principal) {
      if (!toPrincipal(principal)) throw new Error('invalid principal');
      return tokenSet(principal, await newRefresh(principal, randomUUID()));
    },

    async verifyAccess(token) {
      if (!token) return undefined;
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience: AUDIENCE,
          currentDate: now(),
          clockTolerance: 0,
        });
        const principal = toPrincipal(payload);
        return principal && payload.exp ? { principal, expiresAt: payload.exp } : undefined;
      } catch (error) {
        if (error instanceof joseErrors.JOSEError) return undefined;
        throw error;
      }
    },

    async refresh(refreshToken) {
      const at = now();
      type Outcome = { refused: RefreshFailure } | { principal: Principal; token: string };
      const outcome = await db.transaction().execute(async (trx): Promise<Outcome> => {
        const row = await repo.findByHash(trx, hashToken(refreshToken));
        if (!row) return { refused: 'unknown' };
        if (row.revokedAt) return { refused: 'revoked' };
        if (row.usedAt || !(await repo.markUsed(trx, row.id, at))) {
          // A used token presented again was stolen or replayed: end the session for everyone holding it.
          await repo.revokeFamily(trx, row.familyId, at);
          return { refused: 'reused' };
        }
        if (row.expiresAt <= at) return { refused: 'expired' };
        const principal = toPrincipal(row.principal);
        if (!principal) return { refused: 'unknown' };
        return { principal, token: await newRefresh(principal, row.familyId, trx) };
      });
      if ('refused' in outcome) throw new RefreshError(outcome.refused);
      const { principal, token } = outcome;
      return tokenSet(principal, token);
    },
  };
}

/** Roles a token can carry: the applicant, a relationship officer, product staff (studio). */
export type Role = 'customer' | 'agent' | 'product';

export const ROLES: readonly Role[] = ['customer', 'agent', 'product'];

/**
 * Who is calling, as carried by an access token. A device token (before the one-time code) has no roles; a
 * customer token is bound to the verified mobile and e-mail; a staff token carries roles and the RO code.
 */
export interface Principal {
  sub: string;
  kind: 'device' | 'customer' | 'staff';
  roles: Role[];
  deviceId?: string;
  mobile?: string;
  countryCode?: string;
  email?: string;
  roCode?: string;
  name?: string;
  agentId?: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by app.authenticate from the Bearer access token. */
    principal?: Principal;
    /**
     * The session (refresh-token family) of that token: a server-generated random id only the token's holder
     * has, so one-time codes are bound to it rather than to the device id the client chose.
     */
    sessionId?: string;
  }
}

const OPTIONAL = ['deviceId', 'mobile', 'countryCode', 'email', 'roCode', 'name', 'agentId'] as const;

/** Rebuilds a principal from untrusted JSON (token claims, a stored row); undefined when malformed. */
export function toPrincipal(value: unknown): Principal | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const v = value as Record<string, unknown>;
  if (typeof v.sub !== 'string' || !v.sub) return undefined;
  if (v.kind !== 'device' && v.kind !== 'customer' && v.kind !== 'staff') return undefined;
  if (!Array.isArray(v.roles) || !v.roles.every((r) => (ROLES as readonly unknown[]).includes(r))) return undefined;
  const principal: Principal = { sub: v.sub, kind: v.kind, roles: [...(v.roles as Role[])] };
  for (const key of OPTIONAL) {
    const field = v[key];
    if (field === undefined || field === null) continue;
    if (typeof field !== 'string') return undefined;
    principal[key] = field;
  }
  return principal;
}

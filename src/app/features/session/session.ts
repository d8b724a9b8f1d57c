import { useCallback, useMemo } from 'react';
import type { Session } from '../application/contract';
import { atom, atomWithStorage, createJSONStorage, useAtom, useAtomValue, useSetAtom } from '../../lib/jotai';
import { ApiRequestError, deviceId, SessionExpiredError, secureFetch, type SecureFetchOptions, type SecureResponse } from '../../lib/secureFetch';
import { applicationStore } from '../application/store';
import { useConfig } from '../config/useConfig';

export type { Session };

/** The client id the browser sends to the token calls (server: PUBLIC_CLIENT_ID). */
export const PUBLIC_CLIENT_ID = 'quick-apply-web';

/**
 * Who is signed in in this tab: kept in session storage (a reload keeps the session, closing the tab ends it;
 * nothing lands in localStorage).
 */
export const sessionAtom = atomWithStorage<Session | null>('qa.session', null, createJSONStorage(() => sessionStorage), { getOnInit: true });

/** Set when the server answered 401 with no body, a refresh was refused, or the inactivity countdown reached zero. */
export const sessionExpiredAtom = atom(false);

/** Time of the last user activity or successful call, read by the inactivity countdown. */
export const lastActivityAtom = atom(Date.now());

interface TokenAnswer {
  access_token: string;
  refresh_token: string;
  expires_in: number;
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields);

/** The token calls are form-encoded and not encrypted (they come before a session exists). */
async function tokenCall(path: string, fields: Record<string, string>, accessToken?: string): Promise<TokenAnswer> {
  const res = await secureFetch<TokenAnswer>(path, {
    method: 'POST',
    body: form({ client_id: PUBLIC_CLIENT_ID, ...fields }),
    ...(accessToken ? { token: accessToken } : {}),
  });
  return res.body!;
}

/** A device token for this browser: the first call of the customer journey (before the one-time code). */
export async function requestDeviceToken(): Promise<Session> {
  const t = await tokenCall('/api/onboarding/pre-login/oauth2/token', { device_id: deviceId(), unique_id: crypto.randomUUID() });
  return { kind: 'device', accessToken: t.access_token, refreshToken: t.refresh_token };
}

/** Customer tokens, once this device has verified a one-time code. */
export async function requestCustomerToken(device: Session): Promise<Session> {
  const t = await tokenCall(
    '/api/onboarding/post-login/oauth2/token',
    { resource_type: 'customer', device_id: deviceId(), unique_id: crypto.randomUUID() },
    device.accessToken,
  );
  return { kind: 'customer', accessToken: t.access_token, refreshToken: t.refresh_token };
}

/** Rotates the refresh token (customers and staff): a new access and refresh token. */
export async function refreshSession(session: Session): Promise<Session> {
  if (!session.refreshToken) throw new SessionExpiredError();
  const t = await tokenCall('/api/onboarding/post-login/oauth2/token', { grant_type: 'refresh_token', refresh_token: session.refreshToken });
  return { ...session, accessToken: t.access_token, refreshToken: t.refresh_token };
}

/**
 * Calls the API as the signed-in user: adds the token and the server's public key (JSON bodies are encrypted),
 * keeps a renewed token from x-access-token, and turns a 401 into the "session expired" state.
 */
export function useApi() {
  const [session, setSession] = useAtom(sessionAtom);
  const setExpired = useSetAtom(sessionExpiredAtom);
  const setActivity = useSetAtom(lastActivityAtom);
  const { data: config } = useConfig();
  const publicKey = (config as { publicKey?: string | null } | undefined)?.publicKey ?? null;
  return useCallback(
    async <T = unknown>(url: string, options: Omit<SecureFetchOptions, 'token' | 'publicKey' | 'onAccessToken'> = {}): Promise<SecureResponse<T>> => {
      try {
        const res = await secureFetch<T>(url, {
          ...options,
          ...(session ? { token: session.accessToken } : {}),
          publicKey,
          onAccessToken: (accessToken) => setSession((s) => (s ? { ...s, accessToken } : s)),
        });
        setActivity(Date.now());
        return res;
      } catch (error) {
        if (error instanceof SessionExpiredError && session) setExpired(true);
        throw error;
      }
    },
    [session, publicKey, setSession, setExpired, setActivity],
  );
}

export interface SessionControls {
  session: Session | null;
  /** True once the session ended (401, refresh refused, countdown reached zero). */
  expired: boolean;
  /** Starts a session (after a verified code, or a staff login). */
  signIn(session: Session): void;
  /** The countdown dialog's 'Yes': rotates the tokens so the session goes on. */
  keepAlive(): Promise<void>;
  /**
   * Ends the session (endSession): pending edits sent, the application and draft forgotten in this tab, the refresh
   * token family revoked on the server.
   */
  logout(): Promise<void>;
  /**
   * Ends the session on the server only (the tab keeps its tokens and pages until it forgets them itself, with
   * logout() or a reload after clearing): for a page that must stay on screen until the session is over.
   */
  revoke(): Promise<void>;
  /** The inactivity countdown reached zero: the session ends as with logout(), then the expired dialog shows. */
  expire(): Promise<void>;
}

export function useSession(): Session | null {
  return useAtomValue(sessionAtom);
}

/** Revokes the session's refresh-token family (and so its access tokens) on the server. */
async function revokeOnServer(ending: Session | null): Promise<void> {
  if (!ending?.refreshToken) return;
  // Best effort: the tab forgets the tokens whatever the server answers.
  await secureFetch('/api/onboarding/logout', {
    method: 'POST',
    token: ending.accessToken,
    body: form({ client_id: PUBLIC_CLIENT_ID, refresh_token: ending.refreshToken }),
  }).catch(() => undefined);
}

/**
 * Ends a session in the browser and on the server, the one way Logout and the inactivity countdown both do it (spec
 * 001 §4, §8): an applicant's pending edits are sent first (nothing typed is lost while the token still works),
 * then `forget` drops the tokens, the tab forgets the application and the draft (the store's close()), and the
 * server revokes the tokens (so an old access token copied from the tab is refused).
 */
export async function endSession(ending: Session | null, forget: () => void): Promise<void> {
  const applicant = ending?.kind === 'customer' || ending?.kind === 'device';
  if (applicant) await applicationStore().flush().catch(() => undefined);
  // The tokens first: the journey's guards then see the session gone.
  forget();
  if (applicant) applicationStore().close();
  await revokeOnServer(ending);
}

export function useSessionControls(): SessionControls {
  const [session, setSession] = useAtom(sessionAtom);
  const [expired, setExpired] = useAtom(sessionExpiredAtom);
  const setActivity = useSetAtom(lastActivityAtom);
  return useMemo(
    () => ({
      session,
      expired,
      signIn(next) {
        setSession(next);
        setExpired(false);
        setActivity(Date.now());
      },
      async keepAlive() {
        if (!session) return;
        try {
          setSession(await refreshSession(session));
          setActivity(Date.now());
        } catch (error) {
          if (error instanceof SessionExpiredError || (error instanceof ApiRequestError && error.status < 500)) setExpired(true);
          else throw error;
        }
      },
      logout: () =>
        endSession(session, () => {
          setSession(null);
          setExpired(false);
        }),
      revoke: () => revokeOnServer(session),
      expire: () =>
        endSession(session, () => {
          setSession(null);
          setExpired(true);
        }),
    }),
    [session, expired, setSession, setExpired, setActivity],
  );
}

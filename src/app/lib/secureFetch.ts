import {
  decryptResponse,
  ENCRYPTED_RESPONSE_HEADER,
  encryptRequest,
  EnvelopeError,
  importPublicKey,
  type SessionKey,
} from '../../shared/envelope';
import { RequestKeyRing } from '../../shared/requestKeyRing';
import { currentLocale } from '../i18n/localeStore';

/** 401 with an empty body: the session expired (the app sends the user back to log in). */
export class SessionExpiredError extends Error {
  constructor() {
    super('Your session has expired');
    this.name = 'SessionExpiredError';
  }
}

/** Any other non-2xx answer, with its (decrypted) error body { errorType, errors } when there is one. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly body: { errorType?: string; errors?: { errorCode: string; message: string; field?: string }[] } | undefined,
    /** The answer's Retry-After header (seconds), when it has one. */
    readonly retryAfter?: string,
  ) {
    super(body?.errors?.map((e) => e.message).join('; ') || `Request failed (${status})`);
    this.name = 'ApiRequestError';
  }
}

export interface SecureFetchOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON bodies are encrypted; FormData and URLSearchParams (uploads, token calls) are sent as they are. */
  body?: unknown;
  /** Access token for the Authorization header. */
  token?: string;
  /** The server's key from the config document (base64 SPKI) or already imported. Needed for JSON bodies. */
  publicKey?: CryptoKey | string | null;
  /** Extra headers named in the spec: prospect-id, mobile-no, stage-id, user-id, refresh-token. */
  headers?: Record<string, string>;
  /** Called with a renewed access token the server sent in x-access-token. */
  onAccessToken?: (token: string) => void;
  signal?: AbortSignal;
  /**
   * How many times a request the server shed unread (503 OVERLOADED: refused before any handler ran, so nothing was
   * done) is sent again after its Retry-After (at most SHED_WAIT_CAP_MS); 2 unless the caller retries on its own
   * (the save queue, which shows "retrying" and backs off).
   */
  shedRetries?: number;
  /** For tests; the global fetch otherwise. */
  fetch?: typeof fetch;
}

export interface SecureResponse<T> {
  status: number;
  headers: Headers;
  /** The parsed (and decrypted) JSON body; undefined when the answer has none. */
  body: T | undefined;
}

const DEVICE_ID_KEY = 'qa.deviceId';
let memoryDeviceId: string | undefined;

/** One random id per browser, created on first use and kept in localStorage. */
export function deviceId(): string {
  try {
    let id = globalThis.localStorage?.getItem(DEVICE_ID_KEY);
    if (!id) {
      id = globalThis.crypto.randomUUID();
      globalThis.localStorage?.setItem(DEVICE_ID_KEY, id);
    }
    return id;
  } catch {
    // Storage blocked (private mode, tests): an id for this page's lifetime.
    return (memoryDeviceId ??= globalThis.crypto.randomUUID());
  }
}

const importedKeys = new Map<string, Promise<CryptoKey>>();
function publicKeyOf(key: CryptoKey | string): Promise<CryptoKey> {
  if (typeof key !== 'string') return Promise.resolve(key);
  let imported = importedKeys.get(key);
  if (!imported) importedKeys.set(key, (imported = importPublicKey(key)));
  return imported;
}

/** One wrapped AES key reused across this page's requests (rotated by the ring): one RSA decryption per key. */
const requestKeys = new RequestKeyRing();

const isRawBody = (body: unknown) =>
  (typeof FormData !== 'undefined' && body instanceof FormData) ||
  body instanceof URLSearchParams ||
  (typeof Blob !== 'undefined' && body instanceof Blob);

/** The longest wait before a shed request is sent again, whatever Retry-After says. */
export const SHED_WAIT_CAP_MS = 5000;

/**
 * fetch for the onboarding API: JSON bodies of POST/PUT/PATCH are encrypted to the server's public key
 * (src/shared/envelope.ts) and the answer is decrypted with the same key. Throws SessionExpiredError on a 401
 * without body and ApiRequestError on other failures. A request a busy server shed unread is sent again (sealed
 * afresh: a new nonce) after its Retry-After, `shedRetries` times, before its 503 reaches the caller: a code check
 * or an application's creation then goes through a moment's overload instead of showing "busy".
 */
export async function secureFetch<T = unknown>(url: string, options: SecureFetchOptions = {}): Promise<SecureResponse<T>> {
  for (let retries = options.shedRetries ?? 2; ; retries -= 1) {
    try {
      return await fetchOnce<T>(url, options);
    } catch (e) {
      // Shed before any handler read it (the overload plugin's answer): nothing was done, so it is safe to send again.
      if (retries <= 0 || !(e instanceof ApiRequestError && e.status === 503 && e.body?.errors?.[0]?.errorCode === 'OVERLOADED')) throw e;
      await new Promise((resolve) => setTimeout(resolve, Math.min(SHED_WAIT_CAP_MS, Number(e.retryAfter) * 1000 || 1000)));
      options.signal?.throwIfAborted();
    }
  }
}

async function fetchOnce<T>(url: string, options: SecureFetchOptions): Promise<SecureResponse<T>> {
  const method = options.method ?? (options.body === undefined ? 'GET' : 'POST');
  const headers: Record<string, string> = {
    accept: 'application/json',
    'x-request-id': globalThis.crypto.randomUUID(),
    'device-id': deviceId(),
    // The server answers field errors in the page's language (the browser's own Accept-Language may differ).
    'accept-language': currentLocale(),
    'cache-control': 'no-cache, no-store',
    pragma: 'no-cache',
    expires: '0',
    ...options.headers,
  };
  if (options.token) headers.authorization = `Bearer ${options.token}`;

  let body: BodyInit | undefined;
  let key: SessionKey | undefined;
  if (isRawBody(options.body)) {
    body = options.body as BodyInit;
  } else if (method === 'POST' || method === 'PUT' || method === 'PATCH') {
    if (!options.publicKey) throw new Error('secureFetch: the server public key is needed to send a body');
    const path = new URL(url, globalThis.location?.href ?? 'http://localhost/').pathname;
    const requestKey = await requestKeys.keyFor(await publicKeyOf(options.publicKey));
    const sealed = await encryptRequest(requestKey, options.body, { method, path });
    Object.assign(headers, sealed.headers);
    body = JSON.stringify(sealed.payload);
    key = sealed.key;
  } else if (options.body !== undefined) {
    throw new Error(`secureFetch: ${method} takes no body`);
  }

  const response = await (options.fetch ?? globalThis.fetch)(url, { method, headers, body, signal: options.signal, cache: 'no-store' });
  const renewed = response.headers.get('x-access-token');
  if (renewed) options.onAccessToken?.(renewed);

  const text = await response.text();
  if (response.status === 401 && text.trim() === '') throw new SessionExpiredError();
  let parsed: unknown;
  if (text !== '' && /json/i.test(response.headers.get('content-type') ?? '')) {
    parsed = JSON.parse(text) as unknown;
    if (response.headers.get(ENCRYPTED_RESPONSE_HEADER) === '1') {
      if (!key) throw new EnvelopeError('An encrypted answer came to a request that was not encrypted');
      parsed = await decryptResponse(key, parsed);
    } else if (key && response.ok) {
      // The server encrypts every JSON answer to an encrypted request; a plaintext one was not written by it.
      throw new EnvelopeError('The answer was not encrypted');
    }
  } else if (text !== '') {
    parsed = text;
  }
  if (!response.ok) throw new ApiRequestError(response.status, parsed as ApiRequestError['body'], response.headers.get('retry-after') ?? undefined);
  return { status: response.status, headers: response.headers, body: parsed as T | undefined };
}

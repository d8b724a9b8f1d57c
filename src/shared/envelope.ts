/**
 * The encrypted body envelope, one module for the browser and the server (WebCrypto only, no Node imports).
 *
 * Request:  header `x-encrypted-key: base64(RSA-OAEP-SHA-256(aesKey))`, body `{ v: 1, iv, data }` where
 *           data = AES-256-GCM(JSON `{ ts, nonce, body }`). The body key is absent when there is no body.
 * Response: header `x-encrypted: 1`, body `{ v: 1, iv, data }` where data = AES-256-GCM(JSON of the body),
 *           with the key of the request.
 * The GCM additional data binds a ciphertext to its direction, method and path (and an answer to the nonce of
 * its request), so it cannot be replayed against another endpoint nor passed off as a response or as the
 * answer to another request; ts and nonce let the server refuse replays.
 * A client may wrap one AES key once (createRequestKey) and reuse it for many requests, each with its own iv
 * and nonce: the RSA decryption, the costly part, then happens once per key (the server caches the unwrapped
 * key by its header, see decryptRequest).
 */

export const ENVELOPE_VERSION = 1;
export const ENCRYPTED_KEY_HEADER = 'x-encrypted-key';
export const ENCRYPTED_RESPONSE_HEADER = 'x-encrypted';

const RSA = { name: 'RSA-OAEP', hash: 'SHA-256' } as const;
const IV_BYTES = 12;
const KEY_BYTES = 32;
const NONCE_BYTES = 16;

export interface Envelope {
  v: 1;
  iv: string;
  data: string;
}

/** What a ciphertext is bound to: the request's method and path (the query string is not part of it). */
export interface Binding {
  method: string;
  path: string;
}

/** AES-256-GCM on bytes, the tag appended to the ciphertext (as WebCrypto does); decrypt throws on a bad tag. */
export interface AesGcm {
  encrypt(key: CryptoKey, iv: Uint8Array<ArrayBuffer>, additionalData: Uint8Array<ArrayBuffer>, plain: Uint8Array<ArrayBuffer>): Promise<Uint8Array> | Uint8Array;
  decrypt(key: CryptoKey, iv: Uint8Array<ArrayBuffer>, additionalData: Uint8Array<ArrayBuffer>, data: Uint8Array<ArrayBuffer>): Promise<Uint8Array> | Uint8Array;
}

/** The default: WebCrypto (browser and server). The server may pass a faster one of the same cipher. */
const webCryptoAesGcm: AesGcm = {
  encrypt: async (key, iv, additionalData, plain) => new Uint8Array(await subtle().encrypt({ name: 'AES-GCM', iv, additionalData }, key, plain)),
  decrypt: async (key, iv, additionalData, data) => new Uint8Array(await subtle().decrypt({ name: 'AES-GCM', iv, additionalData }, key, data)),
};

/** The AES key of one request/response exchange, with the binding both directions use. */
export interface SessionKey {
  readonly aesKey: CryptoKey;
  readonly binding: Binding;
  /** The request's nonce: its answer is bound to it. */
  readonly nonce: string;
  /** How this side runs AES-GCM (WebCrypto when absent). */
  readonly cipher?: AesGcm;
}

/** An AES key wrapped to the server's public key, for one request or (reused) for many. */
export interface RequestKey {
  readonly aesKey: CryptoKey;
  /** base64 of the RSA-wrapped key: the x-encrypted-key header. */
  readonly wrapped: string;
}

/** Server side: unwrapped keys by their x-encrypted-key header (a per-process cache; any server can unwrap). */
export interface UnwrappedKeyCache {
  get(wrapped: string): CryptoKey | undefined;
  set(wrapped: string, aesKey: CryptoKey): void;
}

/** Anything wrong with an envelope: missing, garbled, tampered, wrong key or wrong endpoint. */
export class EnvelopeError extends Error {
  constructor(message = 'The encrypted body could not be read') {
    super(message);
    this.name = 'EnvelopeError';
  }
}

const subtle = (): SubtleCrypto => globalThis.crypto.subtle;
const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true });

/** Node's Buffer where there is one (the server): its base64 is native, many times faster than btoa of a string. */
const NodeBuffer = (globalThis as { Buffer?: typeof import('node:buffer').Buffer }).Buffer;

export function toBase64(bytes: Uint8Array): string {
  if (NodeBuffer) return NodeBuffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** Strict decoding: anything that is not canonical padded base64 throws an EnvelopeError. */
export function fromBase64(text: unknown): Uint8Array<ArrayBuffer> {
  if (typeof text !== 'string' || text.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(text)) throw new EnvelopeError();
  if (NodeBuffer) {
    const decoded = NodeBuffer.from(text, 'base64');
    return new Uint8Array(decoded.buffer.slice(decoded.byteOffset, decoded.byteOffset + decoded.byteLength) as ArrayBuffer);
  }
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

const randomBytes = (n: number): Uint8Array<ArrayBuffer> => globalThis.crypto.getRandomValues(new Uint8Array(n));

type Direction = 'request' | 'response';
/** What seal and open need: the key, the binding and, for an answer, the nonce of its request. */
type SealKey = Pick<SessionKey, 'aesKey' | 'binding' | 'cipher'> & { nonce?: string };

function additionalData(direction: Direction, { binding: { method, path }, nonce }: SealKey): Uint8Array<ArrayBuffer> {
  const base = `qa-envelope/${ENVELOPE_VERSION}\n${direction}\n${method.toUpperCase()}\n${path.split('?')[0]}`;
  return encoder.encode(direction === 'response' ? `${base}\n${nonce}` : base);
}

async function seal(key: SealKey, direction: Direction, json: string): Promise<Envelope> {
  const iv = randomBytes(IV_BYTES);
  const data = await (key.cipher ?? webCryptoAesGcm).encrypt(key.aesKey, iv, additionalData(direction, key), encoder.encode(json));
  return { v: ENVELOPE_VERSION, iv: toBase64(iv), data: toBase64(data) };
}

async function open(key: SealKey, direction: Direction, payload: unknown): Promise<unknown> {
  if (typeof payload !== 'object' || payload === null) throw new EnvelopeError();
  const { v, iv, data } = payload as Partial<Envelope>;
  if (v !== ENVELOPE_VERSION) throw new EnvelopeError();
  const ivBytes = fromBase64(iv);
  if (ivBytes.length !== IV_BYTES) throw new EnvelopeError();
  try {
    const plain = await (key.cipher ?? webCryptoAesGcm).decrypt(key.aesKey, ivBytes, additionalData(direction, key), fromBase64(data));
    return JSON.parse(decoder.decode(plain)) as unknown;
  } catch {
    throw new EnvelopeError();
  }
}

/** The server's public key, from base64 SPKI (what the config endpoint publishes) or a JWK. */
export async function importPublicKey(key: string | JsonWebKey): Promise<CryptoKey> {
  return typeof key === 'string'
    ? subtle().importKey('spki', fromBase64(key), RSA, false, ['encrypt'])
    : subtle().importKey('jwk', key, RSA, false, ['encrypt']);
}

/** Browser side: a fresh AES key wrapped to the server's public key. */
export async function createRequestKey(publicKey: CryptoKey): Promise<RequestKey> {
  const raw = randomBytes(KEY_BYTES);
  const aesKey = await subtle().importKey('raw', raw, 'AES-GCM', false, ['encrypt', 'decrypt']);
  const wrapped = await subtle().encrypt(RSA, publicKey, raw);
  raw.fill(0);
  return { aesKey, wrapped: toBase64(new Uint8Array(wrapped)) };
}

/**
 * Browser side: encrypts a body with a fresh nonce and iv, under a fresh AES key (given the public key) or a
 * reused one (given a RequestKey). `key` decrypts the answer (decryptResponse).
 */
export async function encryptRequest(
  keyOrPublicKey: CryptoKey | RequestKey,
  body: unknown,
  binding: Binding,
  now: number = Date.now(),
  /** How to run AES-GCM (WebCrypto when absent); the answer is decrypted the same way (decryptResponse). */
  cipher?: AesGcm,
): Promise<{ headers: Record<string, string>; payload: Envelope; key: SessionKey }> {
  const { aesKey, wrapped } = 'wrapped' in keyOrPublicKey ? keyOrPublicKey : await createRequestKey(keyOrPublicKey);
  const nonce = toBase64(randomBytes(NONCE_BYTES));
  const key: SessionKey = { aesKey, binding: { method: binding.method.toUpperCase(), path: binding.path }, nonce, ...(cipher ? { cipher } : {}) };
  const payload = await seal(key, 'request', JSON.stringify({ ts: now, nonce, body }));
  return { headers: { [ENCRYPTED_KEY_HEADER]: wrapped, 'content-type': 'application/json' }, payload, key };
}

/** Browser side: the plaintext body of an encrypted answer. */
export async function decryptResponse(key: SessionKey, payload: unknown): Promise<unknown> {
  return open(key, 'response', payload);
}

export interface DecryptedRequest {
  body: unknown;
  /** Client time of encryption, epoch milliseconds. */
  ts: number;
  /** base64 of 16 random bytes, unique per request. */
  nonce: string;
  key: SessionKey;
}

async function unwrap(privateKey: CryptoKey, header: unknown): Promise<CryptoKey> {
  const wrapped = fromBase64(header);
  let raw: Uint8Array<ArrayBuffer>;
  try {
    raw = new Uint8Array(await subtle().decrypt(RSA, privateKey, wrapped));
  } catch {
    throw new EnvelopeError();
  }
  if (raw.length !== KEY_BYTES) throw new EnvelopeError();
  const aesKey = await subtle().importKey('raw', raw, 'AES-GCM', false, ['encrypt', 'decrypt']);
  raw.fill(0);
  return aesKey;
}

/**
 * Server side: unwraps the AES key with the private key (or finds it in `cache`, by the exact header) and
 * opens the body. Any failure is an EnvelopeError. A key is cached only once a body opened with it, so the
 * cache holds keys that a client really used; replay refusal (ts, nonce) is the caller's, cache or not.
 */
export async function decryptRequest(
  privateKey: CryptoKey,
  header: unknown,
  payload: unknown,
  binding: Binding,
  { cache, cipher }: { cache?: UnwrappedKeyCache; cipher?: AesGcm } = {},
): Promise<DecryptedRequest> {
  const cached = typeof header === 'string' ? cache?.get(header) : undefined;
  const aesKey = cached ?? (await unwrap(privateKey, header));
  const bound = { method: binding.method.toUpperCase(), path: binding.path };
  const inner = await open({ aesKey, binding: bound, cipher }, 'request', payload);
  if (typeof inner !== 'object' || inner === null || Array.isArray(inner)) throw new EnvelopeError();
  const { ts, nonce, body } = inner as { ts?: unknown; nonce?: unknown; body?: unknown };
  if (typeof ts !== 'number' || !Number.isSafeInteger(ts)) throw new EnvelopeError();
  if (fromBase64(nonce).length !== NONCE_BYTES) throw new EnvelopeError();
  if (!cached && cache) cache.set(header as string, aesKey);
  return { body, ts, nonce: nonce as string, key: { aesKey, binding: bound, nonce: nonce as string, ...(cipher ? { cipher } : {}) } };
}

/**
 * Server side: encrypts an answer that is already JSON text (what fastify's onSend sees). `iv`: 12 bytes of the
 * CSPRNG never used before (the server's pool, nodeAesGcm.ts); a fresh getRandomValues when absent. Not seal's
 * own parameter: the browser's code (seal, in the app entry) stays as it is.
 */
export async function encryptResponseJson(key: SessionKey, json: string, iv?: Uint8Array<ArrayBuffer>): Promise<Envelope> {
  if (!iv) return seal(key, 'response', json);
  if (iv.length !== IV_BYTES) throw new Error(`an iv is ${IV_BYTES} bytes`);
  const data = await (key.cipher ?? webCryptoAesGcm).encrypt(key.aesKey, iv, additionalData('response', key), encoder.encode(json));
  return { v: ENVELOPE_VERSION, iv: toBase64(iv), data: toBase64(data) };
}

/** Server side: encrypts an answer with the key of its request. */
export async function encryptResponse(key: SessionKey, body: unknown): Promise<Envelope> {
  return seal(key, 'response', JSON.stringify(body) ?? 'null');
}

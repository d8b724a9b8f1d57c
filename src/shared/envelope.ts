/**
 * The encrypted body envelope, one module for the browser and the server (WebCrypto only, no Node imports).
 *
 * Request:  header `x-encrypted-key: base64(RSA-OAEP-SHA-256(aesKey))`, body `{ v: 1, iv, data }` where
 *           data = AES-256-GCM(JSON `{ ts, nonce, body }`). The body key is absent when there is no body.
 * Response: header `x-encrypted: 1`, body `{ v: 1, iv, data }` where data = AES-256-GCM(JSON of the body),
 *           with the key of the request.
 * The GCM additional data binds a ciphertext to its direction, method and path, so it cannot be replayed
 * against another endpoint nor passed off as a response; ts and nonce let the server refuse replays.
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

/** The AES key of one request/response exchange, with the binding both directions use. */
export interface SessionKey {
  readonly aesKey: CryptoKey;
  readonly binding: Binding;
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

export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** Strict decoding: anything that is not canonical padded base64 throws an EnvelopeError. */
export function fromBase64(text: unknown): Uint8Array<ArrayBuffer> {
  if (typeof text !== 'string' || text.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(text)) throw new EnvelopeError();
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

const randomBytes = (n: number): Uint8Array<ArrayBuffer> => globalThis.crypto.getRandomValues(new Uint8Array(n));

function additionalData(direction: 'request' | 'response', { method, path }: Binding): Uint8Array<ArrayBuffer> {
  return encoder.encode(`qa-envelope/${ENVELOPE_VERSION}\n${direction}\n${method.toUpperCase()}\n${path.split('?')[0]}`);
}

async function seal(key: SessionKey, direction: 'request' | 'response', json: string): Promise<Envelope> {
  const iv = randomBytes(IV_BYTES);
  const data = await subtle().encrypt({ name: 'AES-GCM', iv, additionalData: additionalData(direction, key.binding) }, key.aesKey, encoder.encode(json));
  return { v: ENVELOPE_VERSION, iv: toBase64(iv), data: toBase64(new Uint8Array(data)) };
}

async function open(key: SessionKey, direction: 'request' | 'response', payload: unknown): Promise<unknown> {
  if (typeof payload !== 'object' || payload === null) throw new EnvelopeError();
  const { v, iv, data } = payload as Partial<Envelope>;
  if (v !== ENVELOPE_VERSION) throw new EnvelopeError();
  const ivBytes = fromBase64(iv);
  if (ivBytes.length !== IV_BYTES) throw new EnvelopeError();
  try {
    const plain = await subtle().decrypt({ name: 'AES-GCM', iv: ivBytes, additionalData: additionalData(direction, key.binding) }, key.aesKey, fromBase64(data));
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

/** Browser side: a fresh AES key and nonce per call. `key` decrypts the answer (decryptResponse). */
export async function encryptRequest(
  publicKey: CryptoKey,
  body: unknown,
  binding: Binding,
  now: number = Date.now(),
): Promise<{ headers: Record<string, string>; payload: Envelope; key: SessionKey }> {
  const raw = randomBytes(KEY_BYTES);
  const aesKey = await subtle().importKey('raw', raw, 'AES-GCM', false, ['encrypt', 'decrypt']);
  const wrapped = await subtle().encrypt(RSA, publicKey, raw);
  raw.fill(0);
  const key: SessionKey = { aesKey, binding: { method: binding.method.toUpperCase(), path: binding.path } };
  const payload = await seal(key, 'request', JSON.stringify({ ts: now, nonce: toBase64(randomBytes(NONCE_BYTES)), body }));
  return { headers: { [ENCRYPTED_KEY_HEADER]: toBase64(new Uint8Array(wrapped)), 'content-type': 'application/json' }, payload, key };
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

/** Server side: unwraps the AES key with the private key and opens the body. Any failure is an EnvelopeError. */
export async function decryptRequest(
  privateKey: CryptoKey,
  header: unknown,
  payload: unknown,
  binding: Binding,
): Promise<DecryptedRequest> {
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
  const key: SessionKey = { aesKey, binding: { method: binding.method.toUpperCase(), path: binding.path } };
  const inner = await open(key, 'request', payload);
  if (typeof inner !== 'object' || inner === null || Array.isArray(inner)) throw new EnvelopeError();
  const { ts, nonce, body } = inner as { ts?: unknown; nonce?: unknown; body?: unknown };
  if (typeof ts !== 'number' || !Number.isSafeInteger(ts)) throw new EnvelopeError();
  if (fromBase64(nonce).length !== NONCE_BYTES) throw new EnvelopeError();
  return { body, ts, nonce: nonce as string, key };
}

/** Server side: encrypts an answer that is already JSON text (what fastify's onSend sees). */
export async function encryptResponseJson(key: SessionKey, json: string): Promise<Envelope> {
  return seal(key, 'response', json);
}

/** Server side: encrypts an answer with the key of its request. */
export async function encryptResponse(key: SessionKey, body: unknown): Promise<Envelope> {
  return seal(key, 'response', JSON.stringify(body) ?? 'null');
}

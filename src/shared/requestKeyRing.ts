import { createRequestKey, type RequestKey } from './envelope';

/** A wrapped AES key is reused for at most this long ... */
export const REQUEST_KEY_MAX_AGE_MS = 10 * 60_000;
/** ... and for at most this many requests (each with its own random iv and nonce). */
export const REQUEST_KEY_MAX_USES = 1000;

interface Held {
  key: Promise<RequestKey>;
  createdAt: number;
  uses: number;
}

/**
 * Client side: one RSA-wrapped AES key per server public key, reused across requests and replaced after
 * REQUEST_KEY_MAX_AGE_MS or REQUEST_KEY_MAX_USES, so the server does its RSA decryption once per key rather
 * than once per request. Replay refusal and the method/path binding are per request and do not change.
 * Used by the browser (secureFetch) and by the save benchmark's load generator.
 */
export class RequestKeyRing {
  private readonly held = new Map<CryptoKey, Held>();

  constructor(private readonly now: () => number = Date.now) {}

  /** The key to encrypt the next request with. */
  keyFor(publicKey: CryptoKey): Promise<RequestKey> {
    const at = this.now();
    let entry = this.held.get(publicKey);
    if (!entry || entry.uses >= REQUEST_KEY_MAX_USES || at - entry.createdAt >= REQUEST_KEY_MAX_AGE_MS) {
      entry = { key: createRequestKey(publicKey), createdAt: at, uses: 0 };
      // A failed wrap is not kept: the next request tries again.
      const fresh = entry;
      fresh.key.catch(() => {
        if (this.held.get(publicKey) === fresh) this.held.delete(publicKey);
      });
      this.held.set(publicKey, fresh);
    }
    entry.uses += 1;
    return entry.key;
  }
}

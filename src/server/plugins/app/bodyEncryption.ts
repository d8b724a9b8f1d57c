import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import {
  decryptRequest,
  ENCRYPTED_KEY_HEADER,
  ENCRYPTED_RESPONSE_HEADER,
  encryptResponseJson,
  EnvelopeError,
  type SessionKey,
} from '../../../shared/envelope';
import { createReplayNonceRepository, type DeferredNonce, settleNonce } from '../../repositories/replayNonceRepository';
import { KEY_FILE, loadServerKeyPair, type ServerKeyPair } from '../../security/keyPair';
import { answerIv, nodeAesGcm } from '../../security/nodeAesGcm';
import { createNonceClaims } from '../../security/nonceClaims';
import { ApiError, errorAnswer } from './errors';
import { inputProblems } from './inputGuard';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The body-encryption key pair (its public half, base64 DER SPKI `publicKeySpki`, is published by GET /api/config).
     * A new data folder's pair is generated off the start path (an RSA-3072 pair takes 1 to 4 s of CPU), on a
     * thread of the pool while the server starts and answers: the calls that need it wait for it.
     */
    serverKeys(): Promise<ServerKeyPair>;
    /** The error of a key pair that could not be generated (the readiness probe then answers 503). */
    serverKeysError(): Error | undefined;
  }
  interface FastifyRequest {
    /** Set when the request body came encrypted; the answer is encrypted with the same key. */
    encryptionKey: SessionKey | null;
    /**
     * A route with `deferNonceClaim`: the encrypted body's nonce, not claimed yet. The route's write claims it in its
     * own statement (settling it), or the route calls claimDeferredNonce before any other effect; an answer whose
     * nonce nothing settled has it claimed before it leaves (a replay then gets the replay refusal instead).
     */
    deferredNonce: DeferredNonce | null;
    /** Claims the deferred nonce now (once); throws the replay refusal if it was taken. */
    claimDeferredNonce(): Promise<void>;
    /** The refusal of a replayed request (answered in plaintext, as every unreadable body is). */
    replayRefused(): ApiError;
  }
  interface FastifyContextConfig {
    /** false: the route takes plaintext bodies (token calls, multipart uploads). */
    encryption?: boolean;
    /**
     * true: the replay nonce is claimed by the route's own write statement rather than before the handler runs (one
     * statement less per request), under the rule of FastifyRequest.deferredNonce. For routes whose only effect is that
     * write, or which claim it before any other effect.
     */
    deferNonceClaim?: boolean;
  }
}

/** How far the client's clock may be from ours. */
export const MAX_CLOCK_SKEW_MS = 5 * 60_000;
/** A nonce can be replayed within 2 x skew of its first sighting (ts up to +skew, replay up to ts + skew). */
const NONCE_RETENTION_MS = 2 * MAX_CLOCK_SKEW_MS;
const PRUNE_EVERY_MS = 60_000;
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);
/** Unwrapped keys kept per process (clients reuse a wrapped key, src/shared/requestKeyRing.ts). */
const KEY_CACHE_SIZE = 10_000;
const KEY_CACHE_TTL_MS = 30 * 60_000;

/** One answer for every unreadable body, so a prober learns nothing about why. */
export const encryptionError = () =>
  new ApiError(400, 'EncryptionError', [{ errorCode: 'ENCRYPTION', message: 'The request could not be read' }]);

const encryptedRoute = (request: FastifyRequest) =>
  BODY_METHODS.has(request.method) && !request.is404 && request.routeOptions.config?.encryption !== false;

const isJson = (reply: FastifyReply) => /^application\/(?:[\w.+-]+\+)?json\b/i.test(String(reply.getHeader('content-type') ?? ''));

/**
 * Body encryption (see src/shared/envelope.ts): POST/PUT/PATCH bodies of every route that does not opt out
 * with `config: { encryption: false }` must come encrypted; the route's schema then validates the plaintext.
 * Answers to encrypted requests are encrypted with the request's key. ENCRYPTION=off also accepts plaintext
 * (local debugging only); encrypted bodies are still decrypted then.
 */
export default fp(
  async (app) => {
    const { dataDir, serverPrivateKeyPem, serverPublicKeyPem, encryption } = app.config;
    const keys = loadServerKeyPair({
      privateKeyPem: serverPrivateKeyPem,
      publicKeyPem: serverPublicKeyPem,
      dataDir,
      warn: (message) => app.log.warn(message),
    });
    let keysError: Error | undefined;
    const settled = keys.then(
      (pair) => app.log.info({ source: pair.source, encryption }, 'body encryption key ready'),
      (error: unknown) => {
        keysError = error instanceof Error ? error : new Error(String(error));
        app.log.error({ err: keysError }, 'no body encryption key: encrypted calls fail');
      },
    );
    // A key of the environment or of the data folder is read now, so a bad one stops the start with its message;
    // only a new pair is made in the background.
    if (serverPrivateKeyPem || serverPublicKeyPem || existsSync(join(dataDir, KEY_FILE))) {
      await keys;
    } else {
      app.log.info('generating the body encryption key pair in the background');
    }
    // Never written into a folder the server has left (and the data folder's lock released).
    app.addHook('onClose', async () => {
      await settled;
    });
    app.decorate('serverKeys', () => keys);
    app.decorate('serverKeysError', () => keysError);
    app.decorateRequest('encryptionKey', null);
    app.decorateRequest('deferredNonce', null);
    const nonces = createReplayNonceRepository();
    // Only a cache: any process can unwrap a key itself; replay refusal stays in the database (nonces).
    const keyCache = new LRUCache<string, CryptoKey>({ max: KEY_CACHE_SIZE, ttl: KEY_CACHE_TTL_MS });
    const { db } = app.database;
    // Gathered on both databases: the claims of one turn of the event loop go in one statement (db/batchedReads.ts).
    const claimNonce = createNonceClaims((batch) => nonces.claimMany(db, batch), { gather: true });

    // A garbled or empty envelope fails in the JSON parser, before any hook: answer it like any other. The parser
    // refuses a `__proto__` key (and `constructor.prototype`) too: that body is valid JSON, so it is answered as
    // the input guard answers such a key anywhere, a 400 naming it (FORBIDDEN_KEY), not "Body is not valid JSON".
    const parseJson = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      parseJson(request, body as string, (error, value) => {
        const forbidden = error ? forbiddenKeysOf(body as string) : undefined;
        if (forbidden) {
          done(forbidden, undefined);
        } else if (error && encryptedRoute(request) && !(encryption === 'off' && !request.headers[ENCRYPTED_KEY_HEADER])) {
          done(encryptionError(), undefined);
        } else {
          done(error, value);
        }
      });
    });

    app.decorateRequest('replayRefused', function (this: FastifyRequest) {
      this.log.info({ reason: 'replay' }, 'encrypted body refused');
      // Answered as any unreadable body: in plaintext, whatever the route would have said.
      this.encryptionKey = null;
      return encryptionError();
    });
    app.decorateRequest('claimDeferredNonce', async function (this: FastifyRequest) {
      const deferred = this.deferredNonce;
      if (deferred?.replayed) throw this.replayRefused();
      if (!deferred || deferred.settled) return;
      const fresh = await claimNonce(deferred.nonce);
      settleNonce(deferred, fresh);
      if (!fresh) throw this.replayRefused();
    });

    app.addHook('preValidation', async (request) => {
      if (!encryptedRoute(request)) return;
      const header = request.headers[ENCRYPTED_KEY_HEADER];
      if (encryption === 'off' && header === undefined) return;
      const refuse = (reason: string) => {
        request.log.info({ reason }, 'encrypted body refused');
        return encryptionError();
      };
      let decrypted;
      try {
        decrypted = await decryptRequest((await keys).privateKey, header, request.body, { method: request.method, path: request.url }, { cache: keyCache, cipher: nodeAesGcm });
      } catch (error) {
        if (error instanceof EnvelopeError) throw refuse(header === undefined ? 'missing' : 'unreadable');
        throw error;
      }
      if (Math.abs(Date.now() - decrypted.ts) > MAX_CLOCK_SKEW_MS) throw refuse('stale');
      if (request.routeOptions.config?.deferNonceClaim === true) request.deferredNonce = { nonce: decrypted.nonce, settled: false };
      else if (!(await claimNonce(decrypted.nonce))) throw refuse('replay');
      request.encryptionKey = decrypted.key;
      request.body = decrypted.body;
    });

    app.addHook('onSend', async (request, reply, payload) => {
      // No answer leaves before the request's nonce is claimed: a replay gets the replay refusal instead of whatever
      // the route answered (a refusal: the route's write claims the nonce of an answer it stored).
      if (request.deferredNonce && !request.deferredNonce.settled) {
        try {
          await request.claimDeferredNonce();
        } catch (error) {
          const { status, body } = errorAnswer(error as ApiError, request);
          request.encryptionKey = null;
          reply.code(status).header('content-type', 'application/json; charset=utf-8');
          return JSON.stringify(body);
        }
      }
      const key = request.encryptionKey;
      if (!key || !(typeof payload === 'string' || Buffer.isBuffer(payload)) || payload.length === 0 || !isJson(reply)) {
        return payload;
      }
      const envelope = await encryptResponseJson(key, typeof payload === 'string' ? payload : payload.toString('utf8'), answerIv());
      reply
        .header(ENCRYPTED_RESPONSE_HEADER, '1')
        .header('content-type', 'application/json; charset=utf-8')
        .header('cache-control', 'no-store');
      return JSON.stringify(envelope);
    });

    // Old nonces are useless (their timestamp is refused anyway); any process may prune them.
    let pruning: Promise<unknown> = Promise.resolve();
    const timer = setInterval(() => {
      pruning = nonces.prune(db, NONCE_RETENTION_MS).catch((error: unknown) => app.log.warn({ err: error }, 'pruning replay nonces failed'));
    }, PRUNE_EVERY_MS);
    timer.unref();
    app.addHook('preClose', async () => {
      clearInterval(timer);
      await pruning;
    });
  },
  { name: 'bodyEncryption', dependencies: ['config', 'database', 'errors'] },
);

/**
 * The 400 for a body the JSON parser refused only for its keys: valid JSON holding `__proto__` (or
 * `constructor.prototype`), each named as the input guard names it. JSON.parse keeps `__proto__` as an own key
 * (it never sets a prototype), and the value parsed here is only looked at, never handed on.
 */
function forbiddenKeysOf(body: string): ApiError | undefined {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return undefined;
  }
  const forbidden = inputProblems(value, 'body').errors.filter((e) => e.errorCode === 'FORBIDDEN_KEY');
  return forbidden.length ? new ApiError(400, 'FieldsValidation', forbidden) : undefined;
}

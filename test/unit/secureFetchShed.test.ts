import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError, secureFetch, SHED_WAIT_CAP_MS } from '../../src/app/lib/secureFetch';

/** The overload plugin's answer to a request it shed unread (src/server/plugins/external/overload.ts). */
const shed = (retryAfter = '5') =>
  new Response(JSON.stringify({ errorType: 'ServiceUnavailable', errors: [{ errorCode: 'OVERLOADED', message: 'The service is busy. Please try again in a moment.' }] }), {
    status: 503,
    headers: { 'content-type': 'application/json', 'retry-after': retryAfter },
  });
const ok = () => new Response(JSON.stringify({ fine: true }), { status: 200, headers: { 'content-type': 'application/json' } });

/** A fetch answering from a list, recording what was sent. */
function answers(...list: (() => Response)[]) {
  const sent: RequestInit[] = [];
  const fetch = vi.fn(async (_url: string | URL | Request, init?: RequestInit) => {
    sent.push(init ?? {});
    const next = list.shift();
    if (!next) throw new Error('no more answers');
    return next();
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, sent, calls: () => fetch.mock.calls.length };
}

describe('secureFetch and a request the server shed (503 OVERLOADED)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends it again after its Retry-After and returns the answer', async () => {
    const f = answers(() => shed('2'), ok);
    const result = secureFetch('/api/x', { fetch: f.fetch });
    await vi.advanceTimersByTimeAsync(1999);
    expect(f.calls()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).resolves.toMatchObject({ status: 200, body: { fine: true } });
    expect(f.calls()).toBe(2);
  });

  it('waits at most the cap whatever Retry-After says, and gives up after two retries with the 503', async () => {
    const f = answers(() => shed('120'), () => shed('120'), () => shed('120'));
    const result = secureFetch('/api/x', { fetch: f.fetch });
    const failed = expect(result).rejects.toMatchObject({ status: 503, retryAfter: '120' });
    await vi.advanceTimersByTimeAsync(SHED_WAIT_CAP_MS);
    expect(f.calls()).toBe(2);
    await vi.advanceTimersByTimeAsync(SHED_WAIT_CAP_MS);
    await failed;
    expect(f.calls()).toBe(3);
  });

  it('does not retry when the caller retries on its own (shedRetries 0), nor a 503 a handler answered', async () => {
    const own = answers(() => shed());
    await expect(secureFetch('/api/x', { fetch: own.fetch, shedRetries: 0 })).rejects.toBeInstanceOf(ApiRequestError);
    expect(own.calls()).toBe(1);

    const handler = answers(
      () => new Response(JSON.stringify({ errors: [{ errorCode: 'SMS_DOWN', message: 'down' }] }), { status: 503, headers: { 'content-type': 'application/json' } }),
    );
    await expect(secureFetch('/api/x', { fetch: handler.fetch })).rejects.toMatchObject({ status: 503 });
    expect(handler.calls()).toBe(1);
  });

  it('does not send it again once the request was aborted during the wait', async () => {
    const f = answers(() => shed('5'), ok);
    const controller = new AbortController();
    const result = secureFetch('/api/x', { fetch: f.fetch, signal: controller.signal });
    const aborted = expect(result).rejects.toThrow('left the page');
    await vi.advanceTimersByTimeAsync(1000);
    controller.abort(new Error('left the page'));
    await vi.advanceTimersByTimeAsync(4000);
    await aborted;
    expect(f.calls()).toBe(1);
  });

  it('seals an encrypted body afresh for the retry (a new nonce and iv: the server would refuse a replay)', async () => {
    vi.useRealTimers();
    const pair = await crypto.subtle.generateKey({ name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' }, true, ['encrypt', 'decrypt']);
    const spki = Buffer.from(await crypto.subtle.exportKey('spki', pair.publicKey)).toString('base64');
    const f = answers(() => shed('1'), () => new Response(null, { status: 204 }));
    await secureFetch('/api/otp', { method: 'POST', body: { otp: '123456' }, publicKey: spki, fetch: f.fetch });
    expect(f.calls()).toBe(2);
    expect(f.sent[0]!.body).not.toEqual(f.sent[1]!.body);
  });
});

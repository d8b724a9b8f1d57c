import { describe, expect, it } from 'vitest';
import { HttpSmsSender } from '../../src/server/messaging/httpSmsSender';

const sms = { channel: 'sms' as const, recipient: '971501234567', subject: '', body: '042517 is your "code" & more' };

/** A fetch that records the request and answers with the given status. */
function recorder(status: number) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetchImpl = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return new Response('{"id":"m1"}', { status });
  }) as unknown as typeof fetch;
  return { calls, fetchImpl };
}

describe('HttpSmsSender', () => {
  it('posts the template with the recipient and the text, JSON-escaped, with the auth header', async () => {
    const { calls, fetchImpl } = recorder(202);
    const sender = new HttpSmsSender(
      { url: 'https://sms.example/send', authorization: 'Bearer k', bodyTemplate: '{"to":"{{to_e164}}","message":"{{text}}"}', contentType: 'application/json' },
      fetchImpl,
    );
    await sender.send(sms);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('https://sms.example/send');
    expect(calls[0]!.init.headers).toEqual({ 'content-type': 'application/json', authorization: 'Bearer k' });
    expect(JSON.parse(calls[0]!.init.body as string)).toEqual({ to: '+971501234567', message: sms.body });
  });

  it('URL-encodes values for a form body', () => {
    const sender = new HttpSmsSender({ url: 'https://sms.example', bodyTemplate: 'to={{to}}&text={{text}}', contentType: 'application/x-www-form-urlencoded' });
    expect(new URLSearchParams(sender.body(sms)).get('text')).toBe(sms.body);
  });

  it('fails when the provider refuses, so the code request answers 503 and is counted as failed', async () => {
    const { fetchImpl } = recorder(401);
    const sender = new HttpSmsSender({ url: 'https://sms.example', bodyTemplate: '{{text}}', contentType: 'text/plain' }, fetchImpl);
    await expect(sender.send(sms)).rejects.toThrow('SMS provider answered HTTP 401');
  });
});

import type { MessageSender, OutboxMessage } from './messageSender';

export interface HttpSmsSettings {
  /** SMS_HTTP_URL: the provider's send endpoint (POST). */
  url: string;
  /** SMS_HTTP_AUTHORIZATION: the Authorization header's value, e.g. "Bearer ..." or "Basic ...". */
  authorization?: string;
  /** SMS_HTTP_BODY: the request body with {{to}} (MSISDN, digits only), {{to_e164}} (+ and digits) and {{text}}. */
  bodyTemplate: string;
  /** SMS_HTTP_CONTENT_TYPE: application/json (values JSON-escaped) or application/x-www-form-urlencoded (URL-encoded). */
  contentType: string;
}

/** A provider that answers slower than this is treated as failed, so a code request never hangs. */
const TIMEOUT_MS = 10_000;

/**
 * SMS through any provider with an HTTP API: one POST per message, body from a template. Providers differ only
 * in endpoint, authentication and body shape, which are settings. Failures reject (the caller answers 503 and
 * counts them); the provider's answer is not logged, as it may echo the message.
 */
export class HttpSmsSender implements MessageSender {
  constructor(
    private readonly settings: HttpSmsSettings,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  body(message: OutboxMessage): string {
    const escape = this.settings.contentType.includes('json') ? (v: string) => JSON.stringify(v).slice(1, -1) : encodeURIComponent;
    const values: Record<string, string> = { to: message.recipient, to_e164: `+${message.recipient}`, text: message.body };
    return this.settings.bodyTemplate.replace(/\{\{(to|to_e164|text)\}\}/g, (_, name: string) => escape(values[name]!));
  }

  async send(message: OutboxMessage): Promise<void> {
    if (message.channel !== 'sms') throw new Error('HttpSmsSender sends SMS only');
    const headers: Record<string, string> = { 'content-type': this.settings.contentType };
    if (this.settings.authorization) headers.authorization = this.settings.authorization;
    const res = await this.fetchImpl(this.settings.url, { method: 'POST', headers, body: this.body(message), signal: AbortSignal.timeout(TIMEOUT_MS) });
    await res.body?.cancel();
    if (!res.ok) throw new Error(`SMS provider answered HTTP ${res.status}`);
  }
}

/** Stands in for a transport that is not configured outside development: refuses rather than store the message. */
export class UnavailableSender implements MessageSender {
  constructor(private readonly setting: string) {}

  async send(message: OutboxMessage): Promise<void> {
    throw new Error(`no ${message.channel} transport: set ${this.setting} (or DEV_OUTBOX=on in development)`);
  }
}

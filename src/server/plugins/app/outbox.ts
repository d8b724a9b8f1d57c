import fp from 'fastify-plugin';
import { HttpSmsSender, UnavailableSender } from '../../messaging/httpSmsSender';
import { type MessageSender, type OutboxMessage, OutboxSender, SmtpSender } from '../../messaging/messageSender';
import { type OtpDelivery, SenderDelivery } from '../../messaging/otpDelivery';
import { createOutboxRepository } from '../../repositories/outboxRepository';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends an SMS or e-mail through the transport of its channel. */
    outbox: { send(message: OutboxMessage): Promise<void> };
    /** Delivers one-time codes (replaceable in tests). */
    otpDelivery: OtpDelivery;
  }
}

/** Outbox messages are kept a week (pruned at start). */
const RETENTION_MS = 7 * 86_400_000;

/**
 * Outgoing messages: e-mail through SMTP (SMTP_URL), SMS through the HTTP provider (SMS_HTTP_URL). The outbox
 * table, readable at GET /api/dev/outbox, stands in for a missing transport only with DEV_OUTBOX=on (never in
 * production), so one-time codes are stored in plain text nowhere else; without either, sending fails.
 */
export default fp(
  async (app) => {
    const { identity, devOutbox, sms } = app.config;
    const repo = createOutboxRepository();
    await repo.prune(app.database.db, devOutbox ? new Date(Date.now() - RETENTION_MS) : new Date());
    const outbox = new OutboxSender(app.database.db, repo);
    const smsSender: MessageSender = sms ? new HttpSmsSender(sms) : devOutbox ? outbox : new UnavailableSender('SMS_HTTP_URL');
    let emailSender: MessageSender = devOutbox ? outbox : new UnavailableSender('SMTP_URL');
    if (identity.smtpUrl) {
      // Loaded only for SMTP (0.1 s of every start's CPU otherwise).
      const { default: nodemailer } = await import('nodemailer');
      const transport = nodemailer.createTransport(identity.smtpUrl);
      emailSender = new SmtpSender(transport, identity.mailFrom, smsSender);
      app.addHook('onClose', async () => transport.close());
    }
    const sender: MessageSender = { send: (m) => (m.channel === 'sms' ? smsSender : emailSender).send(m) };
    app.log.info({ sms: sms ? 'http' : devOutbox ? 'outbox' : 'none', email: identity.smtpUrl ? 'smtp' : devOutbox ? 'outbox' : 'none' }, 'message transports');
    app.decorate('otpDelivery', new SenderDelivery(sender));
    app.decorate('outbox', sender);
  },
  { name: 'outbox', dependencies: ['config', 'database'] },
);

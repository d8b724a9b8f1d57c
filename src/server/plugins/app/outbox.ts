import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';
import { type MessageSender, type OutboxMessage, OutboxSender, SmtpSender } from '../../messaging/messageSender';
import { OutboxDelivery, type OtpDelivery, SmtpDelivery } from '../../messaging/otpDelivery';
import { createOutboxRepository } from '../../repositories/outboxRepository';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends an SMS or e-mail: SMTP for e-mails when SMTP_URL is set, the outbox table otherwise. */
    outbox: { send(message: OutboxMessage): Promise<void> };
    /** Delivers one-time codes (replaceable, e.g. by an SMS gateway). */
    otpDelivery: OtpDelivery;
  }
}

/** Outbox messages are kept a week (pruned at start). */
const RETENTION_MS = 7 * 86_400_000;

/**
 * Outgoing messages. Without SMTP_URL every message is written to the outbox table (read by developers and
 * end-to-end tests at GET /api/dev/outbox, which production does not register).
 */
export default fp(
  async (app) => {
    const { smtpUrl, mailFrom } = app.config.identity;
    const repo = createOutboxRepository();
    await repo.prune(app.database.db, new Date(Date.now() - RETENTION_MS));
    const outbox = new OutboxSender(app.database.db, repo);
    let sender: MessageSender = outbox;
    if (smtpUrl) {
      const transport = nodemailer.createTransport(smtpUrl);
      const smtp = new SmtpSender(transport, mailFrom, outbox);
      sender = smtp;
      app.decorate('otpDelivery', new SmtpDelivery(smtp));
      app.addHook('onClose', async () => transport.close());
      app.log.info('e-mail through SMTP');
    } else {
      app.decorate('otpDelivery', new OutboxDelivery(outbox));
      if (app.config.production) app.log.warn('SMTP_URL is unset: e-mails are only written to the outbox table');
    }
    app.decorate('outbox', { send: (message: OutboxMessage) => sender.send(message) });
  },
  { name: 'outbox', dependencies: ['config', 'database'] },
);

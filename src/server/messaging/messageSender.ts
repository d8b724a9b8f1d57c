import type { Kysely } from 'kysely';
import type { SendMailOptions } from 'nodemailer';
import type { Database } from '../db/tables';
import type { OutboxMessage, OutboxRepository } from '../repositories/outboxRepository';

export type { Channel, OutboxMessage } from '../repositories/outboxRepository';

/** Sends one message (an SMS or an e-mail) somewhere. */
export interface MessageSender {
  send(message: OutboxMessage): Promise<void>;
}

/** Writes the message to the outbox table: development delivery, readable at GET /api/dev/outbox. */
export class OutboxSender implements MessageSender {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly repo: OutboxRepository,
  ) {}

  async send(message: OutboxMessage): Promise<void> {
    await this.repo.insert(this.db, message);
  }
}

/** What SmtpSender needs of a nodemailer transport. */
export interface MailTransport {
  sendMail(options: SendMailOptions): Promise<unknown>;
}

/** E-mails through nodemailer (SMTP_URL); SMS go to the fallback, as there is no SMS gateway yet. */
export class SmtpSender implements MessageSender {
  constructor(
    private readonly transport: MailTransport,
    private readonly from: string,
    private readonly fallback: MessageSender,
  ) {}

  async send(message: OutboxMessage): Promise<void> {
    if (message.channel !== 'email') return this.fallback.send(message);
    await this.transport.sendMail({ from: this.from, to: message.recipient, subject: message.subject, text: message.body });
  }
}

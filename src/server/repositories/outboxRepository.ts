import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/tables';

type Db = Kysely<Database> | Transaction<Database>;

export type Channel = 'sms' | 'email';

export interface OutboxMessage {
  channel: Channel;
  /** E-mail address, or the mobile number as MSISDN (971501234567). */
  recipient: string;
  subject: string;
  body: string;
}

export interface StoredMessage extends OutboxMessage {
  id: string;
  createdAt: Date;
}

/** Messages written to the outbox table (development delivery, and SMS until a gateway exists). */
export function createOutboxRepository() {
  return {
    async insert(db: Db, message: OutboxMessage): Promise<string> {
      const id = randomUUID();
      await db.insertInto('outbox').values({ id, ...message }).execute();
      return id;
    },

    /** Old messages are deleted: they may hold one-time codes and links in plain text. */
    async prune(db: Db, before: Date): Promise<void> {
      await db.deleteFrom('outbox').where('created_at', '<', before).execute();
    },

    /** Newest first. */
    async recent(db: Db, options: { recipient?: string; limit: number }): Promise<StoredMessage[]> {
      let query = db.selectFrom('outbox').select(['id', 'channel', 'recipient', 'subject', 'body', 'created_at']);
      if (options.recipient) query = query.where('recipient', '=', options.recipient);
      const rows = await query.orderBy('created_at', 'desc').orderBy('id').limit(options.limit).execute();
      return rows.map((r) => ({ id: r.id, channel: r.channel, recipient: r.recipient, subject: r.subject, body: r.body, createdAt: new Date(r.created_at) }));
    },
  };
}

export type OutboxRepository = ReturnType<typeof createOutboxRepository>;

import type { FastifyPluginAsync } from 'fastify';
import { createOutboxRepository } from '../repositories/outboxRepository';

const querystring = {
  type: 'object',
  additionalProperties: false,
  properties: {
    recipient: { type: 'string', minLength: 1, maxLength: 254 },
    limit: { type: 'string', pattern: '^[1-9][0-9]?$' },
  },
} as const;

const answer = {
  type: 'object',
  required: ['messages'],
  properties: {
    messages: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'channel', 'recipient', 'subject', 'body', 'createdAt'],
        properties: {
          id: { type: 'string' },
          channel: { type: 'string' },
          recipient: { type: 'string' },
          subject: { type: 'string' },
          body: { type: 'string' },
          createdAt: { type: 'string', format: 'date-time' },
        },
      },
    },
  },
} as const;

/**
 * GET /api/dev/outbox?recipient=971501234567|a@b.ae&limit=20: the latest messages of the outbox, newest
 * first, for developers and end-to-end tests. Registered only with DEV_OUTBOX=on (which `npm start` sets
 * locally), never in production: without it the path answers 404 like any unknown one.
 */
const devOutboxRoutes: FastifyPluginAsync = async (app) => {
  if (!app.config.devOutbox || app.config.production) return;
  const outbox = createOutboxRepository();

  app.get<{ Querystring: { recipient?: string; limit?: string } }>('/dev/outbox', { schema: { querystring, response: { 200: answer } } }, async (request, reply) => {
    const { recipient, limit = '20' } = request.query;
    const messages = await outbox.recent(app.database.db, { recipient, limit: Number(limit) });
    return reply.header('cache-control', 'no-store').send({ messages: messages.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })) });
  });
};

export default devOutboxRoutes;

import { afterAll, expect, it } from 'vitest';
import type { ServerConfig } from '../../src/server/config';
import { describeEachDatabase, startApp } from './helpers';

/** Development conveniences fail closed: each is off unless its setting turns it on, and never in production. */
describeEachDatabase('development features', (db) => {
  afterAll(() => db().cleanup());

  async function status(overrides: Partial<ServerConfig>, url: string): Promise<number> {
    const app = await startApp(db(), overrides);
    try {
      return (await app.inject({ method: 'GET', url })).statusCode;
    } finally {
      await app.close();
    }
  }

  it('answer 404 at the outbox unless DEV_OUTBOX=on, and in production even with it', async () => {
    expect(await status({ devOutbox: false }, '/api/dev/outbox')).toBe(404);
    expect(await status({ devOutbox: true }, '/api/dev/outbox')).toBe(200);
    expect(await status({ devOutbox: true, production: true }, '/api/dev/outbox')).toBe(404);
  }, 180_000); // the first start of PGlite creates its cluster, slow on a busy machine

  it('serve Swagger UI only when API_DOCS allows it', async () => {
    expect(await status({ apiDocs: false }, '/api/docs/json')).toBe(404);
    expect([200, 302]).toContain(await status({ apiDocs: true }, '/api/docs'));
  });

  it('refuse to send a one-time code without a transport outside development, storing nothing', async () => {
    const app = await startApp(db(), { devOutbox: false });
    try {
      await expect(app.outbox.send({ channel: 'sms', recipient: '971501234567', subject: '', body: '123456' })).rejects.toThrow(/SMS_HTTP_URL/);
      const rows = await app.database.db.selectFrom('outbox').select('id').execute();
      expect(rows).toEqual([]);
    } finally {
      await app.close();
    }
  });
});

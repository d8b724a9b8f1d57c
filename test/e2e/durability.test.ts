import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { signInCustomer } from '../../scripts/lib/customerSession';
import { dropSchema, postgresReachable, TEST_DATABASE_URL } from '../../scripts/lib/postgres';
import { removeDataDir, type RunningServer, startServer } from './server';

/**
 * Nothing acknowledged is lost: a stream of saves runs against the real server, which is killed with
 * SIGKILL mid-stream; after a restart on the same data, every save that was answered 2xx is there.
 */

async function json(res: Response) {
  const text = await res.text();
  return text ? JSON.parse(text) : null;
}

async function signIn(url: string) {
  const applicant = { email: 'durable@falcon.ae', countryCode: '971', mobileNo: '501112222' };
  const { accessToken } = await signInCustomer(url, applicant, 'dev-durability');
  return { headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' }, applicant };
}

const pgUp = await postgresReachable();
if (!pgUp && process.env.CI === 'true') throw new Error('CI must run the PostgreSQL durability test');

for (const kind of ['pglite', 'postgres'] as const) {
  const suite = kind === 'postgres' && !pgUp ? describe.skip : describe;
  suite(`kill -9 during a stream of saves [${kind}]`, () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'qa-durable-'));
    const schema = `durable_${process.pid}`;
    const env: Record<string, string> = { ENCRYPTION: 'off', ...(kind === 'postgres' ? { DATABASE_URL: TEST_DATABASE_URL, DATABASE_SCHEMA: schema } : {}) };
    let server: RunningServer | undefined;

    afterAll(async () => {
      await server?.stop();
      removeDataDir(dataDir);
      if (kind === 'postgres') await dropSchema(schema);
    });

    it('loses no save that was answered 2xx', async () => {
      server = await startServer(env, dataDir);
      const { headers, applicant } = await signIn(server.url);
      const created = await json(
        await fetch(`${server.url}/api/usertypes/sme/prospects`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ applicantInfo: { fullName: 'Durable Applicant', ...applicant }, applicationInfo: { accountType: 'elite', islamicBanking: false } }),
        }),
      );
      const id = created.prospectId as string;
      let version = created.version as number;
      let acked = { n: 0, version };
      const killAt = Date.now() + 1500 + Math.random() * 1000;
      let killed = false;
      for (let n = 1; !killed; n++) {
        if (Date.now() >= killAt) {
          // Kill while a save is in flight.
          const inFlight = fetch(`${server.url}/api/usertypes/sme/prospects/${id}`, {
            method: 'PUT',
            headers,
            body: JSON.stringify({ prospect: { organizationInfo: { companyName: `Save ${n}` } }, saveType: 'auto', version }),
          }).catch(() => null);
          server.process.kill('SIGKILL');
          killed = true;
          await inFlight;
          break;
        }
        const res = await fetch(`${server.url}/api/usertypes/sme/prospects/${id}`, {
          method: 'PUT',
          headers,
          body: JSON.stringify({ prospect: { organizationInfo: { companyName: `Save ${n}` } }, saveType: 'auto', version }),
        });
        expect(res.status).toBe(200);
        version = (await json(res)).version;
        acked = { n, version };
      }
      await server.stop();
      expect(acked.n).toBeGreaterThan(5);

      server = await startServer(env, dataDir);
      const after = await json(await fetch(`${server.url}/api/usertypes/sme/prospects/${id}`, { headers }));
      expect(after.version).toBeGreaterThanOrEqual(acked.version);
      const saved = Number(/^Save (\d+)$/.exec(after.prospect.organizationInfo.companyName)![1]);
      // The last acknowledged save, or the one in flight when the process died (committed, answer lost).
      expect(saved === acked.n || saved === acked.n + 1).toBe(true);
      expect(after.version - acked.version).toBe(saved - acked.n);
      // Two server starts on one data folder, the first on an empty one (a real first start: initdb, migrations),
      // beside another e2e file on a 2-core machine: more than the default 60 s when the machine is busy.
    }, 180_000);
  });
}

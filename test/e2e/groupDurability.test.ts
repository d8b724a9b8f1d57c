import { expect, it } from 'vitest';
import { signInCustomer } from '../../scripts/lib/customerSession';
import { describeEachDurableDatabase, json } from './durableServers';

/**
 * Nothing acknowledged is lost when saves go in groups (src/server/prospects/saveBatches.ts): many applications are
 * saved at once, each in a loop of its own, so that saves share statements and commits; the server is killed with
 * SIGKILL mid-stream; after a restart on the same data, every save answered 2xx is there for every application (the
 * last acknowledged one, or the one in flight when the process died: committed, its answer lost).
 */

const CLIENTS = 12;

describeEachDurableDatabase('kill -9 during concurrent saves that go in groups', 'durable-groups', (start) => {
  it('loses no save that was answered 2xx, in any application', async () => {
    let server = await start();
    const url = server.url;
    const applicant = { email: 'durable@falcon.ae', countryCode: '971', mobileNo: '501113333' };
    const { accessToken } = await signInCustomer(url, applicant, 'dev-durability-groups');
    const headers = { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' };
    const apps = await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        const res = await fetch(`${url}/api/usertypes/sme/prospects`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ applicantInfo: { fullName: 'Durable Applicant', ...applicant }, applicationInfo: { accountType: 'elite', islamicBanking: false } }),
        });
        expect(res.status).toBe(201);
        const created = await json(res);
        return { id: created.prospectId as string, version: created.version as number, acked: { n: 0, version: created.version as number } };
      }),
    );
    let killed = false;
    const killAt = Date.now() + 1500 + Math.random() * 1000;
    const put = (a: (typeof apps)[number], n: number) =>
      fetch(`${url}/api/usertypes/sme/prospects/${a.id}`, {
        method: 'PUT',
        headers,
        body: JSON.stringify({ prospect: { organizationInfo: { companyName: `Save ${n}` } }, saveType: 'auto', version: a.version }),
      });
    const loops = apps.map(async (a) => {
      for (let n = 1; !killed; n++) {
        let res: Response;
        try {
          res = await put(a, n);
        } catch {
          return; // the process died with this save in flight
        }
        if (killed) {
          // Answered at the moment of the kill: acknowledged if it is a 200 (it was answered after its commit).
          if (res.status === 200) a.acked = { n, version: (await json(res).catch(() => ({ version: a.version + 1 }))).version };
          return;
        }
        expect(res.status).toBe(200);
        a.version = (await json(res)).version;
        a.acked = { n, version: a.version };
      }
    });
    // Mid-stream: after every application has a few acknowledged saves (a loaded machine may take longer), and a moment.
    while (Date.now() < killAt || Math.min(...apps.map((a) => a.acked.n)) < 3) await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => setTimeout(r, Math.random() * 300));
    server.process.kill('SIGKILL');
    killed = true;
    await Promise.all(loops);
    await server.stop();
    expect(Math.min(...apps.map((a) => a.acked.n))).toBeGreaterThan(2);

    server = await start();
    for (const a of apps) {
      const after = await json(await fetch(`${server.url}/api/usertypes/sme/prospects/${a.id}`, { headers }));
      expect(after.version).toBeGreaterThanOrEqual(a.acked.version);
      const saved = Number(/^Save (\d+)$/.exec(after.prospect.organizationInfo.companyName)![1]);
      expect(saved === a.acked.n || saved === a.acked.n + 1).toBe(true);
      expect(after.version - a.acked.version).toBe(saved - a.acked.n);
    }
  }, 180_000);
});

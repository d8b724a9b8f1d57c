import { expect, it } from 'vitest';
import { signInCustomer } from '../../scripts/lib/customerSession';
import { describeEachDurableDatabase, json } from './durableServers';

/**
 * Nothing acknowledged is lost: a stream of saves runs against the real server, which is killed with
 * SIGKILL mid-stream; after a restart on the same data, every save that was answered 2xx is there.
 */

async function signIn(url: string) {
  const applicant = { email: 'durable@falcon.ae', countryCode: '971', mobileNo: '501112222' };
  const { accessToken } = await signInCustomer(url, applicant, 'dev-durability');
  return { headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' }, applicant };
}

describeEachDurableDatabase('kill -9 during a stream of saves', 'durable', (start) => {
  it('loses no save that was answered 2xx', async () => {
    let server = await start();
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

    server = await start();
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

/**
 * Load benchmark of the update call (PUT usertypes/sme/prospects/{id}) with realistic encrypted bodies:
 * the real server in its own process, 32 clients each saving its own application in a loop (every body
 * freshly encrypted, as the browser does), for a fixed time; prints saves/second and latency percentiles.
 *   npm run bench:saves                      both databases, 32 clients, 15 s each
 *   npm run bench:saves -- pglite 32 10      one database, clients, seconds
 * autocannon cannot encrypt each request asynchronously with WebCrypto, so the load comes from fetch
 * (undici, keep-alive) in this process; the server runs in another.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decryptResponse, encryptRequest, importPublicKey } from '../src/shared/envelope';
import { signInCustomer } from './lib/customerSession';
import { dropSchema, TEST_DATABASE_URL } from './lib/postgres';
import { startServer } from './lib/serverProcess';

const [only, clientsArg, secondsArg] = process.argv.slice(2);
const clients = Number(clientsArg ?? 32);
const seconds = Number(secondsArg ?? 15);
const databaseUrl = TEST_DATABASE_URL;

const body = (n: number) => ({
  organizationInfo: {
    companyName: `Falcon Trading ${n % 1000} LLC`,
    vatRegistrationNumber: '100234567800003',
    noOfEmployees: 12,
    corporateTaxId: 'TRN-1002345678',
    licenseNumber: 'CN-1234567',
    licenseIssueDate: '2021-03-04',
    licenseIssuingAuthority: 'DED',
    countryOfIncorporation: 'AE',
    dateOfIncorporation: '2021-03-01',
  },
  orgKYCDetails: { companyCategory: 'LLC', industryMultiSelect: [{ industry: 'GT', subCategory: '44' }] },
});

async function run(kind: 'pglite' | 'postgres') {
  const dataDir = mkdtempSync(join(tmpdir(), 'qa-bench-'));
  const schema = `bench_saves_${process.pid}`;
  const server = await startServer(kind === 'postgres' ? { DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema } : {}, dataDir);
  try {
    const config = (await (await fetch(`${server.url}/api/config`)).json()) as { publicKey: string };
    const publicKey = await importPublicKey(config.publicKey);
    const { accessToken } = await signInCustomer(server.url, { email: 'bench@falcon.ae', countryCode: '971', mobileNo: '507778888' }, 'bench-device');
    const auth = { authorization: `Bearer ${accessToken}` };

    async function send(method: 'POST' | 'PUT', path: string, payload: unknown) {
      const sealed = await encryptRequest(publicKey, payload, { method, path });
      const res = await fetch(server.url + path, { method, headers: { ...auth, ...sealed.headers }, body: JSON.stringify(sealed.payload) });
      const text = await res.text();
      return { status: res.status, body: text ? ((await decryptResponse(sealed.key, JSON.parse(text))) as Record<string, unknown>) : {} };
    }

    const prospects = await Promise.all(
      Array.from({ length: clients }, async () => {
        const created = await send('POST', '/api/usertypes/sme/prospects', {
          applicantInfo: { fullName: 'Bench Applicant', email: 'bench@falcon.ae', countryCode: '971', mobileNo: '507778888' },
          applicationInfo: { accountType: 'currentAccount', islamicBanking: false },
        });
        if (created.status !== 201) throw new Error(`create: ${created.status} ${JSON.stringify(created.body)}`);
        return { id: created.body.prospectId as string, version: created.body.version as number };
      }),
    );

    const latencies: number[] = [];
    let errors = 0;
    const until = Date.now() + seconds * 1000;
    await Promise.all(
      prospects.map(async (p, c) => {
        for (let n = 0; Date.now() < until; n++) {
          const t0 = performance.now();
          const res = await send('PUT', `/api/usertypes/sme/prospects/${p.id}`, { prospect: body(c * 100000 + n), saveType: 'auto', version: p.version });
          latencies.push(performance.now() - t0);
          if (res.status === 200) p.version = res.body.version as number;
          else errors++;
        }
      }),
    );
    latencies.sort((a, b) => a - b);
    const pct = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))]!.toFixed(1);
    console.log(
      `${kind.padEnd(8)} ${clients} clients, ${seconds} s: ${(latencies.length / seconds).toFixed(0)} saves/s, p50 ${pct(0.5)} ms, p99 ${pct(0.99)} ms, errors ${errors}`,
    );
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
    if (kind === 'postgres') await dropSchema(schema, databaseUrl);
  }
}

for (const kind of ['pglite', 'postgres'] as const) if (!only || only === kind) await run(kind);

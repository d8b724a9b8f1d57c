/**
 * The save benchmark's load generator, run in a process of its own (forked by runLoad in loadRun.ts) so that
 * the clients do not share an event loop with the process that starts the servers. `clients` loops each PUT
 * the next save of their own application for `seconds` after a short warm-up, encrypted as the browser does it
 * (a wrapped AES key reused across requests, fresh iv and nonce each time). The same loop drives the bare echo
 * server, which answers the envelope as it came; the real server's answers are decrypted.
 */
import { Agent, request } from 'node:http';
import { decryptResponse, encryptRequest, ENCRYPTED_RESPONSE_HEADER, importPublicKey } from '../../src/shared/envelope';
import { RETURN_MINIMAL } from '../../src/shared/minimalAnswer';
import { RequestKeyRing } from '../../src/shared/requestKeyRing';
import { nodeAesGcm } from '../../src/server/security/nodeAesGcm';
import { monotonicMicros } from './cpuProfile';
import { type LoadJob, type LoadResult, saveBody } from './loadJob';

interface Answer {
  status: number;
  encrypted: boolean;
  text: string;
  /** Bytes of the answer's body (the sum of its chunks: nothing measured again). */
  bodyBytes: number;
  /** Bytes of the answer's header lines (names and values as received), when asked for. */
  headerBytes: number;
}

function put(agent: Agent, url: URL, headers: Record<string, string>, body: string, countHeaders = false): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'PUT', agent, headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      const headerBytes = countHeaders ? res.rawHeaders.reduce((sum, h) => sum + Buffer.byteLength(h) + 2, 0) : 0;
      res.on('end', () => {
        const all = Buffer.concat(chunks);
        resolve({ status: res.statusCode ?? 0, encrypted: res.headers[ENCRYPTED_RESPONSE_HEADER] === '1', text: all.toString('utf8'), bodyBytes: all.length, headerBytes });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

async function run(job: LoadJob): Promise<LoadResult> {
  // The same AES-256-GCM, bytes and checks either way: node:crypto in this thread, or WebCrypto (a thread-pool job), as a browser runs it.
  const cipher = job.clientCipher === 'node' ? nodeAesGcm : undefined;
  const publicKey = await importPublicKey(job.publicKey);
  const agent = new Agent({ keepAlive: true, maxSockets: job.clients });
  const latencies: number[] = [];
  let errors = 0;
  let all = 0;
  let bytes = 0;
  let answerBytes = 0;
  let answerHeaderBytes = 0;
  let firstError: string | undefined;
  let measuring = false;
  const start = Date.now();
  // CPU from here on: the process's start (tsx compiling this file and its imports) is not the clients' work.
  const cpuAtStart = process.cpuUsage();
  const ranFrom = monotonicMicros();
  const measureFrom = start + job.warmupSeconds * 1000;
  const until = measureFrom + job.seconds * 1000;

  await Promise.all(
    job.prospects.map(async (p, c) => {
      const keys = new RequestKeyRing(); // one browser per client
      const path = `/api/usertypes/sme/prospects/${p.id}`;
      const url = new URL(job.url + path);
      for (let n = 0; Date.now() < until; n++) {
        const t0 = performance.now();
        const sealed = await encryptRequest(await keys.keyFor(publicKey), saveBody(c * 100_000 + n, p.version, job.body), { method: 'PUT', path }, Date.now(), cipher);
        // As the browser's save does (src/app/features/application/store.ts): the short answer.
        const text = JSON.stringify(sealed.payload);
        bytes += Buffer.byteLength(text);
        // The header lines are counted on each client's first answer only (they are the same every time).
        const answer = await put(agent, url, { authorization: `Bearer ${job.accessToken}`, prefer: RETURN_MINIMAL, ...sealed.headers }, text, n === 0);
        answerBytes += answer.bodyBytes;
        if (n === 0) answerHeaderBytes += answer.headerBytes;
        let ok = answer.status === 200;
        if (ok && job.mode === 'save') {
          ok = answer.encrypted;
          if (ok) p.version = ((await decryptResponse(sealed.key, JSON.parse(answer.text))) as { version: number }).version;
        } else if (ok) {
          JSON.parse(answer.text);
        }
        const t1 = performance.now();
        if (!ok && !firstError) {
          firstError = `${answer.status} ${answer.text.slice(0, 300)}`;
          console.error(`first failed request of the ${job.mode} run: ${firstError}`);
        }
        all++;
        if (!measuring) measuring = Date.now() >= measureFrom;
        if (measuring && Date.now() <= until) {
          latencies.push(t1 - t0);
          if (!ok) errors++;
        }
      }
    }),
  );
  const ranTo = monotonicMicros();
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const pct = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))] ?? NaN;
  const cpu = process.cpuUsage(cpuAtStart);
  return {
    requests: latencies.length,
    allRequests: all,
    perSecond: latencies.length / job.seconds,
    p50: pct(0.5),
    p99: pct(0.99),
    errors,
    versions: job.prospects.map((p) => p.version),
    bytesPerRequest: all > 0 ? bytes / all : NaN,
    answerBytes: all > 0 ? answerBytes / all : NaN,
    answerHeaderBytes: answerHeaderBytes / job.prospects.length,
    generatorCpu: (cpu.user + cpu.system) / 1000 / (Date.now() - start),
    clientsRan: { from: ranFrom, to: ranTo },
    generatorCpuMs: (cpu.user + cpu.system) / 1000 / Math.max(1, all),
  };
}

process.once('message', (job: LoadJob) => {
  run(job).then(
    (result) => process.send!(result, () => process.exit(0)),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
});

/**
 * `npm run bench:logic`: how long evaluating the whole form logic of a prospect takes (src/validation/logic,
 * run by the server on every save and by the browser on every edit). Builds the content as the server does,
 * warms up, then evaluates the 50-stakeholder fixture (fixtures/prospect/fiftyStakeholders.json, from
 * scripts/makeFiftyStakeholders.ts) ITERATIONS times, with the stored document as `previous`, and prints median
 * and p95 with the machine's load. Each evaluation gets a new document object and stakeholder list (as a save or an
 * edit would), so caches keyed by the document's identity do not flatter the figure. A benchmark, not a test: it
 * always exits 0.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { loadavg } from 'node:os';
import { buildContent } from '../src/content/buildContent';
import { readContentDir } from '../src/content/readContentDir';
import { setToday } from '../src/validation/clock';
import { evaluateLogic } from '../src/validation/logic';
import { measure } from './lib/measure';

const ITERATIONS = 2000;
const WARMUP = 200;
const TARGET_MEDIAN_MS = 1;
const FIXTURE = fileURLToPath(new URL('../fixtures/prospect/fiftyStakeholders.json', import.meta.url));
const ms = (n: number) => n.toFixed(3);

async function main(): Promise<void> {
  const content = buildContent(await readContentDir());
  const fixture = JSON.parse(await readFile(FIXTURE, 'utf8')) as { today?: string; data: Record<string, unknown> };
  setToday(fixture.today ?? '2026-01-15');
  try {
    // The stored document is the fixture after one evaluation (a save stores what the logic produced).
    const data = evaluateLogic(content, fixture.data).data;
    // An edit: the signing type changed since the stored version, so clearing and derived values have work to do.
    const previous = { ...data, organizationInfo: { ...(data.organizationInfo as object), accountSigningInfo: { accountSigningType: '000', accountSigningInstn: 'x' } } };
    const first = evaluateLogic(content, data, { previous });
    console.log(`fixture: ${(data.signatoryInfo as unknown[]).length} stakeholders; ${first.hidden.size} hidden, ${first.derived.size} derived, ${first.changes.length} changes`);
    const list = data.signatoryInfo as unknown[];
    const stats = measure(() => evaluateLogic(content, { ...data, signatoryInfo: [...list] }, { previous }), ITERATIONS, WARMUP);
    console.log(`${ITERATIONS} evaluations after ${WARMUP} warm-up runs:`);
    console.log(`  median ${ms(stats.median)} ms`);
    console.log(`  p95    ${ms(stats.p95)} ms`);
    console.log(`  max    ${ms(stats.max)} ms`);
    console.log(`  load average ${loadavg().map((l) => l.toFixed(2)).join(', ')}`);
    console.log(`50-stakeholder prospect: median ${ms(stats.median)} ms, p95 ${ms(stats.p95)} ms (target median <= ${TARGET_MEDIAN_MS} ms)`);
  } finally {
    setToday(null);
  }
}

try {
  await main();
} catch (error) {
  console.error(`bench:logic failed: ${(error as Error).stack ?? error}`);
}

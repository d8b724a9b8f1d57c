/**
 * `npm run bench:validate`: how long validating a complete prospect takes on this machine.
 * Builds the content as the server does, generates its standalone validators once (the code the server and the
 * browser run), warms up, then validates the
 * 50-stakeholder fixture (fixtures/prospect/fiftyStakeholders.json, from scripts/makeFiftyStakeholders.ts)
 * ITERATIONS times and prints median, p95, max and ops/s. A benchmark, not a test: it always exits 0.
 *
 *   npm run bench:validate
 *   npm run bench:validate -- --breakdown    also times each part of the prospect schema on its own
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { buildContent } from '../src/content/buildContent';
import { ContentValidator } from '../src/content/contentValidator';
import { readContentDir } from '../src/content/readContentDir';
import { setToday } from '../src/validation/clock';
import { measure } from './lib/measure';

const ITERATIONS = 2000;
const WARMUP = 200;
const TARGET_P95_MS = 2;
const TARGET_MEDIAN_MS = 0.5;
const FIXTURE = fileURLToPath(new URL('../fixtures/prospect/fiftyStakeholders.json', import.meta.url));

const ms = (n: number) => n.toFixed(2);

/** Times sub-schemas on their own (each part of the prospect; the stakeholder steps on every stakeholder). */
function breakdown(validator: ContentValidator, data: Record<string, unknown>): void {
  const stakeholders = data.signatoryInfo as unknown[];
  const iterations = 500;
  const rows: [string, number][] = [];
  const time = (label: string, fn: () => unknown) => rows.push([label, measure(fn, iterations, 50).median]);
  const schemas = validator.ajv.getSchema('https://quickapply.example/schemas/prospect.schema.json')?.schema as {
    allOf: { $ref: string }[];
  };
  for (const { $ref } of schemas.allOf) {
    const name = $ref.replace(/\.schema\.json$/, '');
    const fn = validator.validator(name);
    time(`${name} (prospect)`, () => fn(data));
  }
  const list = validator.validator('stakeholderList');
  const complete = validator.validator('https://quickapply.example/schemas/stakeholderList.schema.json#/definitions/complete');
  time('stakeholderList (signatoryInfo)', () => list(stakeholders));
  time('stakeholderList#complete (signatoryInfo)', () => complete(stakeholders));
  const personSteps = [
    'stakeholderPersonalInfo',
    'stakeholderSignatory',
    'stakeholderShareholding',
    'stakeholderNationality',
    'stakeholderResidence',
    'stakeholderContact',
    'fqSignatoryPersonal',
    'fqSignatoryEmployment',
    'fqSignatorySourceOfFunds',
  ];
  for (const step of personSteps) {
    const fn = validator.validator(`steps/${step}`);
    const signatoryOnly = step.startsWith('fq');
    const items = signatoryOnly
      ? stakeholders.filter((s) => (s as { kycDetails?: { isSignatory?: boolean } }).kycDetails?.isSignatory === true)
      : stakeholders;
    time(`steps/${step} x ${items.length} stakeholders`, () => {
      for (const s of items) fn(s);
    });
  }
  const prospect = validator.validator('prospect');
  time('prospect (whole)', () => prospect(data));
  const width = Math.max(...rows.map(([l]) => l.length));
  console.log(`\nbreakdown (median of ${iterations} runs each, ms):`);
  for (const [label, median] of rows.sort((a, b) => b[1] - a[1])) console.log(`  ${label.padEnd(width)}  ${median.toFixed(3)}`);
}

async function main(): Promise<void> {
  const t0 = process.hrtime.bigint();
  const validator = new ContentValidator(buildContent(await readContentDir()));
  const t1 = process.hrtime.bigint();
  // The standalone code of the steps and the prospect, as the server validates with it (ContentValidator.precompile).
  validator.precompile();
  const validate = validator.validator('prospect');
  const t2 = process.hrtime.bigint();
  const fixture = JSON.parse(await readFile(FIXTURE, 'utf8')) as { today?: string; data: Record<string, unknown> };
  const data = fixture.data;
  setToday('2026-01-15');
  try {
    const errors = validator.validate('prospect', data);
    const stakeholders = (data.signatoryInfo as unknown[]).length;
    console.log(`content build ${ms(Number(t1 - t0) / 1e6)} ms, standalone code generation ${ms(Number(t2 - t1) / 1e6)} ms`);
    console.log(`fixture: ${stakeholders} stakeholders, ${errors.length} validation errors`);
    if (errors.length) console.log(`  warning: the fixture is not valid (first: ${errors[0]!.path}: ${errors[0]!.message})`);

    const stats = measure(() => validate(data), ITERATIONS, WARMUP);
    console.log(`${ITERATIONS} validations after ${WARMUP} warm-up runs:`);
    console.log(`  median ${ms(stats.median)} ms`);
    console.log(`  p95    ${ms(stats.p95)} ms`);
    console.log(`  max    ${ms(stats.max)} ms`);
    console.log(`  mean   ${ms(stats.mean)} ms, ${Math.round(stats.opsPerSecond)} ops/s`);
    console.log(`50-stakeholder prospect: median ${ms(stats.median)} ms (target <= ${TARGET_MEDIAN_MS} ms), p95 ${ms(stats.p95)} ms (target < ${TARGET_P95_MS} ms)`);
    if (process.argv.includes('--breakdown') || stats.p95 >= TARGET_P95_MS) breakdown(validator, data);
  } finally {
    setToday(null);
  }
}

try {
  await main();
} catch (error) {
  console.error(`bench:validate failed: ${(error as Error).stack ?? error}`);
}
process.exitCode = 0;

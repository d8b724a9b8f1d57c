/**
 * `npm run fuzz -- N [seed]`: the API fuzz suite of `npm test` (test/api/fuzz.test.ts) with N generated bad
 * requests per database instead of 10,000; a seed replays a run that fast-check reported.
 */
import { spawnSync } from 'node:child_process';

const [runs = '100000', seed] = process.argv.slice(2);
if (!/^[1-9]\d*$/.test(runs) || (seed !== undefined && !/^-?\d+$/.test(seed))) {
  console.error('usage: npm run fuzz -- N [seed]');
  process.exit(2);
}
const env = { ...process.env, FUZZ_RUNS: runs, ...(seed ? { FUZZ_SEED: seed } : {}) };
const result = spawnSync('npx', ['vitest', 'run', '--project', 'api', 'test/api/fuzz.test.ts'], { stdio: 'inherit', env });
process.exit(result.status ?? 1);

import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ContentValidator } from '../../content/contentValidator';
import { describeResult, type Fixture, parseFixtures, runFixture } from '../../content/fixtures';

export interface FixtureOutcome {
  file: string;
  name: string;
  ok: boolean;
  /** The CLI's lines for a failure (`file: path: message`), one per line. */
  message?: string;
  expected: { path: string; message: string }[];
  actual: { path: string; message: string }[];
}

export interface FixtureReport {
  passed: number;
  failed: number;
  results: FixtureOutcome[];
}

/** Runs fixtures with the testers' CLI runner (src/content/fixtures.ts) and reports each as the CLI would. */
export function runFixtures(validator: ContentValidator, items: { file: string; fixtures: Fixture[] }[]): FixtureReport {
  const results: FixtureOutcome[] = [];
  for (const { file, fixtures } of items) {
    fixtures.forEach((fixture, i) => {
      const result = runFixture(validator, fixture);
      const missing = new Set(result.missing);
      const actual = result.problem ? [] : [...fixture.expect.filter((e) => !missing.has(e)), ...result.unexpected.map(({ path, message }) => ({ path, message }))];
      results.push({
        file,
        name: fixture.description ?? `${fixture.schema} #${i + 1}`,
        ok: result.passed,
        ...(result.passed ? {} : { message: describeResult(file, result).join('\n') }),
        expected: fixture.expect,
        actual,
      });
    });
  }
  const passed = results.filter((r) => r.ok).length;
  return { passed, failed: results.length - passed, results };
}

/**
 * The fixture files of some steps (`fixtures/<step>/*.json`), or of every step. A file that cannot be read
 * or parsed counts as a failed fixture, as in the CLI.
 */
export async function loadStepFixtures(dir: string, steps: string[] | 'all'): Promise<{ items: { file: string; fixtures: Fixture[] }[]; broken: FixtureOutcome[] }> {
  let folders: string[];
  try {
    const entries = await readdir(dir, { withFileTypes: true });
    folders = entries.filter((e) => e.isDirectory() && (steps === 'all' || steps.includes(e.name))).map((e) => e.name).sort();
  } catch {
    return { items: [], broken: [] };
  }
  const items: { file: string; fixtures: Fixture[] }[] = [];
  const broken: FixtureOutcome[] = [];
  for (const folder of folders) {
    const names = (await readdir(join(dir, folder))).filter((n) => n.endsWith('.json')).sort();
    for (const name of names) {
      const file = `fixtures/${folder}/${name}`;
      try {
        items.push({ file, fixtures: parseFixtures(JSON.parse(await readFile(join(dir, folder, name), 'utf8'))) });
      } catch (error) {
        broken.push({ file, name, ok: false, message: `${file}: ${(error as Error).message}`, expected: [], actual: [] });
      }
    }
  }
  return { items, broken };
}

const isObj = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
export const MAX_FIXTURES = 1000;

/**
 * A fixture file checked field by field (the CLI stops at the first problem; the studio names them all):
 * one fixture or a list of them, each with `schema`, `data` and `expect` [{ path, message }].
 */
export function fixtureFileErrors(json: unknown): { fixtures: Fixture[]; errors: { field: string; message: string }[] } {
  const list = Array.isArray(json) ? json : [json];
  const errors: { field: string; message: string }[] = [];
  if (list.length === 0) errors.push({ field: 'fixtures', message: 'A fixture file holds one fixture or a non-empty list of fixtures' });
  if (list.length > MAX_FIXTURES) errors.push({ field: 'fixtures', message: `At most ${MAX_FIXTURES} fixtures in one file` });
  list.slice(0, MAX_FIXTURES).forEach((f, i) => {
    const at = Array.isArray(json) ? `fixtures[${i}]` : 'fixtures';
    if (!isObj(f)) {
      errors.push({ field: at, message: 'A fixture must be an object' });
      return;
    }
    if (typeof f.schema !== 'string' || !f.schema) errors.push({ field: `${at}.schema`, message: 'A fixture needs "schema" (a step name such as steps/companyDetails, or a $id)' });
    if (f.data === undefined) errors.push({ field: `${at}.data`, message: 'A fixture needs "data"' });
    if (f.description !== undefined && typeof f.description !== 'string') errors.push({ field: `${at}.description`, message: '"description" must be text' });
    if (f.today !== undefined && (typeof f.today !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(f.today))) {
      errors.push({ field: `${at}.today`, message: '"today" must be a date yyyy-MM-dd' });
    }
    if (!Array.isArray(f.expect)) errors.push({ field: `${at}.expect`, message: 'A fixture needs "expect" (a list, empty when the data is valid)' });
    else {
      f.expect.forEach((e, j) => {
        if (!isObj(e) || typeof e.path !== 'string' || typeof e.message !== 'string') {
          errors.push({ field: `${at}.expect[${j}]`, message: 'An expected error is { "path": "/json/pointer", "message": "..." }' });
        }
      });
    }
  });
  return { fixtures: errors.length ? [] : parseFixtures(json), errors };
}

import { setToday } from '../validation/clock';
import type { FieldError } from '../validation/errors';
import type { ContentValidator } from './contentValidator';

/**
 * A fixture: data plus the errors it must produce (none for a valid example).
 *   { "schema": "steps/companyDetails", "description": "...", "today": "2026-01-15",
 *     "data": {...}, "expect": [{ "path": "/organizationInfo/companyName", "message": "..." }] }
 * A fixture file holds one fixture or an array of them.
 */
export interface Fixture {
  schema: string;
  description?: string;
  today?: string;
  data: unknown;
  expect: { path: string; message: string }[];
}

export interface FixtureResult {
  fixture: Fixture;
  passed: boolean;
  /** Reported but not expected. */
  unexpected: FieldError[];
  /** Expected but not reported. */
  missing: { path: string; message: string }[];
  /** A problem with the fixture itself (unknown schema, bad shape). */
  problem?: string;
}

export const DEFAULT_FIXTURE_TODAY = '2026-01-15';

export function parseFixtures(json: unknown): Fixture[] {
  const list = Array.isArray(json) ? json : [json];
  return list.map((f, i) => {
    const where = Array.isArray(json) ? ` (item ${i})` : '';
    if (!f || typeof f !== 'object') throw new Error(`fixture${where} must be an object`);
    const { schema, data, expect } = f as Partial<Fixture>;
    if (typeof schema !== 'string') throw new Error(`fixture${where} needs "schema" (a step name or $id)`);
    if (data === undefined) throw new Error(`fixture${where} needs "data"`);
    if (!Array.isArray(expect)) throw new Error(`fixture${where} needs "expect" (an array, empty when valid)`);
    return f as Fixture;
  });
}

const key = (e: { path: string; message: string }) => `${e.path}\u0000${e.message}`;

export function runFixture(validator: ContentValidator, fixture: Fixture): FixtureResult {
  setToday(fixture.today ?? DEFAULT_FIXTURE_TODAY);
  try {
    const errors = validator.validate(fixture.schema, fixture.data);
    const expected = new Set(fixture.expect.map(key));
    const reported = new Set(errors.map(key));
    const unexpected = errors.filter((e) => !expected.has(key(e)));
    const missing = fixture.expect.filter((e) => !reported.has(key(e)));
    return { fixture, passed: unexpected.length === 0 && missing.length === 0, unexpected, missing };
  } catch (error) {
    return { fixture, passed: false, unexpected: [], missing: [], problem: (error as Error).message };
  } finally {
    setToday(null);
  }
}

/** Lines as the testers' CLI prints them: `file: path: message`. */
export function describeResult(file: string, result: FixtureResult): string[] {
  if (result.problem) return [`${file}: ${result.problem}`];
  return [
    ...result.unexpected.map((e) => `${file}: ${e.path || '/'}: ${e.message}`),
    ...result.missing.map((e) => `${file}: ${e.path || '/'}: expected "${e.message}" but it was not reported`),
  ];
}

import { setToday } from '../validation/clock';
import type { FieldError } from '../validation/errors';
import { evaluateLogic, type LogicContent, visibleErrors } from '../validation/logic';
import type { ContentValidator } from './contentValidator';

/**
 * A fixture: data plus the errors it must produce (none for a valid example).
 *   { "schema": "steps/companyDetails", "description": "...", "today": "2026-01-15",
 *     "data": {...}, "expect": [{ "path": "/organizationInfo/companyName", "message": "..." }] }
 * A fixture file holds one fixture or an array of them.
 *
 * A form-logic fixture also has `after`: the data after the form logic (src/validation/logic) ran on `data`
 * (with `previous` as the document before the edit, when given), as the server runs it on a save (every step
 * that applies). The errors in `expect` are then those of the data after evaluation, without errors on hidden
 * fields. A stakeholder step's logic fixture may give `prospect`: the rest of the application the stakeholder
 * is evaluated in (its logic reads the company's answers, e.g. the signatory's address copied from the company's).
 */
export interface Fixture {
  schema: string;
  description?: string;
  today?: string;
  data: unknown;
  previous?: unknown;
  after?: unknown;
  /** Stakeholder steps' logic fixtures: the prospect around the stakeholder (its `signatoryInfo` is ignored). */
  prospect?: Record<string, unknown>;
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
  /** Form-logic fixtures: what the evaluation produced when it differs from `after`. */
  after?: { expected: unknown; actual: unknown };
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
    let data = fixture.data;
    let hidden: ReadonlySet<string> = new Set();
    let after: FixtureResult['after'];
    if (fixture.after !== undefined) {
      const result = runFixtureLogic(validator.content, fixture);
      data = result.data;
      hidden = result.hidden;
      if (JSON.stringify(sortKeys(data)) !== JSON.stringify(sortKeys(fixture.after))) after = { expected: fixture.after, actual: data };
    }
    const errors = visibleErrors(validator.validate(fixture.schema, data), hidden);
    const expected = new Set(fixture.expect.map(key));
    const reported = new Set(errors.map(key));
    const unexpected = errors.filter((e) => !expected.has(key(e)));
    const missing = fixture.expect.filter((e) => !reported.has(key(e)));
    return { fixture, passed: unexpected.length === 0 && missing.length === 0 && !after, unexpected, missing, ...(after ? { after } : {}) };
  } catch (error) {
    return { fixture, passed: false, unexpected: [], missing: [], problem: (error as Error).message };
  } finally {
    setToday(null);
  }
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);

function sortKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortKeys);
  if (!isObj(v)) return v;
  return Object.fromEntries(Object.keys(v).sort().map((k) => [k, sortKeys(v[k])]));
}

/**
 * The form logic as the server runs it on a save: every step that applies. A stakeholder step's data is one
 * stakeholder, evaluated as `signatoryInfo[0]` of the fixture's `prospect` (or an empty one; its hidden pointers
 * are given relative to the stakeholder again).
 */
export function runFixtureLogic(content: LogicContent, fixture: Fixture): { data: unknown; hidden: Set<string> } {
  const data = (isObj(fixture.data) ? fixture.data : {}) as Obj;
  const step = fixture.schema.replace(/^steps\//, '').replace(/\.schema\.json$/, '');
  const perStakeholder = Object.values(content.flows).some((f) => f.scope === '/signatoryInfo/*' && f.steps.some((s) => s.step === step));
  if (!perStakeholder) {
    const r = evaluateLogic(content, data, fixture.previous !== undefined ? { previous: fixture.previous } : {});
    return { data: r.data, hidden: r.hidden };
  }
  const around = isObj(fixture.prospect) ? fixture.prospect : {};
  const wrap = (s: unknown) => ({ ...around, signatoryInfo: [s] });
  const r = evaluateLogic(content, wrap(data), fixture.previous !== undefined ? { previous: wrap(fixture.previous) } : {});
  const prefix = '/signatoryInfo/0';
  const hidden = new Set([...r.hidden].filter((h) => h.startsWith(prefix + '/')).map((h) => h.slice(prefix.length)));
  return { data: (r.data.signatoryInfo as unknown[])[0], hidden };
}

/** Lines as the testers' CLI prints them: `file: path: message`. */
export function describeResult(file: string, result: FixtureResult): string[] {
  if (result.problem) return [`${file}: ${result.problem}`];
  return [
    ...(result.after ? [`${file}: after the form logic: expected ${JSON.stringify(result.after.expected)}, got ${JSON.stringify(result.after.actual)}`] : []),
    ...result.unexpected.map((e) => `${file}: ${e.path || '/'}: ${e.message}`),
    ...result.missing.map((e) => `${file}: ${e.path || '/'}: expected "${e.message}" but it was not reported`),
  ];
}

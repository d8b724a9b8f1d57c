import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runScreening, type ScreeningContext } from '../../src/server/screening/runScreening';
import { bundledScreeningRules } from '../../src/server/screening/screeningRules';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const root = join(import.meta.dirname, '..', '..');
const read = (...path: string[]): Json => JSON.parse(readFileSync(join(root, ...path), 'utf8'));
const { cases } = read('test', 'fixtures', 'screening.json') as { cases: Json[] };
const rules = bundledScreeningRules();

/** Sets a value at a JSON pointer of an existing document (the fixture's change). */
function setPointer(doc: Json, pointer: string, value: unknown) {
  const keys = pointer.split('/').slice(1);
  const last = keys.pop()!;
  const parent = keys.reduce((node, key) => node[key], doc);
  expect(parent, `${pointer}: no such place in the prospect`).toBeTypeOf('object');
  parent[last] = value;
}

const flaggedOf = (results: Json[]) => results.filter((r) => r.screeningFlag).map((r) => [r.screeningType, r.screeningStatus, ...(r.reasonCode ? [r.reasonCode] : [])]);

/**
 * Issue 18 item 2: a fixture for each new check (Negative List, Offshore Company, Company Firco, PEP with its reason
 * codes, Blacklist and Country of Residence per signatory), with its decline or referral outcome and a case that
 * passes, in test/fixtures/screening.json.
 */
describe('screening fixtures (test/fixtures/screening.json)', () => {
  it('covers each new check with its decline or referral outcome', () => {
    const flagged = cases.flatMap((c) => c.expect.flagged as string[][]);
    for (const [type, status] of [
      ['Negative List Check', 'DECLINE'],
      ['Offshore Company Check', 'PENDING'],
      ['Company Firco Check', 'PENDING'],
      ['PEP Check', 'PENDING'],
      ['Blacklist Check', 'DECLINE'],
      ['Country Of Residence Check', 'DECLINE'],
    ]) {
      expect(flagged.some((f) => f[0] === type && f[1] === status), `${type} ${status}`).toBe(true);
    }
    expect(new Set(flagged.filter((f) => f[0] === 'PEP Check').map((f) => f[2]))).toEqual(new Set(['RSNLP', 'RSN2', 'RSNRFO']));
  });

  it.each(cases.map((c) => [c.description, c] as const))('%s', (_name, c) => {
    const prospect = structuredClone(read('fixtures', 'prospect', `${c.prospect}.json`).data);
    for (const [pointer, value] of Object.entries((c.set ?? {}) as Record<string, unknown>)) setPointer(prospect, pointer, value);
    const context: ScreeningContext = { rules, today: '2026-01-15', sameTradeLicence: [], sameApplicant: [], blacklist: [], documentsUploaded: 0, ...(c.lists ?? {}) };
    const outcome = runScreening(prospect, context);
    expect(outcome.statusOverAll).toBe(c.expect.statusOverAll);
    expect(flaggedOf(outcome.screeningResults)).toEqual(c.expect.flagged);
    for (const own of (c.expect.signatories ?? []) as Json[]) {
      const got = outcome.signatories!.find((s) => s.index === own.index)!;
      expect(got.statusOverAll, `stakeholder ${own.index}`).toBe(own.statusOverAll);
      expect(flaggedOf(got.screeningResults), `stakeholder ${own.index}`).toEqual(own.flagged ?? []);
    }
  });
});

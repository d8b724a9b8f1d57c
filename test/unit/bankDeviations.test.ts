import { describe, expect, it } from 'vitest';
import { normalizePath } from '../../src/bankFormat';
import { readSchemas } from './readSchemas';

/**
 * schemas/bank/deviations.json `narrower`: where the project's rule is stricter than the bank's field configuration
 * (issue 18: "decide each limit from the specification first, then the bank's field configuration; document every
 * deviation"). Each entry names the step schema and the JSON pointer of the project's rule and states it; this test
 * keeps the documentation true: a changed limit in a step fails here until its entry is changed too.
 */

type Obj = Record<string, unknown>;
interface Narrower {
  bank: string;
  step: string;
  pointer: string;
  rule: Obj;
  bankRule: string;
  reason: string;
}

const files = readSchemas();
const narrower = (files['bank/deviations.json'] as { narrower: Narrower[] }).narrower;
const config = (files['bank/fieldConfig.json'] as { fields: Record<string, { name?: string }> }).fields;
const bankPaths = new Set(Object.values(config).flatMap((e) => (e.name ? [normalizePath(e.name.replace(/^prospect\./, ''))] : [])));

const at = (doc: unknown, pointer: string): unknown =>
  pointer
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Obj)[key] : undefined), doc);

describe('bank exchange format: the project’s rules narrower than the bank’s', () => {
  it('lists the narrower limits of issue 18 (PO Box, number of employees, phone numbers)', () => {
    expect(narrower.map((n) => n.bank)).toEqual(
      expect.arrayContaining(['organizationInfo.addressInfo[*].addressDetails[*].poBox', 'signatoryInfo[*].addressInfo[*].addressDetails[*].poBox', 'organizationInfo.numberOfEmployees']),
    );
  });

  for (const n of narrower) {
    it(`${n.bank}: the rule stated is the step's rule (${n.step})`, () => {
      expect(bankPaths.has(normalizePath(n.bank)), `${n.bank} is not a field of the bank's configuration`).toBe(true);
      const schema = files[`steps/${n.step}.schema.json`];
      expect(schema, `schemas/steps/${n.step}.schema.json`).toBeDefined();
      const node = at(schema, n.pointer);
      expect(node, `${n.step}#${n.pointer}`).toBeDefined();
      if ('contains' in n.rule) expect(node).toContain((n.rule.contains as { const: unknown }).const);
      else for (const [keyword, value] of Object.entries(n.rule)) expect((node as Obj)[keyword], `${n.step}#${n.pointer}/${keyword}`).toEqual(value);
      expect(n.bankRule.trim().length).toBeGreaterThan(3);
      expect(n.reason.trim().length).toBeGreaterThan(20);
    });
  }
});

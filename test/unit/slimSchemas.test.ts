/**
 * Generated validator code keeps the parts of schemas it reads, not whole schemas (src/content/slimSchemas.ts;
 * issue 16: the KYC annexure's module held its whole step, descriptions and help texts included). That the rules
 * are unchanged is checked on every fixture by precompiledValidators.test.ts; here, the rewriting itself.
 */
import { describe, expect, it } from 'vitest';
import { buildContent } from '../../src/content/buildContent';
import { ContentValidator } from '../../src/content/contentValidator';
import { slimSchemaConstants } from '../../src/content/slimSchemas';
import { readSchemas } from './readSchemas';

const run = (body: string) => {
  const exports: Record<string, unknown> = {};
  new Function('exports', body)(exports);
  return exports;
};

describe('slimSchemaConstants', () => {
  it('gives each part of a schema the code reads a constant of its own, and drops the schema no code reads whole', () => {
    const body = [
      '"use strict";',
      'const schema1 = {"title":"A long title","description":"A long description","properties":{"a":{"x-list":{"list":"country","message":"m"}},"b-c":{"errorMessage":{"k":"v"}}},"items":[{"n":1}]};',
      'exports.a = function a(key0){return [schema1.properties.a["x-list"], schema1.properties["b-c"].errorMessage[key0], schema1.items[0].n, schema1.properties.a["x-list"]];};',
    ].join('');
    const slim = slimSchemaConstants(body);
    expect(slim).not.toContain('A long description');
    expect(slim).not.toMatch(/const schema1 = /);
    const before = (run(body).a as (k: string) => unknown[])('k');
    const after = (run(slim).a as (k: string) => unknown[])('k');
    expect(after).toEqual(before);
    // The same part read twice is one constant (one object, as before).
    expect(after[0]).toBe(after[3]);
  });

  it('keeps a schema read whole or by a computed key, and leaves strings and comments alone', () => {
    const body = [
      'const schema2 = {"a":{"b":1},"c":2};',
      'const schema3 = {"d":{"e":"schema2.a"}};',
      'exports.f = function f(k){/* schema2.a */ return [schema2[k], "schema2.a.b", schema3.d, schema2.a];};',
    ].join('');
    const slim = slimSchemaConstants(body);
    expect(slim).toContain('const schema2 = {"a":{"b":1},"c":2};');
    expect(slim).toContain('"schema2.a.b"');
    expect(slim).toContain('/* schema2.a */');
    expect(slim).not.toContain('const schema3 = ');
    expect((run(slim).f as (k: string) => unknown)('c')).toEqual((run(body).f as (k: string) => unknown)('c'));
  });

  it("leaves no step's help texts or descriptions in the generated code (the KYC annexure's module: 281 to 250 kB)", async () => {
    const validator = new ContentValidator(buildContent(readSchemas()));
    const kyc = (await validator.stepModule('agent', 'kycAnnexure'))!;
    const step = validator.content.steps.kycAnnexure!.schema as { description: string };
    expect(step.description.length).toBeGreaterThan(100);
    expect(kyc).not.toContain(JSON.stringify(step.description).slice(1, 60));
    expect(kyc).not.toContain('"x-help"');
    expect(kyc.length).toBeLessThan(260_000);
  }, 120_000); // generates the agent's code of the whole content
});

/**
 * The steps' validator modules (issue 16: a form step downloads its own rules only): cut from a role's ajv
 * standalone code by src/content/stepModules.ts. Their rules are checked against ajv's for every fixture in
 * precompiledValidators.test.ts; here, the cutting itself.
 */
import { describe, expect, it } from 'vitest';
import { buildContent } from '../../src/content/buildContent';
import { ContentValidator } from '../../src/content/contentValidator';
import { indexStandalone, keysOfRoots, pickExports } from '../../src/content/stepModules';
import { subSchemaKey } from '../../src/validation/standalone';
import { readSchemas } from './readSchemas';

const validator = new ContentValidator(buildContent(readSchemas()));
const companyDetails = validator.content.steps.companyDetails!.schema.$id as string;

describe('indexStandalone and pickExports', () => {
  it("cut a role's code into statements that join to it, and keep every statement an export needs", () => {
    for (const role of ['customer', 'agent'] as const) {
      const body = validator.browserCode(role);
      const index = indexStandalone(body);
      expect(index.statements.map((s) => s.text).join('')).toBe(body);
      const all = pickExports(index, () => true);
      // Only what no export uses is left out (constants ajv wrote and no function reads).
      const dropped = index.statements.filter((s) => !all.includes(s.text));
      for (const s of dropped) expect(s.declares, s.text.slice(0, 80)).toMatch(/^schema\d+$/);
      expect(index.statements.filter((s) => s.exportKey !== undefined).every((s) => all.includes(s.text))).toBe(true);
    }
  });

  it("a step's module exports its step and its sub-schemas only, each function once, statements of the role's code", async () => {
    const body = validator.browserCode('customer');
    const module = (await validator.stepModule('customer', 'companyDetails'))!;
    const exportsOf = (code: string) => [...code.matchAll(/exports\["([^"]+)"\]/g)].map((m) => m[1]!);
    const keys = exportsOf(module);
    expect(keys).toContain(companyDetails);
    for (const key of keys) expect(key === companyDetails || key.endsWith(`@${companyDetails}`)).toBe(true);
    const functions = [...module.matchAll(/function (validate\d+)\(/g)].map((m) => m[1]);
    expect(new Set(functions).size).toBe(functions.length);
    for (const s of indexStandalone(module).statements) expect(body).toContain(s.text);
    expect(module.length).toBeLessThan(body.length / 10);
  });

  it('answers undefined for a step the role does not have (the route then answers 404)', async () => {
    expect(await validator.stepModule('customer', 'kycAnnexure')).toBeUndefined();
    expect(await validator.stepModule('agent', 'kycAnnexure')).toContain('kycAnnexure.schema.json');
    expect(await validator.stepModule('customer', 'constructor')).toBeUndefined();
    expect(await validator.stepModule('customer', 'nothing')).toBeUndefined();
    expect(await validator.stepModule('customer', 'stakeholderList')).toContain('stakeholderList');
  });

  it("reads strings, templates, regular expressions and comments as JavaScript does, not as the code's structure", () => {
    const code = [
      '"use strict";',
      'exports["a"] = validate1;',
      'exports["b;}"] = validate2;',
      'const schema1 = {"x":"}; function validate9(){"};',
      'const pattern1 = /[/;}]a\\/b/u;',
      'const t1 = `x${ {a: 1}.a }; ${"}"} schema1`;',
      'function validate1(data){/*# sourceURL="a;}" */ const q = data / 2 / 1; return pattern1.test(data) && validate3(data);}',
      'function validate2(data){return t1 === data;}',
      'function validate3(data){return schema1 !== data;}',
      'validate3.evaluated = {"props":true};',
      'function validate4(){return 1;}',
    ].join('');
    const index = indexStandalone(code);
    expect(index.statements).toHaveLength(11);
    expect(index.statements[2]!.exportKey).toBe('b;}');
    const a = pickExports(index, keysOfRoots(['a']));
    expect(a).toContain('function validate1(');
    expect(a).toContain('function validate3(');
    expect(a).toContain('const pattern1');
    expect(a).toContain('const schema1');
    expect(a).toContain('validate3.evaluated');
    expect(a).not.toContain('validate2');
    expect(a).not.toContain('const t1');
    expect(a).not.toContain('validate4');
    const b = pickExports(index, keysOfRoots(['b;}']));
    expect(b).toContain('const t1');
    expect(b).not.toContain('const schema1');
    expect(() => indexStandalone('function validate1(){')).toThrow(/Unbalanced/);
    expect(() => indexStandalone('const a = "x;')).toThrow(/Unterminated/);
  });

  it('takes the sub-schemas of a root (RJSF isValid keys) with it', () => {
    const match = keysOfRoots(['https://x/a.json']);
    expect(match('https://x/a.json')).toBe(true);
    expect(match(subSchemaKey('https://x/a.json', 'h1'))).toBe(true);
    expect(match(subSchemaKey('https://x/b.json', 'h1'))).toBe(false);
    expect(match('https://x/a.json#/definitions/complete')).toBe(false);
  });
});

import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileContent } from '../../src/content/compiledContent';
import { ContentValidator } from '../../src/content/contentValidator';
import { computeGeneratorFingerprint, GENERATOR_FILES, GENERATOR_PACKAGES, generatorFingerprint } from '../../src/content/generatorFingerprint';
import { readContentDir } from '../../src/content/readContentDir';

const files = await readContentDir();

describe('compiled content, once per content hash', () => {
  it('gives the same compiled content for the same files, even as another object', () => {
    const first = compileContent(files);
    expect(compileContent(structuredClone(files))).toBe(first);
    expect(first.validator.content).toBe(first.built);
  });

  it('compiles changed files anew', () => {
    const changed = { ...files, 'flags.json': { ...(files['flags.json'] as object), testOnlyFlag: true } };
    const compiled = compileContent(changed);
    expect(compiled).not.toBe(compileContent(files));
    expect(compiled.built.flags).toMatchObject({ testOnlyFlag: true });
  });

  it('throws for content that does not build, and keeps nothing of it', () => {
    const broken = { ...files, 'steps/broken.schema.json': { $id: 'wrong' } };
    expect(() => compileContent(broken)).toThrow(/must have "\$id"/);
    expect(() => compileContent(broken)).toThrow(/must have "\$id"/);
  });
});

describe('validator code stored beside a version (issue 16, start-up)', () => {
  const prospect = JSON.parse(readFileSync(new URL('../../fixtures/prospect/soleProprietor.json', import.meta.url), 'utf8')) as Record<string, unknown>;
  const broken = { ...prospect, organizationInfo: { ...(prospect.organizationInfo as object), companyName: 7 } };

  it('runs the stored code as given: no ajv, nothing generated, the same answers as generated code', () => {
    const generating = compileContent(files).validator;
    const code = generating.generatedCode();
    expect(Object.keys(code).sort()).toEqual(['agent', 'customer', 'server']);

    const reading = new ContentValidator(generating.content, code).precompile();
    expect(reading.browserCode('customer')).toBe(code.customer);
    expect((reading as unknown as { ajvInstance?: unknown }).ajvInstance).toBeUndefined();
    for (const data of [prospect, broken]) expect(reading.validate('prospect', data)).toEqual(generating.validate('prospect', data));
    expect(reading.validate('prospect', broken).length).toBeGreaterThan(0);
  });

  it('runs what is stored, not a regeneration (stored code that differs is what answers)', () => {
    const { content } = compileContent(files).validator;
    const id = content.prospectSchemaId;
    const refusesAll = `exports[${JSON.stringify(id)}] = function v(){ v.errors = [{ instancePath: '', schemaPath: '#', keyword: 'stored', params: {}, message: 'from the stored code' }]; return false; };`;
    const reading = new ContentValidator(content, { server: refusesAll }).precompile();
    expect(reading.validate('prospect', prospect).map((e) => e.message)).toEqual(['from the stored code']);
  });

  it('compileContent uses stored code only for the content it was generated from', () => {
    const changed = { ...files, 'flags.json': { ...(files['flags.json'] as object), storedCodeTest: true } };
    const wrongHash = compileContent(changed, { contentHash: '0000000000000000', code: { customer: 'not this' } });
    expect(wrongHash.validator.browserCode('customer')).not.toBe('not this');
  });
});

describe("the generator's fingerprint", () => {
  function fakeRoot(keywords: string, ajvVersion: string): string {
    const root = mkdtempSync(join(tmpdir(), 'qa-fingerprint-'));
    for (const file of GENERATOR_FILES) {
      mkdirSync(join(root, dirname(file)), { recursive: true });
      writeFileSync(join(root, file), file.endsWith('keywords.ts') ? keywords : `// ${file}`);
    }
    for (const name of GENERATOR_PACKAGES) {
      mkdirSync(join(root, 'node_modules', name), { recursive: true });
      writeFileSync(join(root, 'node_modules', name, 'package.json'), JSON.stringify({ version: name === 'ajv' ? ajvVersion : '1.0.0' }));
    }
    return root;
  }

  it('changes with the keyword code or ajv, and only then', () => {
    const base = computeGeneratorFingerprint(fakeRoot('a', '8.0.0'));
    expect(computeGeneratorFingerprint(fakeRoot('a', '8.0.0'))).toBe(base);
    expect(computeGeneratorFingerprint(fakeRoot('b', '8.0.0'))).not.toBe(base);
    expect(computeGeneratorFingerprint(fakeRoot('a', '8.0.1'))).not.toBe(base);
    expect(generatorFingerprint()).toBe(computeGeneratorFingerprint());
  });
});

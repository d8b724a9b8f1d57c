import { describe, expect, it } from 'vitest';
import { compileContent } from '../../src/content/compiledContent';
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

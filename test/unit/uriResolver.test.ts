import fastUri from 'fast-uri';
import { describe, expect, it } from 'vitest';
import uriResolver from '../../src/app/lib/uriResolver';
import { readContentDir } from '../../src/content/readContentDir';

/** Every `$id` and every `$ref` (with the `$id` in force where it stands) of the content. */
function idsAndRefs(node: unknown, base: string | undefined, out: { base: string | undefined; ref: string }[], ids: Set<string>): void {
  if (Array.isArray(node)) return node.forEach((n) => idsAndRefs(n, base, out, ids));
  if (!node || typeof node !== 'object') return;
  const record = node as Record<string, unknown>;
  const here = typeof record.$id === 'string' ? record.$id : base;
  if (typeof record.$id === 'string') ids.add(record.$id);
  if (typeof record.$ref === 'string') out.push({ base: here, ref: record.$ref });
  for (const value of Object.values(record)) idsAndRefs(value, here, out, ids);
}

describe("the app build's fast-uri for RJSF (src/app/lib/uriResolver.ts)", () => {
  it("resolves every $ref of the content against its $id as fast-uri does, and compares ids as it does", async () => {
    const refs: { base: string | undefined; ref: string }[] = [];
    const ids = new Set<string>();
    idsAndRefs(Object.values(await readContentDir()), undefined, refs, ids);
    expect(refs.length).toBeGreaterThan(40);
    for (const { base, ref } of refs) {
      const from = base ?? '#';
      expect(uriResolver.resolve(from, ref), `${from} + ${ref}`).toBe(fastUri.resolve(from, ref));
    }
    const list = [...ids];
    for (const a of list.slice(0, 20)) for (const b of list.slice(0, 20)) expect(uriResolver.equal(a, b)).toBe(fastUri.equal(a, b));
  });

  it('answers as fast-uri for relative ids, fragments, dot segments and case', () => {
    const cases: [string, string][] = [
      ['#', '#/definitions/a'],
      ['https://quickapply.example/schemas/steps/a.schema.json', '#/definitions/x'],
      ['https://quickapply.example/schemas/steps/a.schema.json', '../defs/b.schema.json#/definitions/y'],
      ['https://quickapply.example/schemas/steps/a.schema.json', 'https://other.example/c.json'],
      ['https://quickapply.example/schemas/', 'stakeholderList.schema.json#/definitions/complete'],
      ['HTTPS://QuickApply.Example/schemas/a.json', 'b.json'],
      ['steps/a.schema.json', '../defs/b.schema.json'],
    ];
    for (const [base, ref] of cases) expect(uriResolver.resolve(base, ref), `${base} + ${ref}`).toBe(fastUri.resolve(base, ref));
    expect(uriResolver.equal('https://quickapply.example/schemas/a.json', 'HTTPS://QUICKAPPLY.EXAMPLE/schemas/./a.json')).toBe(
      fastUri.equal('https://quickapply.example/schemas/a.json', 'HTTPS://QUICKAPPLY.EXAMPLE/schemas/./a.json'),
    );
    expect(uriResolver.equal('https://quickapply.example/a.json', 'https://quickapply.example/b.json')).toBe(false);
  });
});

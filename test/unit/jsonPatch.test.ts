import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyPatch, createPatch, type PatchOperation, PatchError } from '../../src/shared/jsonPatch';

/** The value, with everything in it frozen (a change in place then throws: the module is strict). */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}

const doc = () => ({ a: 1, list: [{ n: 'x' }, { n: 'y' }], 'we/ird~': { k: true } });

describe('JSON Patch (RFC 6902) for patch saves', () => {
  it('applies every operation, and never changes the document it was given', () => {
    const base = doc();
    const patch: PatchOperation[] = [
      { op: 'replace', path: '/a', value: 2 },
      { op: 'add', path: '/list/-', value: { n: 'z' } },
      { op: 'remove', path: '/list/0' },
      { op: 'add', path: '/we~1ird~0/j', value: [1] },
      { op: 'add', path: '/c', value: 2 },
      { op: 'test', path: '/c', value: 2 },
      { op: 'replace', path: '/list/1/n', value: 'zz' },
    ];
    expect(applyPatch(base, patch)).toEqual({ a: 2, c: 2, list: [{ n: 'y' }, { n: 'zz' }], 'we/ird~': { k: true, j: [1] } });
    expect(base).toEqual(doc());
  });

  it('copies only what an operation touches: the rest is shared with the document given, which stays as it was', () => {
    const base = deepFreeze({ org: { name: 'A', city: 'Dubai' }, people: [{ n: 1, tags: ['a'] }, { n: 2 }], other: { deep: { x: 1 } } });
    const patched = applyPatch(base, [
      { op: 'replace', path: '/org/name', value: 'B' },
      { op: 'add', path: '/people/0/tags/-', value: 'b' },
      { op: 'remove', path: '/people/1/n' },
      { op: 'add', path: '/org/country', value: 'AE' },
    ]);
    expect(patched).toEqual({ org: { name: 'B', city: 'Dubai', country: 'AE' }, people: [{ n: 1, tags: ['a', 'b'] }, {}], other: { deep: { x: 1 } } });
    expect(base).toEqual({ org: { name: 'A', city: 'Dubai' }, people: [{ n: 1, tags: ['a'] }, { n: 2 }], other: { deep: { x: 1 } } });
    expect(patched.other).toBe(base.other);
    expect(patched.org).not.toBe(base.org);
    expect(patched.people[0]).not.toBe(base.people[0]);
    // An operation that fails leaves the given document as it was, whatever the operations before it did.
    expect(() => applyPatch(base, [{ op: 'add', path: '/org/name', value: 'C' }, { op: 'remove', path: '/people/5' }])).toThrow(PatchError);
    expect(base.org.name).toBe('A');
  });

  it('refuses what cannot apply, naming the operation: a missing path, a failed test, a bad index, prototype keys', () => {
    const cases: [PatchOperation[], RegExp][] = [
      [[{ op: 'replace', path: '/missing', value: 1 }], /operation 0 .*does not exist/],
      [[{ op: 'remove', path: '/list/2' }], /out of range/],
      [[{ op: 'add', path: '/list/01', value: 1 }], /not an array index/],
      [[{ op: 'add', path: '/a', value: 1 }, { op: 'test', path: '/a', value: 2 }], /operation 1 .*differs/],
      [[{ op: 'add', path: '/__proto__/polluted', value: 1 }], /forbidden key/],
      [[{ op: 'add', path: '/x/y', value: 1 }], /does not exist/],
      [[{ op: 'copy', from: '', path: '/a' } as unknown as PatchOperation], /unknown operation/],
      [[{ op: 'add', path: 'a', value: 1 }], /not a JSON pointer/],
      [[{ op: 'remove', path: '' }], /whole document/],
      [[{ op: 'nope', path: '/a' } as unknown as PatchOperation], /unknown operation/],
    ];
    for (const [patch, message] of cases) {
      expect(() => applyPatch(doc(), patch)).toThrow(PatchError);
      expect(() => applyPatch(doc(), patch)).toThrow(message);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('creates small patches: one field edited is one operation; a stakeholder added is one add at the end', () => {
    const base = { org: { name: 'A', city: 'Dubai' }, people: [{ n: 1 }, { n: 2 }] };
    expect(createPatch(base, { ...base, org: { name: 'B', city: 'Dubai' } })).toEqual([{ op: 'replace', path: '/org/name', value: 'B' }]);
    expect(createPatch(base, { ...base, people: [...base.people, { n: 3 }] })).toEqual([{ op: 'add', path: '/people/2', value: { n: 3 } }]);
    expect(createPatch(base, { ...base, org: { name: 'A', city: undefined } })).toEqual([{ op: 'remove', path: '/org/city' }]);
    expect(createPatch(base, base)).toEqual([]);
  });

  it('turns any JSON document into any other (property)', () => {
    // Keys that reach a prototype are refused by the patch (and by the input guard before it): not generated.
    const json = fc
      .jsonValue({ maxDepth: 4 })
      .map((v) => JSON.parse(JSON.stringify(v)) as unknown)
      .filter((v) => !/"(__proto__|constructor|prototype)"/.test(JSON.stringify(v)));
    fc.assert(
      fc.property(json, json, (a, b) => {
        // Frozen: a change made in place to any part of the document it was given would throw.
        const given = deepFreeze(structuredClone(a));
        expect(applyPatch(given, createPatch(a, b))).toEqual(b);
        expect(given).toEqual(a);
      }),
      { numRuns: 300 },
    );
  });
});

import { describe, expect, it } from 'vitest';
import { changedPaths } from '../../src/server/prospects/changedPaths';
import { jsonEqual } from '../../src/shared/jsonEqual';

describe('jsonEqual', () => {
  it('compares as JSON would be written, key order aside', () => {
    expect(jsonEqual({ a: 1, b: [1, { c: 'x' }] }, { b: [1, { c: 'x' }], a: 1 })).toBe(true);
    expect(jsonEqual({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(jsonEqual([undefined], [null])).toBe(true);
    expect(jsonEqual({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(jsonEqual({ a: 1, b: 2 }, { a: 1 })).toBe(false);
    expect(jsonEqual([1, 2], [2, 1])).toBe(false);
    expect(jsonEqual([1], { 0: 1 })).toBe(false);
    expect(jsonEqual({ a: null }, { a: undefined })).toBe(false);
    expect(jsonEqual('1', 1)).toBe(false);
    expect(jsonEqual({ a: { b: { c: [1, 2, 3] } } }, { a: { b: { c: [1, 2, 4] } } })).toBe(false);
  });
});

describe('changedPaths', () => {
  it('names each changed value down to depth 4, sorted, and nothing for equal documents', () => {
    const before = { a: { x: 1, y: 2 }, b: [1, 2], c: 'same', d: { e: { f: { g: { h: 1 } } } } };
    expect(changedPaths(before, structuredClone(before))).toEqual([]);
    expect(changedPaths(before, { ...before, a: { y: 2, x: 1 } })).toEqual([]);
    expect(changedPaths(before, { c: 'same', a: { x: 1, y: 3 }, b: [1, 2, 3], d: { e: { f: { g: { h: 2 } } } }, n: true })).toEqual([
      '/a/y',
      '/b/2',
      '/d/e/f/g',
      '/n',
    ]);
    expect(changedPaths(before, { ...before, a: undefined })).toEqual(['/a']);
    expect(changedPaths(1, 2)).toEqual(['/']);
  });
});

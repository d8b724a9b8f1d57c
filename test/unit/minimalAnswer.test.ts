import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applySectionChanges, sectionChanges } from '../../src/shared/minimalAnswer';

describe('the short answer of a save (Prefer: return=minimal)', () => {
  it('names only the sections that differ from the client\'s copy; applied to the copy it gives the stored document', () => {
    const before = { a: { x: 1 }, b: 'kept', c: { gone: true }, server: { n: 1 } };
    const sent = { a: { x: 2 }, b: 'kept', c: { gone: true }, d: { hidden: 'answer' } };
    const stored = { a: { x: 2, derived: 3 }, b: 'kept', server: { n: 2 } };
    const changes = sectionChanges(stored, sent, before);
    expect(changes).toEqual({ prospect: { a: { x: 2, derived: 3 }, server: { n: 2 } }, removedSections: ['c', 'd'] });
    expect(applySectionChanges({ ...before, ...sent }, changes)).toEqual(stored);
  });

  it('round-trips any documents', () => {
    const doc = fc.dictionary(fc.constantFrom('a', 'b', 'c', 'd', 'e'), fc.jsonValue({ maxDepth: 3 }));
    fc.assert(
      fc.property(doc, doc, doc, (before, sent, stored) => {
        const copy = JSON.parse(JSON.stringify({ ...before, ...sent })) as Record<string, unknown>;
        const applied = applySectionChanges(copy, sectionChanges(stored, sent, before));
        expect(JSON.parse(JSON.stringify(applied))).toEqual(JSON.parse(JSON.stringify(stored)));
      }),
    );
  });
});

import { describe, expect, it } from 'vitest';
import { nameWords, normaliseMobile } from '../../src/shared/searchText';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { labelOf } from '../../src/content/lifecycle';
import { parseLifecycle } from '../../src/content/lifecycleSchema';

const lifecycle = parseLifecycle(JSON.parse(readFileSync(join(import.meta.dirname, '../../schemas/lifecycle.json'), 'utf8')));
const statusWords = (code: string) => labelOf(lifecycle, code);

describe('search words and mobile numbers', () => {
  it('splits names into lower-case words without accents or punctuation, once each', () => {
    expect(nameWords('Omar  Khalid-Haddad')).toEqual(['omar', 'khalid', 'haddad']);
    expect(nameWords('Café Olé & Co.')).toEqual(['cafe', 'ole', 'co']);
    expect(nameWords("O'Brien O'BRIEN")).toEqual(['o', 'brien']);
    expect(nameWords('شركة النور')).toEqual(['شركة', 'النور']);
    expect(nameWords(' -- ')).toEqual([]);
    expect(nameWords(undefined)).toEqual([]);
  });

  it('reads a UAE mobile the same way whatever way it was typed', () => {
    for (const typed of ['501234567', '0501234567', '971501234567', '+971501234567', '+971 50 123 4567', '00971501234567', '(050) 123-4567']) {
      expect(normaliseMobile(typed), typed).toBe('501234567');
    }
    expect(normaliseMobile('0501234567', '971')).toBe('501234567');
    // Another country's code is taken off when it is the one chosen.
    expect(normaliseMobile('+91 98765 43210', '91')).toBe('9876543210');
    // A short number that merely starts like the code keeps its digits.
    expect(normaliseMobile('97112')).toBe('97112');
  });

  it('words a status code, known or not, never showing the raw code', () => {
    expect(statusWords('SUBMITTED')).toBe('Submitted');
    expect(statusWords('NEED_ADDITIONAL_INFO')).toBe('Need Additional Information/Documents');
    expect(statusWords('WAITING_FOR_CALL')).toBe('Waiting for call');
  });
});

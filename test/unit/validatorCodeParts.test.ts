import { describe, expect, it } from 'vitest';
import { splitCode } from '../../src/server/repositories/validatorCodeRepository';

describe('splitCode (validator code stored in parts, migrations/025)', () => {
  it('cuts into parts of the size, the last shorter, which join to the text', () => {
    const text = 'abcdefghij';
    expect(splitCode(text, 4)).toEqual(['abcd', 'efgh', 'ij']);
    expect(splitCode(text, 10)).toEqual([text]);
    expect(splitCode('', 4)).toEqual(['']);
  });

  it('never cuts a surrogate pair in two (each part is stored as UTF-8 on its own)', () => {
    const text = 'abc😀def😀';
    const parts = splitCode(text, 4);
    expect(parts.join('')).toBe(text);
    for (const part of parts) expect(part).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
    expect(parts[0]).toBe('abc😀');
  });
});

import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { ar } from '../../../src/app/i18n/ar';
import { en } from '../../../src/app/i18n/en';
import { westernDigits } from '../../../src/shared/digits';

/** The argument names of an ICU message (plural branches included). */
function argumentsOf(elements: MessageFormatElement[], out = new Set<string>()): Set<string> {
  for (const e of elements) {
    if (e.type === TYPE.argument || e.type === TYPE.number || e.type === TYPE.date || e.type === TYPE.time) out.add(e.value);
    if (e.type === TYPE.plural || e.type === TYPE.select) {
      out.add(e.value);
      for (const option of Object.values(e.options)) argumentsOf(option.value, out);
    }
  }
  return out;
}

/** The switch names the other language in its own script, so it is the one text that is not in its catalogue's language. */
const OTHER_LANGUAGE = new Set(['language.switch']);

describe("the app's own texts", () => {
  it('have an Arabic text for every English one and no Arabic text without an English one', () => {
    expect(Object.keys(ar).sort()).toEqual(Object.keys(en).sort());
  });

  it('are Arabic in the Arabic catalogue (not the English copied) and parse as ICU messages with the same arguments', () => {
    for (const id of Object.keys(en) as (keyof typeof en)[]) {
      if (!OTHER_LANGUAGE.has(id)) expect(ar[id], id).toMatch(/[\u0600-\u06FF]/);
      expect([...argumentsOf(parse(ar[id]))].sort(), id).toEqual([...argumentsOf(parse(en[id]))].sort());
    }
  });

  it('Arabic plurals have the forms Arabic needs (one, two, few, many, other)', () => {
    const plural = parse(ar['verify.attemptsLeft'])[0]!;
    expect(plural.type).toBe(TYPE.plural);
    if (plural.type === TYPE.plural) expect(Object.keys(plural.options).sort()).toEqual(['few', 'many', 'one', 'other', 'two', 'zero']);
  });
});

describe('digits typed on an Arabic keyboard', () => {
  it('become Western digits, other characters kept', () => {
    expect(westernDigits('٠٥٠١٢٣٤٥٦٧')).toBe('0501234567');
    expect(westernDigits('۷۸۴-۱۹۹۰')).toBe('784-1990');
    expect(westernDigits('CN-١٢٣')).toBe('CN-123');
    expect(westernDigits('abc 123')).toBe('abc 123');
  });
});

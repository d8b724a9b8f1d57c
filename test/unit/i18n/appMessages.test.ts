// @vitest-environment happy-dom
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { ENGLISH_WIDGET_TEXTS } from '../../../widgets/lib/WidgetTexts';
import { ar } from '../../../src/app/i18n/ar';
import { en as entryTexts } from '../../../src/app/i18n/en';
import { enPages } from '../../../src/app/i18n/enPages';
import { enStakeholders } from '../../../src/app/i18n/enStakeholders';
import { westernDigits } from '../../../src/shared/digits';
import compiledAr from 'virtual:app-messages/ar';
import compiledEn from 'virtual:app-messages/en';
import compiledEnPages from 'virtual:app-messages/enPages';
import compiledEnAgent from 'virtual:app-messages/enAgent';
import compiledArAgent from 'virtual:app-messages/arAgent';
import compiledEnStudio from 'virtual:app-messages/enStudio';
import compiledArStudio from 'virtual:app-messages/arStudio';
import { enAgent } from '../../../src/app/i18n/enAgent';
import { arAgent } from '../../../src/app/i18n/arAgent';
import { enStudio } from '../../../src/app/i18n/enStudio';
import { arStudio } from '../../../src/app/i18n/arStudio';
import compiledEnStakeholders from 'virtual:app-messages/enStakeholders';

/** Every English text of the app: the entry chunk's (en.ts), the later pages' (enPages.ts) and the stakeholders page's (enStakeholders.ts), no id in two. */
const en = { ...entryTexts, ...enPages, ...enStakeholders };

/** The argument names of an ICU message (plural branches included). */
function argumentsOf(elements: MessageFormatElement[], out = new Set<string>()): Set<string> {
  for (const e of elements) {
    if (e.type === TYPE.argument || e.type === TYPE.number || e.type === TYPE.date || e.type === TYPE.time) out.add(e.value);
    if (e.type === TYPE.tag) {
      out.add(`<${e.value}>`);
      argumentsOf(e.children, out);
    }
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
    expect(Object.keys(enPages).filter((id) => id in entryTexts)).toEqual([]);
    expect(Object.keys(enStakeholders).filter((id) => id in entryTexts || id in enPages)).toEqual([]);
    expect(Object.keys(ar).sort()).toEqual(Object.keys(en).sort());
  });

  it('are Arabic in the Arabic catalogue (not the English copied) and parse as ICU messages with the same arguments', () => {
    for (const id of Object.keys(en) as (keyof typeof en)[]) {
      if (!OTHER_LANGUAGE.has(id)) expect(ar[id], id).toMatch(/[\u0600-\u06FF]/);
      expect([...argumentsOf(parse(ar[id]))].sort(), id).toEqual([...argumentsOf(parse(en[id]))].sort());
    }
  });

  it("in each staff area (agent pages, studio) have the same ids in Arabic, Arabic words, and the same arguments", () => {
    const areas: [string, Record<string, string>, Record<string, string>][] = [
      ['agent', enAgent, arAgent],
      ['studio', enStudio, arStudio],
    ];
    const ids = new Set(Object.keys(en));
    for (const [area, english, arabic] of areas) {
      expect(Object.keys(arabic).sort(), area).toEqual(Object.keys(english).sort());
      for (const id of Object.keys(english)) {
        expect(ids.has(id), `${id} is also an id of en.ts or enPages.ts`).toBe(false);
        expect(id.startsWith(`${area}.`), `${id} starts with "${area}."`).toBe(true);
        expect(arabic[id], id).toMatch(/[\u0600-\u06FF]/);
        expect([...argumentsOf(parse(arabic[id]!))].sort(), id).toEqual([...argumentsOf(parse(english[id]!))].sort());
      }
    }
  });

  it('Arabic plurals have the forms Arabic needs (one, two, few, many, other)', () => {
    const plural = parse(ar['verify.attemptsLeft'])[0]!;
    expect(plural.type).toBe(TYPE.plural);
    if (plural.type === TYPE.plural) expect(Object.keys(plural.options).sort()).toEqual(['few', 'many', 'one', 'other', 'two', 'zero']);
  });
});

describe('the compiled messages the browser formats (no ICU parser in the app build)', () => {
  it('are the catalogues parsed, message by message, and format as the texts do', () => {
    const catalogues: [Record<string, string>, Record<string, MessageFormatElement[]>, 'en' | 'ar'][] = [
      [entryTexts, compiledEn, 'en'],
      [enPages, compiledEnPages, 'en'],
      [enStakeholders, compiledEnStakeholders, 'en'],
      [ar, compiledAr, 'ar'],
      [enAgent, compiledEnAgent, 'en'],
      [arAgent, compiledArAgent, 'ar'],
      [enStudio, compiledEnStudio, 'en'],
      [arStudio, compiledArStudio, 'ar'],
    ];
    for (const [catalogue, compiled, locale] of catalogues) {
      expect(Object.keys(compiled).sort()).toEqual(Object.keys(catalogue).sort());
      const fromText = createIntl({ locale, messages: catalogue });
      const fromAst = createIntl({ locale, messages: compiled });
      for (const [id, text] of Object.entries(catalogue)) {
        const ast = compiled[id] ?? [];
        expect(compiled[id], id).toEqual(parse(text));
        const values = Object.fromEntries([...argumentsOf(ast)].filter((a) => !a.startsWith('<')).map((a) => [a, 3]));
        const tags = Object.fromEntries([...argumentsOf(ast)].filter((a) => a.startsWith('<')).map((a) => [a.slice(1, -1), (chunks: unknown[]) => `[${chunks.join('')}]`]));
        expect(fromAst.formatMessage({ id }, { ...values, ...tags }), id).toEqual(fromText.formatMessage({ id }, { ...values, ...tags }));
      }
    }
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

describe("the widgets' words", () => {
  it('in English are the widgets\' defaults, and in Arabic are Arabic', () => {
    const english = createIntl({ locale: 'en', messages: en });
    const arabic = createIntl({ locale: 'ar', messages: ar });
    for (const count of [0, 1, 2, 5]) {
      expect(english.formatMessage({ id: 'widgets.errorSummary' }, { count })).toBe(ENGLISH_WIDGET_TEXTS.errorSummary(count));
    }
    expect(english.formatMessage({ id: 'widgets.dateFromUntil' }, { from: '01/01/1900', until: '15/01/2026' })).toBe(ENGLISH_WIDGET_TEXTS.dateRange('01/01/1900', '15/01/2026'));
    expect(english.formatMessage({ id: 'widgets.dateUntil' }, { until: '15/01/2026' })).toBe(ENGLISH_WIDGET_TEXTS.dateRange(undefined, '15/01/2026'));
    expect(arabic.formatMessage({ id: 'widgets.errorSummary' }, { count: 2 })).toBe('يوجد خطآن في النموذج، ويظهر كل منهما بجانب الحقل المعني.');
    expect(arabic.formatMessage({ id: 'widgets.errorSummary' }, { count: 3 })).toBe('توجد 3 أخطاء في النموذج، ويظهر كل منها بجانب الحقل المعني.');
  });
});

describe('dates in the page language', () => {
  it('are written in Arabic month names with Western digits, and as before in English', async () => {
    const { renderHook } = await import('@testing-library/react');
    const { createElement } = await import('react');
    const { IntlProvider } = await import('react-intl');
    const { useFormatDate } = await import('../../../src/app/i18n/useFormatDate');
    const inArabic = renderHook(() => useFormatDate(), { wrapper: ({ children }) => createElement(IntlProvider, { locale: 'ar', messages: ar }, children) });
    expect(inArabic.result.current('2026-11-24T10:00:00Z')).toBe('24 نوفمبر 2026');
    const inEnglish = renderHook(() => useFormatDate());
    expect(inEnglish.result.current('2026-11-24T10:00:00Z')).toBe('24 Nov 2026');
  });
});

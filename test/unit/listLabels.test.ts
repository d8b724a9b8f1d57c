import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** The reference lists people read (issue 14, item 14): spelling reviewed against the bank's datalist. */
interface Option { value: string; label: string; children?: Option[] }
const dir = join(import.meta.dirname, '..', '..', 'schemas', 'lists');
const lists = Object.fromEntries(
  readdirSync(dir).filter((f) => f.endsWith('.json')).map((f) => [f.replace(/\.json$/, ''), JSON.parse(readFileSync(join(dir, f), 'utf8')) as { options: Option[] }]),
);
const labels = (options: Option[]): string[] => options.flatMap((o) => [o.label, ...labels(o.children ?? [])]);

describe('reference list labels', () => {
  it('carry none of the datalist spelling slips', () => {
    const slips = /ALCHOHOLIC|ALUMININUM|Antartica|APPLIANCANCES|FURNSHINGS|INCLUDLING|PRODUSCTS|RESIDENCIAL|FREEZON\b|Battutta|\bEmmar\b|Mart 1, Branch|^Columbia$|Jan Mayan|Turka and|Monserrat|Outlaying|Fasso/i;
    const found = Object.entries(lists).flatMap(([name, l]) => labels(l.options).filter((t) => slips.test(t)).map((t) => `${name}: ${t}`));
    expect(found).toEqual([]);
    expect(labels(lists.branchCity!.options)).toEqual(expect.arrayContaining(['Ibn Battuta Branch', 'Emaar Branch', 'Dragon Mart 1 Branch']));
  });

  it('are never cut short: no label ends in a fragment of one or two letters or a clipped word (the datalist cut country names at 20 characters)', () => {
    // Whole words of one or two letters a label may end with.
    const words = new Set(['of', 'UK', 'US', 'TV', 'FZ', 'IT', 'PR', 'AD']);
    const cut = (t: string) => {
      const last = /[\s-]([A-Za-z]{1,2})$/.exec(t)?.[1];
      return (last !== undefined && !words.has(last)) || /\b(Oc|Rep|Utd|Brit|Sthn|Terr|Jamah|Dem|Gre|ISL)\b/.test(t);
    };
    const found = Object.entries(lists).flatMap(([name, l]) => labels(l.options).filter(cut).map((t) => `${name}: ${t}`));
    expect(found).toEqual([]);
    for (const name of ['country', 'countryOfIncorporation']) {
      const label = (code: string) => lists[name]!.options.find((o) => o.value === code)?.label;
      expect([label('IO'), label('GS'), label('TZ'), label('VG')]).toEqual(['British Indian Ocean Territory', 'South Georgia and the South Sandwich Islands', 'Tanzania, United Republic of', 'Virgin Islands, British']);
    }
  });

  it('offer a designation for business owners, and no alcohol to Islamic banking customers', () => {
    expect(lists.designation!.options.find((o) => o.value === 'C1')?.label).toBe('CEO / Business owner');
    expect(labels(lists.industryIslamic!.options).filter((t) => /alcohol/i.test(t))).toEqual([]);
    expect(labels(lists.industry!.options).filter((t) => /alcohol/i.test(t)).length).toBeGreaterThan(0);
  });
});

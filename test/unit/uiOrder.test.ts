import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * "I don't have any suppliers yet" stood above "Who are your top suppliers?", at the end of the customers' block
 * (QA, 1366 px): a checkbox that hides a field ("none yet") belongs to that field's block, so it comes right after
 * the field it hides in `ui:order`, under that field's heading, never before the heading.
 */
const dir = join(import.meta.dirname, '..', '..', 'schemas', 'steps');
type Node = Record<string, unknown>;
const isObj = (v: unknown): v is Node => !!v && typeof v === 'object' && !Array.isArray(v);

/** The sibling checkbox a field's visibleWhen names as `{"!=": [{"var": x}, true]}` (alone or in an "and"). */
function hiddenBy(ui: Node, siblings: Node): string | undefined {
  const when = (ui['ui:logic'] as { visibleWhen?: unknown } | undefined)?.visibleWhen;
  const terms = isObj(when) && Array.isArray(when.and) ? when.and : [when];
  for (const t of terms) {
    const args = isObj(t) ? t['!='] : undefined;
    if (!Array.isArray(args) || args[1] !== true || !isObj(args[0]) || typeof args[0].var !== 'string') continue;
    const name = args[0].var;
    if ((siblings[name] as Node | undefined)?.['ui:widget'] === 'Checkbox') return name;
  }
  return undefined;
}

function pairs(ui: Node, at: string, out: { at: string; field: string; checkbox: string; order: string[] }[]): void {
  const order = Array.isArray(ui['ui:order']) ? (ui['ui:order'] as string[]) : undefined;
  for (const [key, child] of Object.entries(ui)) {
    if (key.startsWith('ui:') || !isObj(child)) continue;
    const checkbox = hiddenBy(child, ui);
    if (checkbox && order) out.push({ at, field: key, checkbox, order });
    pairs(child, `${at}/${key}`, out);
  }
}

describe('a "none yet" checkbox sits in the block of the field it hides', () => {
  const found: { file: string; at: string; field: string; checkbox: string; order: string[] }[] = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.ui.json'))) {
    const list: { at: string; field: string; checkbox: string; order: string[] }[] = [];
    pairs(JSON.parse(readFileSync(join(dir, file), 'utf8')) as Node, '', list);
    found.push(...list.map((p) => ({ file, ...p })));
  }

  it('finds the suppliers and goods checkboxes of Final Questions step 1', () => {
    expect(found.map((f) => `${f.file}:${f.checkbox}`)).toEqual(
      expect.arrayContaining(['fqBusinessRelationships.ui.json:dontHaveSuppliersYet', 'fqBusinessRelationships.ui.json:dontTradeGoodsYet']),
    );
  });

  it.each(found.map((f) => [`${f.file}${f.at}: ${f.checkbox} after ${f.field}`, f] as const))('%s', (_name, f) => {
    expect(f.order.indexOf(f.checkbox)).toBe(f.order.indexOf(f.field) + 1);
  });
});

/**
 * The list editor's model: a reference list `lists/<name>.json` ({ name, title, options: [{ value, label,
 * children?, retired? }] }). Staff add options (the code is derived from the label), rename labels, reorder,
 * retire codes and import from CSV. A retired option stays in the list, so `x-list` keeps accepting it and saved
 * applications keep their answer (shown with its label), but the widgets offer it for no new choice
 * (widgets/lib/useListOptions.ts). Only an option that the published list does not have yet can be deleted.
 */
import type { ListOption, ReferenceList } from '../../../validation/lists';
import { type StaffText, StaffTextError } from './staffText';

export const LIST_NAME = /^[A-Za-z0-9]+$/;

/** A list's file name from its title: "Preferred branch" -> "preferredBranch" (unique among `taken`). */
export function listNameFromTitle(title: string, taken: Iterable<string>): string {
  const words = title
    .replace(/[^A-Za-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);
  let name = words.map((w, i) => (i === 0 ? w.toLowerCase() : w[0]!.toUpperCase() + w.slice(1).toLowerCase())).join('') || 'list';
  if (/^[0-9]/.test(name)) name = `list${name}`;
  const used = new Set(taken);
  let unique = name;
  for (let n = 2; used.has(unique); n++) unique = `${name}${n}`;
  return unique;
}

export const newList = (name: string, title: string): ReferenceList => ({
  name,
  title: title.trim(),
  options: [],
});

/** An option's code from its label: "Abu Dhabi" -> "ABU_DHABI" (unique in the list). */
export function codeFromLabel(label: string, list: ReferenceList): string {
  const base =
    label
      .normalize('NFKD')
      .replace(/[^A-Za-z0-9]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .toUpperCase()
      .slice(0, 30) || 'OPTION';
  const used = new Set(list.options.map((o) => String(o.value)));
  let code = base;
  for (let n = 2; used.has(code); n++) code = `${base}_${n}`;
  return code;
}

const withOptions = (list: ReferenceList, options: ListOption[]): ReferenceList => ({ ...list, options });

export function addOption(list: ReferenceList, label: string, code?: string): ReferenceList {
  const text = label.trim();
  if (!text) throw new StaffTextError({ id: 'studio.list.noLabel' });
  const value = code?.trim() || codeFromLabel(text, list);
  if (list.options.some((o) => String(o.value) === value)) throw new StaffTextError({ id: 'studio.list.codeTaken', values: { code: value } });
  return withOptions(list, [...list.options, { value, label: text }]);
}

export function renameOption(list: ReferenceList, index: number, label: string): ReferenceList {
  return withOptions(
    list,
    list.options.map((o, i) => (i === index ? { ...o, label } : o)),
  );
}

export function moveOption(list: ReferenceList, index: number, delta: number): ReferenceList {
  const to = index + delta;
  if (to < 0 || to >= list.options.length) return list;
  const options = [...list.options];
  const [moved] = options.splice(index, 1);
  options.splice(to, 0, moved!);
  return withOptions(list, options);
}

/** Retires (or restores) an option: kept for saved answers, not offered for new ones. */
export function retireOption(list: ReferenceList, index: number, retired: boolean): ReferenceList {
  return withOptions(
    list,
    list.options.map((o, i) => {
      if (i !== index) return o;
      const { retired: _old, ...rest } = o;
      return retired ? { ...rest, retired: true } : rest;
    }),
  );
}

/** Deletes an option the published list does not have (a published code is retired instead). */
export function deleteOption(list: ReferenceList, index: number, published: ReferenceList | undefined): ReferenceList {
  const option = list.options[index];
  if (!option) return list;
  if (published?.options.some((o) => String(o.value) === String(option.value)))
    throw new StaffTextError({ id: 'studio.list.published', values: { label: option.label } });
  return withOptions(
    list,
    list.options.filter((_, i) => i !== index),
  );
}

/** Splits one CSV line (commas or semicolons, double quotes around a cell, "" for a quote inside). */
function cells(line: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cur += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cur += c;
    } else if (c === '"') quoted = true;
    else if (c === ',' || c === ';') {
      out.push(cur.trim());
      cur = '';
    } else cur += c;
  }
  out.push(cur.trim());
  return out;
}

export interface CsvImport {
  list: ReferenceList;
  added: number;
  renamed: number;
  problems: StaffText[];
}

/**
 * Imports options from CSV: "code,label" lines (or one column: labels, codes derived). A header line naming
 * code / value and label is skipped. A known code gets the new label; a new code is added at the end.
 */
export function importCsv(list: ReferenceList, text: string): CsvImport {
  const lines = text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  let next = list;
  let added = 0;
  let renamed = 0;
  const problems: StaffText[] = [];
  lines.forEach((line, n) => {
    const row = cells(line);
    if (n === 0 && /^(code|value)$/i.test(row[0] ?? '') && /^label$/i.test(row[1] ?? '')) return;
    const [code, label] = row.length >= 2 ? [row[0]!, row.slice(1).join(', ')] : [undefined, row[0]!];
    if (!label) {
      problems.push({ id: 'studio.list.csvNoLabel', values: { line: n + 1 } });
      return;
    }
    const index = code === undefined ? -1 : next.options.findIndex((o) => String(o.value) === code);
    if (index >= 0) {
      if (next.options[index]!.label !== label) {
        next = renameOption(next, index, label);
        renamed++;
      }
      return;
    }
    if (code === undefined && next.options.some((o) => o.label === label)) return;
    next = addOption(next, label, code);
    added++;
  });
  return { list: next, added, renamed, problems };
}

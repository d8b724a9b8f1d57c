import { canonicalJson } from '../../../content/contentHash';
import type { ContentFiles } from '../../../content/contentTypes';

/**
 * A step's draft in the editor: the text of each file being edited (kept as text so a half-typed JSON is not
 * lost) and the published version it started from. The parsed, changed files are saved to the server draft.
 */
export interface StudioDraft {
  baseVersion: number;
  texts: Record<string, string>;
}

export const schemaPath = (step: string) => `steps/${step}.schema.json`;
export const uiPath = (step: string) => `steps/${step}.ui.json`;
export const listPath = (list: string) => `lists/${list}.json`;

/** Names of the reference lists a schema uses through `x-list` (variants included). */
export function listsUsedBy(schema: unknown): string[] {
  const names = new Set<string>();
  const walk = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (key === 'x-list' && value && typeof value === 'object') {
        const rule = value as { list?: unknown; variants?: { list?: unknown }[] };
        if (typeof rule.list === 'string') names.add(rule.list);
        for (const v of rule.variants ?? []) if (typeof v.list === 'string') names.add(v.list);
      }
      walk(value);
    }
  };
  walk(schema);
  return [...names].sort();
}

export const pretty = (value: unknown) => JSON.stringify(value, null, 2) + '\n';

/** A fresh draft of a step: its schema, UI schema and the lists it uses, as published. */
export function newDraft(step: string, version: number, files: ContentFiles): StudioDraft {
  const texts: Record<string, string> = {};
  // The Arabic catalogue: its texts of the step are edited beside the English (studio/translations.ts).
  const paths = [schemaPath(step), uiPath(step), ...listsUsedBy(files[schemaPath(step)]).map(listPath), ...(files['i18n/ar.json'] ? ['i18n/ar.json'] : [])];
  for (const path of paths) texts[path] = pretty(files[path] ?? {});
  return { baseVersion: version, texts };
}

/** The draft's files that parse and differ from the published content (what check and publish send). */
export function changedFiles(draft: StudioDraft, base: ContentFiles): { files: ContentFiles; unparsable: string[] } {
  const files: ContentFiles = {};
  const unparsable: string[] = [];
  for (const [path, text] of Object.entries(draft.texts)) {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      unparsable.push(path);
      continue;
    }
    if (base[path] === undefined || canonicalJson(base[path]) !== canonicalJson(value)) files[path] = value;
  }
  return { files, unparsable };
}

/** The published content with the draft applied (files that do not parse keep their published form). */
export function withDraft(base: ContentFiles, draft: StudioDraft): ContentFiles {
  return { ...base, ...changedFiles(draft, base).files };
}

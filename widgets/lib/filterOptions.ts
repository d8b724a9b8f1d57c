import type { ListOption } from '../../src/validation/lists';

/** What a searchable list says instead of options: too little typed, nothing found, an empty list. */
export type SearchPrompt = 'short' | 'none' | 'empty';

export interface FilterResult {
  /** Options to show, at most `max`. */
  options: ListOption[];
  /** The prompt to show instead of (or when there are no) options, if any (WidgetTexts.searchPrompts words it). */
  prompt?: SearchPrompt;
}

/**
 * Search of a large list: nothing until `minChars` characters are typed, then options whose label or value
 * contains the text (case-insensitive), labels starting with it first, then options whose `keywords` (other
 * names they are known by, e.g. the countries of a dialling code) contain it, cut at `max` results.
 */
export function filterOptions(options: ListOption[], query: string, minChars = 2, max = 200, keywords?: Map<string, string>): FilterResult {
  if (options.length === 0) return { options: [], prompt: 'empty' };
  const q = query.trim().toLowerCase();
  if (q.length < minChars) return { options: [], prompt: 'short' };
  const starts: ListOption[] = [];
  const contains: ListOption[] = [];
  const known: ListOption[] = [];
  // '+971', '971' and '00971' all find the code +971.
  const digits = /^(\+|00)?\d[\d-]*$/.test(q) ? q.replace(/^(\+|00)/, '') : undefined;
  for (const option of options) {
    const label = option.label.toLowerCase();
    if (label.startsWith(q) || (digits !== undefined && option.value.startsWith(digits))) starts.push(option);
    else if (label.includes(q) || option.value.toLowerCase() === q) contains.push(option);
    else if (keywords?.get(option.value)?.toLowerCase().includes(q)) known.push(option);
  }
  const found = starts.concat(contains, known).slice(0, max);
  return found.length ? { options: found } : { options: [], prompt: 'none' };
}

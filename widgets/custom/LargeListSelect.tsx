import { type WidgetProps } from '@rjsf/utils';
import { useMemo, useState } from 'react';
import { DIAL_CODE_LIST } from '../../src/validation/lists';
import type { FormContext } from '../FormContext';
import { dialCodeCountryNames, dialCodeKeywords } from '../lib/dialCodes';
import { filterOptions } from '../lib/filterOptions';
import { type ListRef, useListOptions } from '../lib/useListOptions';
import { SearchList } from '../lib/SearchList';
import { useControlDescribedBy } from '../lib/describedBy';

/**
 * Search in a large reference list (countries, dialling codes): a searchable list (SearchList) that lists nothing until
 * 2 characters are typed ('Type at least 2 characters to search'), then at most 200 matches ('No matches';
 * 'No options' when the list is empty). ui:options.minChars / maxResults override the spec's 2 and 200.
 * Dialling codes (x-list countryCode) are also found by country name or ISO code.
 */
export function LargeListSelect(props: WidgetProps) {
  const { id, htmlName, value, schema, registry, placeholder, disabled, readonly, autofocus, rawErrors, onChange, onBlur, onFocus, options } = props;
  const { options: listOptions } = useListOptions(schema, registry.formContext as FormContext, id, value);
  const selected = listOptions.find((o) => o.value === value);
  const selectedText = selected?.label ?? (typeof value === 'string' ? value : '');
  const [query, setQuery] = useState<string | null>(null); // null: not typing, show the selected label
  const minChars = typeof options.minChars === 'number' ? options.minChars : 2;
  const maxResults = typeof options.maxResults === 'number' ? options.maxResults : 200;
  // Dialling codes are found by country name and ISO code too ('India', 'uk'), and show their countries.
  const countries = (registry.formContext as FormContext | undefined)?.lists?.country?.options;
  const dialCodes = (schema['x-list'] as ListRef | undefined)?.list === DIAL_CODE_LIST && countries !== undefined;
  const keywords = useMemo(() => (dialCodes ? dialCodeKeywords(listOptions, countries) : undefined), [dialCodes, listOptions, countries]);
  const result = useMemo(() => filterOptions(listOptions, query ?? '', minChars, maxResults, keywords), [listOptions, query, minChars, maxResults, keywords]);
  const byValue = useMemo(() => new Map(listOptions.map((o) => [o.value, o])), [listOptions]);
  const detail = dialCodes ? (v: string) => dialCodeCountryNames(byValue.get(v), countries) : undefined;

  const describedBy = useControlDescribedBy(id);
  return (
    <SearchList
      id={id}
      name={htmlName || id}
      // A dialling code ('+971') reads left to right in an Arabic form, a country's Arabic name right to left.
      dir="auto"
      text={query ?? selectedText}
      result={result}
      detail={detail}
      selected={typeof value === 'string' && value ? [value] : []}
      placeholder={placeholder || undefined}
      disabled={disabled || readonly}
      autoFocus={autofocus}
      invalid={rawErrors && rawErrors.length > 0 ? true : undefined}
      describedBy={describedBy}
      onType={(typed) => {
        // Typing after a chosen value ('+971' then '44') starts a new search instead of appending to it.
        setQuery(query === null && selectedText && typed.startsWith(selectedText) && typed.length > selectedText.length ? typed.slice(selectedText.length) : typed);
      }}
      onPick={(picked) => {
        setQuery(null);
        onChange(picked);
      }}
      onBlur={() => {
        if (query === '') onChange(options.emptyValue); // clearing the text clears the choice
        setQuery(null);
        onBlur(id, value);
      }}
      // Escape drops the text typed without a choice: the field shows the answer (or nothing); typing after it starts anew.
      onCancel={() => setQuery(null)}
      onFocus={(e) => {
        // The chosen value is selected, so typing replaces it.
        e.target.select();
        onFocus(id, value);
      }}
    />
  );
}

import { type WidgetProps } from '@rjsf/utils';
import { useMemo, useState } from 'react';
import type { FormContext } from '../FormContext';
import { filterOptions } from '../lib/filterOptions';
import { useListOptions } from '../lib/useListOptions';
import { SearchList } from '../lib/SearchList';
import { useControlDescribedBy } from '../lib/describedBy';

/**
 * MultiListSelect over a long list: a searchable list of several answers (SearchList), searched like
 * LargeListSelect. A chunk of its own (loaded by MultiListSelect through lazyWidget).
 */
export function MultiListCombobox(props: WidgetProps) {
  const { id, value, schema, registry, placeholder, disabled, readonly, rawErrors, onChange, onBlur, onFocus } = props;
  const { options: listOptions } = useListOptions(schema, registry.formContext as FormContext, id, value);
  const selected = Array.isArray(value) ? (value as string[]) : [];
  const [query, setQuery] = useState('');
  const result = useMemo(() => filterOptions(listOptions, query), [listOptions, query]);
  const invalid = rawErrors && rawErrors.length > 0 ? true : undefined;
  // Keep the list's order, so the stored array does not depend on the order of clicks.
  const ordered = (values: string[]) => listOptions.map((o) => o.value).filter((v) => values.includes(v));
  const describedBy = useControlDescribedBy(id);
  const labels = listOptions.filter((o) => selected.includes(o.value)).map((o) => o.label);
  return (
    <SearchList
      id={id}
      multiple
      text={query}
      result={result}
      selected={selected}
      placeholder={labels.length ? labels.join(', ') : placeholder || undefined}
      disabled={disabled || readonly}
      invalid={invalid}
      describedBy={describedBy}
      onType={setQuery}
      onPick={(picked) => onChange(ordered(selected.includes(picked) ? selected.filter((v) => v !== picked) : [...selected, picked]))}
      onBlur={() => {
        setQuery('');
        onBlur(id, value);
      }}
      onCancel={() => setQuery('')}
      onFocus={() => onFocus(id, value)}
    />
  );
}

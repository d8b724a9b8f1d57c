import { Combobox } from '@fluentui/react-components';
import { type WidgetProps } from '@rjsf/utils';
import { useMemo, useState } from 'react';
import type { FormContext } from '../FormContext';
import { filterOptions } from '../lib/filterOptions';
import { useWidgetTexts } from '../lib/WidgetTexts';
import { useListOptions } from '../lib/useListOptions';
import { SearchResultOptions } from './SearchResultOptions';
import { useControlDescribedBy } from '../lib/describedBy';

/**
 * MultiListSelect over a long list: a multiselect Combobox searched like LargeListSelect. A chunk of its own
 * (loaded by MultiListSelect through lazyWidget), with the Combobox.
 */
export function MultiListCombobox(props: WidgetProps) {
  const texts = useWidgetTexts();
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
    <Combobox
      id={id}
      multiselect
      freeform
      value={query}
      selectedOptions={selected}
      placeholder={labels.length ? labels.join(', ') : placeholder || undefined}
      disabled={disabled || readonly}
      aria-invalid={invalid}
      aria-describedby={describedBy}
      expandIcon={{ 'aria-label': texts.openList }}
      onChange={(e) => setQuery(e.target.value)}
      onOptionSelect={(_, data) => onChange(ordered(data.selectedOptions.filter((v) => v !== '')))}
      onBlur={() => {
        setQuery('');
        onBlur(id, value);
      }}
      onFocus={() => onFocus(id, value)}
    >
      <SearchResultOptions result={result} />
    </Combobox>
  );
}

import { Select } from '@fluentui/react-components';
import { type WidgetProps } from '@rjsf/utils';
import { useCallback } from 'react';
import type { FormContext } from '../FormContext';
import { useClearOnParentChange, useListOptions } from '../lib/useListOptions';
import { useWidgetTexts } from '../lib/WidgetTexts';
import { useControlDescribedBy } from '../lib/describedBy';

/**
 * A native select over a small reference list named by the field's `x-list` (from formContext.lists).
 * Islamic variants follow formContext.islamic; with `x-list.childOf` the options are the children of the
 * option chosen in the sibling field (read from ParentDataContext, see ObjectFieldTemplate): the select is
 * disabled until the sibling is chosen and is cleared when the sibling changes.
 */
export function ListSelect(props: WidgetProps) {
  const texts = useWidgetTexts();
  const { id, htmlName, value, schema, registry, placeholder, disabled, readonly, autofocus, rawErrors, onChange, onBlur, onFocus, options } = props;
  const { options: listOptions, waitingForParent, parentValue } = useListOptions(schema, registry.formContext as FormContext, id, value);
  const clear = useCallback(() => onChange(options.emptyValue), [onChange, options.emptyValue]);
  useClearOnParentChange(parentValue, value, clear);
  const current = typeof value === 'string' ? value : '';
  // A stored value missing from the list (list not loaded yet, old data) stays visible instead of vanishing.
  const unknown = current !== '' && !listOptions.some((o) => o.value === current);

  const describedBy = useControlDescribedBy(id);
  return (
    <Select
      id={id}
      name={htmlName || id}
      value={current}
      disabled={disabled || readonly || waitingForParent}
      autoFocus={autofocus}
      aria-invalid={rawErrors && rawErrors.length > 0 ? true : undefined}
      aria-describedby={describedBy}
      onChange={(_, data) => onChange(data.value === '' ? options.emptyValue : data.value)}
      onBlur={(e) => onBlur(id, e.target.value)}
      onFocus={(e) => onFocus(id, e.target.value)}
    >
      <option value="">{placeholder || texts.select}</option>
      {unknown && <option value={current}>{current}</option>}
      {listOptions.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </Select>
  );
}

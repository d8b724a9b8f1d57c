import { Input } from '@fluentui/react-components';
import { type WidgetProps } from '@rjsf/utils';
import { useState } from 'react';
import { percentageValue } from '../lib/masks';
import { useControlDescribedBy } from '../lib/describedBy';

/**
 * A shareholding percentage ("100.00"). Stores a number; the text is kept locally while typing so "12." is not
 * cut to "12". Nothing typed is dropped: "-5" is stored as -5 and text that is no number is stored as typed, so
 * the schema's rules say what is wrong instead of the value changing behind the applicant.
 */
export function Percentage(props: WidgetProps) {
  const { id, htmlName, value, placeholder, disabled, readonly, autofocus, rawErrors, onChange, onBlur, onFocus, options } = props;
  const [text, setText] = useState(() => (typeof value === 'number' ? String(value) : ''));
  // Follow changes made elsewhere (sole proprietor -> 100, a reset) without disturbing what is being typed.
  const external = typeof value === 'number' ? value : undefined;
  const shown = percentageValue(text) === external ? text : external === undefined ? (percentageValue(text) === undefined ? text : '') : String(external);

  const describedBy = useControlDescribedBy(id);
  return (
    <Input
      id={id}
      name={htmlName || id}
      type="text"
      inputMode="decimal"
      autoComplete="off"
      contentAfter={<span aria-hidden="true">%</span>}
      value={shown}
      placeholder={placeholder || undefined}
      disabled={disabled}
      readOnly={readonly}
      autoFocus={autofocus}
      aria-invalid={rawErrors && rawErrors.length > 0 ? true : undefined}
      aria-describedby={describedBy}
      onChange={(_, data) => {
        setText(data.value);
        const n = percentageValue(data.value.trim());
        onChange(data.value.trim() === '' ? options.emptyValue : (n ?? data.value));
      }}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    />
  );
}

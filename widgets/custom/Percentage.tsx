import { Input } from '@fluentui/react-components';
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { useState } from 'react';
import { isPercentageText, percentageValue } from '../lib/masks';

/**
 * A shareholding percentage: at most 6 characters with up to 2 decimals ("100.00"), anything else is not
 * accepted as typed. Stores a number. The text is kept locally while typing so "12." is not cut to "12".
 */
export function Percentage(props: WidgetProps) {
  const { id, htmlName, value, placeholder, disabled, readonly, autofocus, rawErrors, onChange, onBlur, onFocus, options } = props;
  const maxLength = typeof options.maxLength === 'number' ? options.maxLength : 6;
  const [text, setText] = useState(() => (typeof value === 'number' ? String(value) : ''));
  // Follow changes made elsewhere (sole proprietor -> 100, a reset) without disturbing what is being typed.
  const external = typeof value === 'number' ? value : undefined;
  const shown = percentageValue(text) === external ? text : external === undefined ? (percentageValue(text) === undefined ? text : '') : String(external);

  return (
    <Input
      id={id}
      name={htmlName || id}
      type="text"
      inputMode="decimal"
      autoComplete="off"
      maxLength={maxLength}
      contentAfter={<span aria-hidden="true">%</span>}
      value={shown}
      placeholder={placeholder || undefined}
      disabled={disabled}
      readOnly={readonly}
      autoFocus={autofocus}
      aria-invalid={rawErrors && rawErrors.length > 0 ? true : undefined}
      aria-describedby={ariaDescribedByIds(id)}
      onChange={(_, data) => {
        if (!isPercentageText(data.value, maxLength)) return;
        setText(data.value);
        const n = percentageValue(data.value);
        onChange(n === undefined ? options.emptyValue : n);
      }}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    />
  );
}

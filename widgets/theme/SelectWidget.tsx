import { Select } from '@fluentui/react-components';
import {
  enumOptionsIndexForValue,
  enumOptionsValueForIndex,
  type EnumOptionsType,
  type WidgetProps,
} from '@rjsf/utils';
import { useWidgetTexts } from '../lib/WidgetTexts';
import { useControlDescribedBy } from '../lib/describedBy';

/**
 * A native select (Fluent `Select`) for enums: keyboard and screen-reader friendly and the phone's own
 * picker. Option values are indexes, so typed enum values (numbers, booleans) survive the round trip.
 */
export function SelectWidget(props: WidgetProps) {
  const texts = useWidgetTexts();
  const { id, htmlName, value, options, placeholder, disabled, readonly, autofocus, rawErrors, onChange, onBlur, onFocus } = props;
  const enumOptions = (options.enumOptions ?? []) as EnumOptionsType[];
  const enumDisabled = (options.enumDisabled ?? []) as unknown[];
  const selected = enumOptionsIndexForValue(value, enumOptions) as string | undefined;
  const decode = (index: string) => (index === '' ? options.emptyValue : enumOptionsValueForIndex(index, enumOptions, options.emptyValue));
  const describedBy = useControlDescribedBy(id);
  return (
    <Select
      id={id}
      name={htmlName || id}
      value={selected ?? ''}
      disabled={disabled || readonly}
      autoFocus={autofocus}
      aria-invalid={rawErrors && rawErrors.length > 0 ? true : undefined}
      aria-describedby={describedBy}
      onChange={(_, data) => onChange(decode(data.value))}
      onBlur={(e) => onBlur(id, decode(e.target.value))}
      onFocus={(e) => onFocus(id, decode(e.target.value))}
    >
      <option value="">{placeholder || texts.select}</option>
      {enumOptions.map((option, i) => (
        <option key={String(option.value)} value={String(i)} disabled={enumDisabled.includes(option.value)}>
          {option.label}
        </option>
      ))}
    </Select>
  );
}

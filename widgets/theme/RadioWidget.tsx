import { Radio, RadioGroup } from '@fluentui/react-components';
import {
  enumOptionsIndexForValue,
  enumOptionsValueForIndex,
  optionId,
  type EnumOptionsType,
  type WidgetProps,
} from '@rjsf/utils';
import { useControlDescribedBy } from '../lib/describedBy';

/**
 * Radio buttons for an enum (RJSF's "radio"). Values travel as option indexes, so numbers and booleans keep
 * their type. ui:options.inline lays them out horizontally.
 */
export function RadioWidget(props: WidgetProps) {
  const { id, htmlName, value, options, disabled, readonly, autofocus, rawErrors, onChange, onBlur, onFocus } = props;
  const enumOptions = (options.enumOptions ?? []) as EnumOptionsType[];
  const enumDisabled = (options.enumDisabled ?? []) as unknown[];
  const selected = enumOptionsIndexForValue(value, enumOptions) as string | undefined;
  const decode = (index: string) => enumOptionsValueForIndex(index, enumOptions, options.emptyValue);
  const describedBy = useControlDescribedBy(id);
  return (
    <RadioGroup
      id={id}
      name={htmlName || id}
      layout={options.inline ? 'horizontal' : 'vertical'}
      value={selected ?? ''}
      disabled={disabled || readonly}
      aria-invalid={rawErrors && rawErrors.length > 0 ? true : undefined}
      aria-describedby={describedBy}
      onChange={(_, data) => onChange(decode(data.value))}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    >
      {enumOptions.map((option, i) => (
        <Radio
          key={String(option.value)}
          id={optionId(id, i)}
          value={String(i)}
          label={option.label}
          disabled={enumDisabled.includes(option.value)}
          autoFocus={autofocus && i === 0}
        />
      ))}
    </RadioGroup>
  );
}

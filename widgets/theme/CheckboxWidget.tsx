import { Checkbox } from '@fluentui/react-components';
import { labelValue, type WidgetProps } from '@rjsf/utils';
import { useControlDescribedBy } from '../lib/describedBy';

/**
 * A checkbox labelled by the field's title (FieldTemplate draws no separate label for it). Works for
 * boolean fields and for "Y"/"N" string fields (ui:options.trueValue / falseValue override).
 */
export function CheckboxWidget(props: WidgetProps) {
  const { id, htmlName, value, label, hideLabel, disabled, readonly, autofocus, schema, options, rawErrors, onChange, onBlur, onFocus } = props;
  const isString = schema.type === 'string';
  const trueValue = options.trueValue ?? (isString ? 'Y' : true);
  const falseValue = options.falseValue ?? (isString ? 'N' : false);
  const text = labelValue(label, hideLabel, false) || undefined;
  const describedBy = useControlDescribedBy(id);
  return (
    <Checkbox
      id={id}
      name={htmlName || id}
      checked={value === trueValue}
      label={text && { children: text, htmlFor: id }}
      disabled={disabled || readonly}
      autoFocus={autofocus}
      aria-invalid={rawErrors && rawErrors.length > 0 ? true : undefined}
      aria-describedby={describedBy}
      onChange={(_, data) => onChange(data.checked === true ? trueValue : falseValue)}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    />
  );
}

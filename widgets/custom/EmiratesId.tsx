import { Input } from '@fluentui/react-components';
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { emiratesIdDigits, formatEmiratesId } from '../lib/masks';

/**
 * Emirates ID with the mask 784-XXXX-XXXXXXX-X: the applicant types digits (dashes appear by themselves,
 * pasted dashes and spaces are dropped); the form stores the digits only, up to 15 ("784" + 12 digits is
 * checked by the `x-emiratesId` keyword).
 */
export function EmiratesId(props: WidgetProps) {
  const { id, htmlName, value, placeholder, disabled, readonly, autofocus, rawErrors, onChange, onBlur, onFocus, options } = props;
  const shown = formatEmiratesId(typeof value === 'string' ? value : '');
  return (
    <Input
      id={id}
      name={htmlName || id}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      maxLength={18}
      value={shown}
      placeholder={placeholder || '784-XXXX-XXXXXXX-X'}
      disabled={disabled}
      readOnly={readonly}
      autoFocus={autofocus}
      aria-invalid={rawErrors && rawErrors.length > 0 ? true : undefined}
      aria-describedby={ariaDescribedByIds(id)}
      onChange={(_, data) => {
        const digits = emiratesIdDigits(data.value);
        onChange(digits === '' ? options.emptyValue : digits);
      }}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    />
  );
}

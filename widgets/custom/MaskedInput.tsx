import { Input, type InputProps } from '@fluentui/react-components';
import { type WidgetProps } from '@rjsf/utils';
import { westernDigits } from '../../src/shared/digits';
import { useControlDescribedBy } from '../lib/describedBy';
import { useTypedValue } from '../lib/typedValue';

export interface MaskSpec {
  /** What the input shows for a stored value. */
  format(stored: string): string;
  /** What the form stores for what the applicant typed ('' for nothing). */
  parse(typed: string): string;
  placeholder: string;
  maxLength: number;
  inputProps?: Partial<InputProps>;
}

/**
 * A text input with a display mask; the stored value is whatever `parse` returns. Arabic-Indic digits are read as
 * 0-9, and the masked value (Emirates ID, dates, ...) reads left to right on a right-to-left page too.
 */
export function MaskedInput({ mask, ...props }: WidgetProps & { mask: MaskSpec }) {
  const { id, htmlName, placeholder, disabled, readonly, autofocus, rawErrors, onChange, onBlur, onFocus, options } = props;
  const describedBy = useControlDescribedBy(id);
  // In the company and stakeholder steps, what is typed stays here until typing pauses (useTypedValue).
  const { value, type, handOver } = useTypedValue<unknown>(id, props.value, onChange);
  return (
    <Input
      id={id}
      name={htmlName || id}
      type="text"
      dir="ltr"
      autoComplete="off"
      {...mask.inputProps}
      maxLength={mask.maxLength}
      value={mask.format(typeof value === 'string' ? value : '')}
      placeholder={placeholder || mask.placeholder}
      disabled={disabled}
      readOnly={readonly}
      autoFocus={autofocus}
      aria-invalid={rawErrors && rawErrors.length > 0 ? true : undefined}
      aria-describedby={describedBy}
      onChange={(_, data) => {
        const next = mask.parse(westernDigits(data.value));
        type(next === '' ? options.emptyValue : next);
      }}
      onBlur={() => {
        handOver();
        onBlur(id, value);
      }}
      onFocus={() => onFocus(id, value)}
    />
  );
}

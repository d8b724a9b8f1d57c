import { Input, type InputProps } from '@fluentui/react-components';
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';

export interface MaskSpec {
  /** What the input shows for a stored value. */
  format(stored: string): string;
  /** What the form stores for what the applicant typed ('' for nothing). */
  parse(typed: string): string;
  placeholder: string;
  maxLength: number;
  inputProps?: Partial<InputProps>;
}

/** A text input with a display mask; the stored value is whatever `parse` returns. */
export function MaskedInput({ mask, ...props }: WidgetProps & { mask: MaskSpec }) {
  const { id, htmlName, value, placeholder, disabled, readonly, autofocus, rawErrors, onChange, onBlur, onFocus, options } = props;
  return (
    <Input
      id={id}
      name={htmlName || id}
      type="text"
      autoComplete="off"
      {...mask.inputProps}
      maxLength={mask.maxLength}
      value={mask.format(typeof value === 'string' ? value : '')}
      placeholder={placeholder || mask.placeholder}
      disabled={disabled}
      readOnly={readonly}
      autoFocus={autofocus}
      aria-invalid={rawErrors && rawErrors.length > 0 ? true : undefined}
      aria-describedby={ariaDescribedByIds(id)}
      onChange={(_, data) => {
        const next = mask.parse(data.value);
        onChange(next === '' ? options.emptyValue : next);
      }}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    />
  );
}

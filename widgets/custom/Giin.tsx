import { Input } from '@fluentui/react-components';
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { formatGiin } from '../lib/masks';

/**
 * GIIN (FATCA identification number) with the mask XXXXXX-XXXXX-XX-XXX: letters are upper-cased, other
 * characters dropped, and the value is stored with its dashes, as it is written on tax forms.
 */
export function Giin(props: WidgetProps) {
  const { id, htmlName, value, placeholder, disabled, readonly, autofocus, rawErrors, onChange, onBlur, onFocus, options } = props;
  const shown = formatGiin(typeof value === 'string' ? value : '');
  return (
    <Input
      id={id}
      name={htmlName || id}
      type="text"
      autoComplete="off"
      autoCapitalize="characters"
      spellCheck={false}
      maxLength={19}
      value={shown}
      placeholder={placeholder || 'XXXXXX-XXXXX-XX-XXX'}
      disabled={disabled}
      readOnly={readonly}
      autoFocus={autofocus}
      aria-invalid={rawErrors && rawErrors.length > 0 ? true : undefined}
      aria-describedby={ariaDescribedByIds(id)}
      onChange={(_, data) => {
        const next = formatGiin(data.value);
        onChange(next === '' ? options.emptyValue : next);
      }}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    />
  );
}

import type { InputProps } from '@fluentui/react-components';
import { getInputProps, type BaseInputTemplateProps } from '@rjsf/utils';
import type { FocusEvent } from 'react';
import { westernDigits } from '../../src/shared/digits';
import { plainSpaces } from '../../src/shared/spaces';
import { useControlDescribedBy } from '../lib/describedBy';
import { useTypedText } from '../lib/typedValue';
import { UncontrolledInput } from '../lib/uncontrolled';

type InputType = NonNullable<InputProps['type']>;

const normalise = (text: string) => plainSpaces(westernDigits(text));

const inputModeFor = (type: string, schemaType: unknown): InputProps['inputMode'] => {
  if (type === 'tel') return 'tel';
  if (type === 'email') return 'email';
  if (schemaType === 'integer') return 'numeric';
  if (schemaType === 'number') return 'decimal';
  return undefined;
};

/**
 * The text input behind TextWidget and the other input-like widgets: a Fluent `Input` with the type from
 * ui:options.inputType (tel, email, ...), a matching inputMode for phone keyboards and the placeholder. No
 * native `maxLength`: the browser would silently cut a longer (pasted) value, e.g. an e-mail, and then report
 * the cut value invalid; the schema's "Maximum N characters" message says what is wrong instead. No native
 * `required`: the browser's own bubbles would pre-empt the schema's messages (Field sets aria-required).
 * Digits typed on an Arabic keyboard (٠-٩) are stored as 0-9; numbers are therefore typed into a text input with
 * a numeric keyboard (a native number input drops Arabic-Indic digits before any code sees them). A no-break or
 * other typographic space (pasted from a word processor) is stored as the plain space the person sees. Phone numbers,
 * e-mail and web addresses read left to right, also on a right-to-left page.
 */
export function BaseInputTemplate(props: BaseInputTemplateProps) {
  const { id, htmlName, readonly, disabled, autofocus, onBlur, onFocus, onChange, onChangeOverride, options, schema, placeholder, type, rawErrors } = props;
  const inputProps = getInputProps(schema, type, options);
  const kind = String(inputProps.type ?? 'text');
  const numeric = kind === 'number';
  const value = props.value;
  const shown = String(numeric ? (value || value === 0 ? value : '') : (value ?? ''));
  // In the company and stakeholder steps, what is typed stays in the input until typing pauses (useTypedText): a key
  // renders nothing.
  const typed = useTypedText<HTMLInputElement>(id, value, shown, onChange, normalise, options.emptyValue);
  const control = onChangeOverride ? { value: shown, onChange: onChangeOverride } : typed.control;

  const describedBy = useControlDescribedBy(id);
  return (
    <UncontrolledInput
      {...control}
      id={id}
      name={htmlName || id}
      type={(numeric ? 'text' : kind) as InputType}
      dir={kind === 'tel' || kind === 'email' || kind === 'url' || numeric ? 'ltr' : undefined}
      inputMode={(options.inputMode as InputProps['inputMode']) ?? inputModeFor(kind, schema.type)}
      placeholder={placeholder || undefined}
      min={inputProps.min}
      max={inputProps.max}
      step={inputProps.step}
      autoComplete={inputProps.autoComplete}
      readOnly={readonly}
      disabled={disabled}
      autoFocus={autofocus}
      aria-invalid={rawErrors && rawErrors.length > 0 ? true : undefined}
      aria-describedby={describedBy}
      onBlur={(e: FocusEvent<HTMLInputElement>) => {
        typed.handOver();
        onBlur(id, e.target.value);
      }}
      onFocus={(e: FocusEvent<HTMLInputElement>) => onFocus(id, e.target.value)}
    />
  );
}

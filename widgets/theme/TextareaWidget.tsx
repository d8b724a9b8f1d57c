import { Textarea } from '@fluentui/react-components';
import { type WidgetProps } from '@rjsf/utils';
import { plainSpaces } from '../../src/shared/spaces';
import { useControlDescribedBy } from '../lib/describedBy';
import { useTypedValue } from '../lib/typedValue';

/**
 * Multi-line text (business model, remarks). maxLength comes from the schema so the applicant cannot type
 * past the limit; ui:options.rows sets the height. A no-break or other typographic space is stored as a plain space.
 */
export function TextareaWidget(props: WidgetProps) {
  const { id, htmlName, placeholder, disabled, readonly, autofocus, options, schema, rawErrors, onChange, onBlur, onFocus } = props;
  const rows = typeof options.rows === 'number' ? options.rows : 4;
  const describedBy = useControlDescribedBy(id);
  // In the company and stakeholder steps, what is typed stays here until typing pauses (useTypedValue).
  const { value, type, handOver } = useTypedValue<unknown>(id, props.value, onChange);
  return (
    <Textarea
      id={id}
      name={htmlName || id}
      value={typeof value === 'string' ? value : ''}
      placeholder={placeholder || undefined}
      rows={rows}
      resize="vertical"
      maxLength={typeof schema.maxLength === 'number' ? schema.maxLength : undefined}
      disabled={disabled}
      readOnly={readonly}
      autoFocus={autofocus}
      aria-invalid={rawErrors && rawErrors.length > 0 ? true : undefined}
      aria-describedby={describedBy}
      onChange={(_, data) => type(data.value === '' ? options.emptyValue : plainSpaces(data.value))}
      onBlur={(e) => {
        handOver();
        onBlur(id, e.target.value);
      }}
      onFocus={(e) => onFocus(id, e.target.value)}
    />
  );
}

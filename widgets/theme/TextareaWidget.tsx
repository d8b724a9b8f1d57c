import { type WidgetProps } from '@rjsf/utils';
import { plainSpaces } from '../../src/shared/spaces';
import { useControlDescribedBy } from '../lib/describedBy';
import { useTypedText } from '../lib/typedValue';
import { UncontrolledTextarea } from '../lib/uncontrolledTextarea';

/**
 * Multi-line text (business model, remarks). maxLength comes from the schema so the applicant cannot type
 * past the limit; ui:options.rows sets the height. A no-break or other typographic space is stored as a plain space.
 */
export function TextareaWidget(props: WidgetProps) {
  const { id, htmlName, placeholder, disabled, readonly, autofocus, options, schema, rawErrors, onChange, onBlur, onFocus } = props;
  const rows = typeof options.rows === 'number' ? options.rows : 4;
  const describedBy = useControlDescribedBy(id);
  // In the company and stakeholder steps, what is typed stays in the text area until typing pauses (useTypedText): a
  // key renders nothing.
  const { control, handOver } = useTypedText<HTMLTextAreaElement>(id, props.value, typeof props.value === 'string' ? props.value : '', onChange, plainSpaces, options.emptyValue);
  return (
    <UncontrolledTextarea
      {...control}
      id={id}
      name={htmlName || id}
      placeholder={placeholder || undefined}
      rows={rows}
      resize="vertical"
      maxLength={typeof schema.maxLength === 'number' ? schema.maxLength : undefined}
      disabled={disabled}
      readOnly={readonly}
      autoFocus={autofocus}
      aria-invalid={rawErrors && rawErrors.length > 0 ? true : undefined}
      aria-describedby={describedBy}
      onBlur={(e) => {
        handOver();
        onBlur(id, e.target.value);
      }}
      onFocus={(e) => onFocus(id, e.target.value)}
    />
  );
}

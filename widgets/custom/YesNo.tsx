import { Radio, RadioGroup } from '@fluentui/react-components';
import { optionId, type WidgetProps } from '@rjsf/utils';
import { useWidgetTexts } from '../lib/WidgetTexts';
import { useControlDescribedBy } from '../lib/describedBy';

/**
 * Yes/No as two horizontal radio buttons. Stores booleans for boolean fields and "Y"/"N" for string fields
 * (the YesNoList values); ui:options.yesLabel / noLabel change the wording.
 */
export function YesNo(props: WidgetProps) {
  const texts = useWidgetTexts();
  const { id, htmlName, value, schema, options, disabled, readonly, autofocus, rawErrors, onChange, onBlur, onFocus } = props;
  // ['boolean', 'null'] (an answer the form may clear) is a boolean field too.
  const isBoolean = schema.type === 'boolean' || (Array.isArray(schema.type) && schema.type.includes('boolean'));
  const yes = isBoolean ? true : 'Y';
  const no = isBoolean ? false : 'N';
  const current = value === yes ? 'yes' : value === no ? 'no' : '';
  const yesLabel = typeof options.yesLabel === 'string' ? options.yesLabel : texts.yes;
  const noLabel = typeof options.noLabel === 'string' ? options.noLabel : texts.no;
  const describedBy = useControlDescribedBy(id);
  return (
    <RadioGroup
      id={id}
      name={htmlName || id}
      layout="horizontal"
      value={current}
      disabled={disabled || readonly}
      aria-invalid={rawErrors && rawErrors.length > 0 ? true : undefined}
      aria-describedby={describedBy}
      onChange={(_, data) => onChange(data.value === 'yes' ? yes : no)}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    >
      <Radio id={optionId(id, 0)} value="yes" label={yesLabel} autoFocus={autofocus} />
      <Radio id={optionId(id, 1)} value="no" label={noLabel} />
    </RadioGroup>
  );
}

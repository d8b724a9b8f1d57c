import { Field, Text, makeStyles, tokens } from '@fluentui/react-components';
import { descriptionId, errorId, getTemplate, getUiOptions, helpId, type FieldTemplateProps } from '@rjsf/utils';

/** Widgets that carry their own label (a checkbox labels itself; the express offer is a whole section). */
const SELF_LABELLED = new Set(['Checkbox', 'checkbox', 'CheckboxWidget', 'ExpressOffer', 'hidden']);

const useStyles = makeStyles({
  field: { minWidth: 0 },
  containerError: { color: tokens.colorPaletteRedForeground1, display: 'block', marginTop: tokens.spacingVerticalXS },
});

const joinErrors = (rawErrors: string[] | undefined): string | undefined =>
  rawErrors && rawErrors.length > 0 ? Array.from(new Set(rawErrors)).join(' ') : undefined;

/**
 * Every field: a Fluent `Field` with the label (ui:title or schema title), the required marker, the hint
 * (description and ui:help) and the field's own errors as the validation message. Objects and arrays render
 * their template, their ui:help and only their own errors (e.g. an array's "Maximum 12 industries allowed").
 */
export function FieldTemplate(props: FieldTemplateProps) {
  const styles = useStyles();
  const { id, label, children, rawErrors, rawHelp, rawDescription, hidden, required, displayLabel, schema, uiSchema, registry, hideError } = props;
  const uiOptions = getUiOptions(uiSchema);
  const WrapIfAdditionalTemplate = getTemplate('WrapIfAdditionalTemplate', registry, uiOptions);
  if (hidden) return <div style={{ display: 'none' }}>{children}</div>;

  const message = hideError ? undefined : joinErrors(rawErrors);
  const widget = typeof uiOptions.widget === 'string' ? uiOptions.widget : undefined;
  const isContainer = (schema.type === 'object' || schema.type === 'array') && !widget;
  if (isContainer) {
    return (
      <WrapIfAdditionalTemplate {...props}>
        {children}
        {typeof rawHelp === 'string' && rawHelp && (
          <Text id={helpId(id)} size={200} block>
            {rawHelp}
          </Text>
        )}
        {message && (
          <Text id={errorId(id)} role="alert" size={200} className={styles.containerError}>
            {message}
          </Text>
        )}
      </WrapIfAdditionalTemplate>
    );
  }

  // Objects with a widget (Upload) get no label from RJSF's getDisplayLabel, so decide here.
  const showLabel = (displayLabel || schema.type === 'object') && !(widget && SELF_LABELLED.has(widget)) && uiOptions.label !== false;
  const description = typeof rawDescription === 'string' && rawDescription ? rawDescription : undefined;
  const help = typeof rawHelp === 'string' && rawHelp ? rawHelp : undefined;
  const hintText = [description, help].filter(Boolean).join(' ');
  return (
    <WrapIfAdditionalTemplate {...props}>
      <Field
        className={styles.field}
        label={showLabel && label ? { children: label, htmlFor: id, id: `${id}__label` } : undefined}
        required={showLabel ? required : undefined}
        hint={hintText ? { id: help ? helpId(id) : descriptionId(id), children: hintText } : undefined}
        validationState={message ? 'error' : 'none'}
        validationMessage={message ? { id: errorId(id), children: message } : undefined}
      >
        {children}
      </Field>
    </WrapIfAdditionalTemplate>
  );
}

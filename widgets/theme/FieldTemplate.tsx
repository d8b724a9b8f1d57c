import { Field, Text, makeStyles, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { FieldPathContext } from '../lib/typedValue';
import { descriptionId, errorId, getTemplate, getUiOptions, helpId, type FieldTemplateProps } from '@rjsf/utils';

/** Widgets that carry their own label (a checkbox labels itself; the express offer is a whole section). */
const SELF_LABELLED = new Set(['Checkbox', 'checkbox', 'CheckboxWidget', 'ExpressOffer', 'hidden']);

const useStyles = makeStyles({
  field: { minWidth: 0 },
  containerError: { color: tokens.colorPaletteRedForeground1, display: 'block', marginTop: tokens.spacingVerticalXS, fontSize: tokens.fontSizeBase200, lineHeight: tokens.lineHeightBase200 },
  // Next to the message's icon, one message a line (a list, read as one by screen readers).
  messages: { display: 'inline-flex', flexDirection: 'column', verticalAlign: 'top', rowGap: tokens.spacingVerticalXXS, margin: 0, padding: 0, listStyleType: 'none' },
});

/**
 * A field's errors, each once: one message as it is; several (the field's own rule and the stakeholder list's
 * "more than 100% in total") as a list, each on its line, never run together into one sentence.
 */
function errorMessages(rawErrors: string[] | undefined, className: string): ReactNode | undefined {
  const messages = Array.from(new Set(rawErrors ?? []));
  if (messages.length <= 1) return messages[0];
  return (
    <ul className={className}>
      {messages.map((m) => (
        <li key={m}>{m}</li>
      ))}
    </ul>
  );
}

/**
 * Every field: a Fluent `Field` with the label (ui:title or schema title), the required marker, the hint
 * (description and ui:help) and the field's own errors as the validation message. Objects and arrays render
 * their template, their ui:help and only their own errors (e.g. an array's "Maximum 12 industries allowed").
 */
export function FieldTemplate(props: FieldTemplateProps) {
  // The field's place in the form's data, for a text field that keeps what is typed until typing pauses (useTypedValue).
  return (
    <FieldPathContext.Provider value={props.fieldPathId.path}>
      <FieldBody {...props} />
    </FieldPathContext.Provider>
  );
}

function FieldBody(props: FieldTemplateProps) {
  const styles = useStyles();
  const { id, label, children, rawErrors, rawHelp, rawDescription, hidden, required, displayLabel, schema, uiSchema, registry, hideError } = props;
  const uiOptions = getUiOptions(uiSchema);
  const WrapIfAdditionalTemplate = getTemplate('WrapIfAdditionalTemplate', registry, uiOptions);
  if (hidden) return <div style={{ display: 'none' }}>{children}</div>;

  const message = hideError ? undefined : errorMessages(rawErrors, styles.messages);
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
          <div id={errorId(id)} role="alert" className={styles.containerError}>
            {message}
          </div>
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

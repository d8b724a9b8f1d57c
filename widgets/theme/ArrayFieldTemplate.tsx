import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons';
import { createContext, useEffect } from 'react';
import { uiLogicOf } from '../lib/showWhen';
import { buttonId, getTemplate, getUiOptions, type ArrayFieldTemplateProps, type ErrorSchema, type RJSFSchema } from '@rjsf/utils';
import { useWidgetTexts } from '../lib/WidgetTexts';

const useStyles = makeStyles({
  section: { border: 'none', margin: 0, padding: 0, minWidth: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  add: { alignSelf: 'flex-start' },
});

/** The list's title, for its rows whose items have no title of their own (their remove buttons name it). */
export const ArrayTitleContext = createContext('');

const isEmpty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

const hasErrors = (errors: ErrorSchema | undefined): boolean =>
  !!errors &&
  Object.entries(errors).some(([key, value]) =>
    key === '__errors' ? Array.isArray(value) && value.length > 0 : hasErrors(value as ErrorSchema),
  );

/**
 * ui:logic.array.addWhenFilled: `true` (the item schema's required fields, or any value for simple items)
 * or a list of field names that must be filled in the last row, which must also have no errors.
 */
export function lastRowFilled(rule: unknown, items: unknown[], itemSchema: RJSFSchema | undefined, errors?: ErrorSchema): boolean {
  if (!rule || items.length === 0) return true;
  const last = items[items.length - 1];
  if (hasErrors((errors as Record<number, ErrorSchema> | undefined)?.[items.length - 1])) return false;
  if (last === null || typeof last !== 'object') return !isEmpty(last);
  const fields = Array.isArray(rule) ? (rule as string[]) : (itemSchema?.required ?? []);
  const record = last as Record<string, unknown>;
  return fields.length > 0 ? fields.every((f) => !isEmpty(record[f])) : Object.values(record).some((v) => !isEmpty(v));
}

/**
 * A repeatable list (industries, contacts, passports): a heading, the rows (ArrayFieldItemTemplate, each with
 * its remove button) and an Add button that stays visible but is disabled when maxItems is reached or,
 * with ui:logic.array.addWhenFilled, while the last row is not filled. With ui:logic.array.keepOne the list always
 * shows one row: an empty list gets one empty entry, so deleting the last row resets it (site visits, banks).
 */
export function ArrayFieldTemplate(props: ArrayFieldTemplateProps) {
  const texts = useWidgetTexts();
  const styles = useStyles();
  const { canAdd, disabled, fieldPathId, uiSchema, items, onAddClick, readonly, registry, required, schema, title, formData, errorSchema } = props;
  const options = getUiOptions(uiSchema);
  const ArrayFieldTitleTemplate = getTemplate('ArrayFieldTitleTemplate', registry, options);
  const ArrayFieldDescriptionTemplate = getTemplate('ArrayFieldDescriptionTemplate', registry, options);
  const rows = Array.isArray(formData) ? (formData as unknown[]) : [];
  const itemSchema = (Array.isArray(schema.items) ? undefined : schema.items) as RJSFSchema | undefined;
  const gating = uiLogicOf(uiSchema)?.array;
  const filled = lastRowFilled(gating?.addWhenFilled, rows, itemSchema, errorSchema);
  const addable = options.addable !== false;
  const addText = typeof options.addButtonText === 'string' ? options.addButtonText : texts.add;
  const keepOne = gating?.keepOne === true && !disabled && !readonly;
  useEffect(() => {
    if (keepOne && rows.length === 0) onAddClick();
  }, [keepOne, rows.length, onAddClick]);

  return (
    <fieldset id={fieldPathId.$id} className={styles.section}>
      <ArrayFieldTitleTemplate fieldPathId={fieldPathId} title={(options.title as string) || title} required={required} schema={schema} uiSchema={uiSchema} registry={registry} />
      <ArrayFieldDescriptionTemplate
        fieldPathId={fieldPathId}
        description={(options.description as string) || schema.description}
        schema={schema}
        uiSchema={uiSchema}
        registry={registry}
      />
      <ArrayTitleContext.Provider value={(options.title as string) || title || ''}>{items}</ArrayTitleContext.Provider>
      {addable && (
        <Button
          id={buttonId(fieldPathId, 'add')}
          className={styles.add}
          appearance="secondary"
          icon={<AddRegular />}
          disabled={!canAdd || !filled || disabled || readonly}
          onClick={() => onAddClick()}
        >
          {addText}
        </Button>
      )}
    </fieldset>
  );
}

import { getDefaultRegistry } from '@rjsf/core';
import { getUiOptions, getWidget, type FieldProps } from '@rjsf/utils';
import { useCallback, type ComponentType } from 'react';

const DefaultObjectField = getDefaultRegistry().fields.ObjectField as ComponentType<FieldProps>;

/**
 * RJSF renders objects property by property and ignores ui:widget on them. Some of our widgets store an
 * object (Upload stores {fileName, uploadStatus}), so this field renders the named widget when an object
 * has ui:widget, and RJSF's own ObjectField otherwise. UI schemas stay uniform: always "ui:widget".
 */
export function ObjectField(props: FieldProps) {
  const { schema, uiSchema, registry, fieldPathId, formData, name, title, onChange, onBlur, onFocus, rawErrors, hideError } = props;
  const { widget, title: uiTitle, placeholder, ...options } = getUiOptions(uiSchema);
  const onWidgetChange = useCallback(
    (value: unknown, errorSchema?: Parameters<FieldProps['onChange']>[2], id?: string) => onChange(value, fieldPathId.path, errorSchema, id),
    [onChange, fieldPathId],
  );
  if (typeof widget !== 'string' && typeof widget !== 'function') return <DefaultObjectField {...props} />;
  const Widget = getWidget(schema, widget, registry.widgets);
  return (
    <Widget
      id={fieldPathId.$id}
      htmlName={fieldPathId.name}
      name={name}
      label={(uiTitle as string | undefined) ?? title ?? schema.title ?? name}
      schema={schema}
      uiSchema={uiSchema}
      registry={registry}
      options={options}
      value={formData}
      placeholder={typeof placeholder === 'string' ? placeholder : ''}
      required={props.required}
      disabled={props.disabled}
      readonly={props.readonly}
      autofocus={props.autofocus}
      rawErrors={rawErrors}
      hideError={hideError}
      onChange={onWidgetChange}
      onBlur={onBlur}
      onFocus={onFocus}
    />
  );
}

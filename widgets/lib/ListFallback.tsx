import { Input, makeStyles } from '@fluentui/react-components';
import type { WidgetProps } from '@rjsf/utils';
import type { FormContext } from '../FormContext';
import { useControlDescribedBy } from './describedBy';
import { useListOptions } from './useListOptions';

const useStyles = makeStyles({
  // SearchList's minimum width (Fluent Combobox's; the height is the Input's), so the list takes its place unmoved.
  box: { minWidth: 'min(250px, 100%)' },
});

/**
 * What a searchable list (LargeListSelect, MultiListSelect's long list) shows while its code loads: a read-only
 * Input of the list's size with the chosen answer, named by the field's label (the same id), marked busy.
 */
export function ListFallback(props: WidgetProps) {
  const styles = useStyles();
  const { id, value, schema, registry, placeholder, disabled, readonly } = props;
  const { options } = useListOptions(schema, registry.formContext as FormContext, id, value);
  const chosen = (Array.isArray(value) ? (value as unknown[]) : [value]).filter((v) => typeof v === 'string' && v !== '') as string[];
  const text = chosen.map((v) => options.find((o) => o.value === v)?.label ?? v).join(', ');
  const describedBy = useControlDescribedBy(id);
  return (
    <Input
      id={id}
      className={styles.box}
      value={text}
      placeholder={placeholder || undefined}
      readOnly
      disabled={disabled || readonly}
      aria-busy
      aria-describedby={describedBy}
    />
  );
}

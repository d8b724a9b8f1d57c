import { Checkbox, makeStyles, tokens } from '@fluentui/react-components';
import { ariaDescribedByIds, optionId, type WidgetProps } from '@rjsf/utils';
import type { FormContext } from '../FormContext';
import { lazyWidget } from '../lib/lazyWidget';
import { ListFallback } from '../lib/ListFallback';
import { useListOptions } from '../lib/useListOptions';

/** The searchable list of a long list (MultiListCombobox), in a chunk of its own. */
export const LongList = lazyWidget(() => import('./MultiListCombobox').then((m) => m.MultiListCombobox), ListFallback);

const useStyles = makeStyles({
  group: { display: 'flex', flexWrap: 'wrap', columnGap: tokens.spacingHorizontalL },
});

/**
 * Several values of a reference list (account currencies, countries of POA holders). The array's
 * `items['x-list']` (or `x-list`) names the list. Short lists (up to ui:options.checkboxLimit, default 12)
 * are a group of checkboxes; longer ones a searchable list of several answers like LargeListSelect (MultiListCombobox,
 * loaded with the step that has one: widgets/index.ts preloadWidgets).
 */
export function MultiListSelect(props: WidgetProps) {
  const styles = useStyles();
  const { id, value, schema, registry, disabled, readonly, rawErrors, onChange, onBlur, onFocus, options } = props;
  const { options: listOptions } = useListOptions(schema, registry.formContext as FormContext, id, value);
  const selected = Array.isArray(value) ? (value as string[]) : [];
  const limit = typeof options.checkboxLimit === 'number' ? options.checkboxLimit : 12;
  const invalid = rawErrors && rawErrors.length > 0 ? true : undefined;
  // Keep the list's order, so the stored array does not depend on the order of clicks.
  const ordered = (values: string[]) => listOptions.map((o) => o.value).filter((v) => values.includes(v));
  const toggle = (v: string, on: boolean) => onChange(ordered(on ? [...selected, v] : selected.filter((s) => s !== v)));

  if (listOptions.length > limit) return <LongList {...props} />;
  return (
    <div id={id} role="group" aria-labelledby={`${id}__label`} aria-describedby={ariaDescribedByIds(id)} className={styles.group}>
      {listOptions.map((o, i) => (
        <Checkbox
          key={o.value}
          id={optionId(id, i)}
          // Inside a Fluent Field every control would be named by the field's label; each box has its own.
          label={{ children: o.label, id: `${optionId(id, i)}__label` }}
          aria-labelledby={`${optionId(id, i)}__label`}
          // The question is required, not each option: without this the field's asterisk repeats on every box.
          required={false}
          checked={selected.includes(o.value)}
          disabled={disabled || readonly}
          aria-invalid={invalid}
          onChange={(_, data) => toggle(o.value, data.checked === true)}
          onBlur={() => onBlur(id, value)}
          onFocus={() => onFocus(id, value)}
        />
      ))}
    </div>
  );
}

import { useFieldContext_unstable } from '@fluentui/react-components';
import { ariaDescribedByIds } from '@rjsf/utils';

/**
 * aria-describedby of a widget whose Fluent control reads the Field around it (Input, Select, RadioGroup, Checkbox,
 * Combobox, Textarea). Inside the FieldTemplate's Field the control already gets the ids of the field's error and
 * hint from the Field; RJSF's ids on top named each of them twice (a screen reader read the error twice, e.g. the
 * account type radios of the agent's invite). Outside a Field, RJSF's ids. `extra`: ids of the widget's own (a date's
 * range).
 */
export function useControlDescribedBy(id: string, extra?: string): string | undefined {
  const inField = useFieldContext_unstable() !== undefined;
  const ids = [inField ? undefined : ariaDescribedByIds(id), extra].filter(Boolean).join(' ');
  return ids || undefined;
}

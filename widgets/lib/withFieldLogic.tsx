import type { EnumOptionsType, RegistryWidgetsType, Widget, WidgetProps } from '@rjsf/utils';
import { useFieldLogic } from './FormLogicContext';

/**
 * A widget that follows the form logic of its field (FormLogicContext): disabled while `ui:logic.disabledWhen`
 * holds, and enum options the logic leaves out are not offered (list widgets filter theirs in useListOptions).
 * A stored value that is excluded stays selectable so the person sees what is saved.
 */
function withFieldLogic(Inner: Widget): Widget {
  function LogicWidget(props: WidgetProps) {
    const { disabled, excluded } = useFieldLogic(props.id);
    let next = props;
    if (disabled && !props.disabled) next = { ...next, disabled: true };
    const enumOptions = props.options.enumOptions as EnumOptionsType[] | undefined;
    if (excluded.length > 0 && Array.isArray(enumOptions)) {
      const kept = enumOptions.filter((o) => o.value === props.value || !excluded.some((x) => x === o.value));
      next = { ...next, options: { ...next.options, enumOptions: kept } };
    }
    return <Inner {...next} />;
  }
  LogicWidget.displayName = `WithFieldLogic(${Inner.displayName ?? Inner.name})`;
  return LogicWidget;
}

/** Every widget of a registry wrapped once (module load), so widget identities stay stable across renders. */
export function withFormLogic(widgets: RegistryWidgetsType): RegistryWidgetsType {
  return Object.fromEntries(Object.entries(widgets).map(([name, w]) => [name, withFieldLogic(w)]));
}

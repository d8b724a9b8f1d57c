import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { getDefaultRegistry } from '@rjsf/core';
import type { RJSFSchema, Registry, UiSchema, Widget, WidgetProps } from '@rjsf/utils';
import { render } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import type { FormContext } from '../../../widgets';
import { ParentDataContext } from '../../../widgets';

export interface RenderWidgetOptions {
  schema?: RJSFSchema;
  uiSchema?: UiSchema;
  value?: unknown;
  options?: Record<string, unknown>;
  formContext?: Partial<FormContext>;
  parent?: Record<string, unknown>;
  label?: string;
  /** Providers around the widget (a language's WidgetTexts). */
  wrapper?: (ui: ReactNode) => ReactNode;
}

export const inFluent = (ui: ReactNode) => <FluentProvider theme={webLightTheme}>{ui}</FluentProvider>;

/**
 * Renders one widget with the props RJSF would give it, keeping its value in state like a form does.
 * `changes` records every value passed to onChange.
 */
export function renderWidget(WidgetComponent: Widget, opts: RenderWidgetOptions = {}) {
  const changes: unknown[] = [];
  const defaults = getDefaultRegistry();
  const registry = { ...defaults, formContext: { lists: {}, ...opts.formContext } } as unknown as Registry;
  function Host() {
    const [value, setValue] = useState<unknown>(opts.value);
    const props: WidgetProps = {
      id: 'root_field',
      name: 'field',
      label: opts.label ?? 'Field',
      schema: opts.schema ?? { type: 'string' },
      uiSchema: opts.uiSchema ?? {},
      registry,
      options: { ...opts.options } as WidgetProps['options'],
      value,
      required: false,
      disabled: false,
      readonly: false,
      onChange: (next: unknown) => {
        changes.push(next);
        setValue(next);
      },
      onBlur: () => {},
      onFocus: () => {},
    };
    return (
      <ParentDataContext.Provider value={opts.parent}>
        <WidgetComponent {...props} />
      </ParentDataContext.Provider>
    );
  }
  const result = render(inFluent(opts.wrapper ? opts.wrapper(<Host />) : <Host />));
  return { ...result, changes, last: () => changes[changes.length - 1] };
}

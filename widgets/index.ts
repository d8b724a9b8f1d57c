/**
 * The Fluent UI v9 theme for react-jsonschema-form v6: templates, the default widgets and our custom widgets,
 * registered by the names UI schemas use in `ui:widget`. `withTheme(createTheme())` gives the Form.
 */
import type { ThemeProps } from '@rjsf/core';
import type { RegistryFieldsType, RegistryWidgetsType, TemplatesType } from '@rjsf/utils';
import { DateInput } from './custom/DateInput';
import { EmiratesId } from './custom/EmiratesId';
import { ExpressOffer } from './custom/ExpressOffer';
import { Giin } from './custom/Giin';
import { ListSelect } from './custom/ListSelect';
import { LongList, MultiListSelect } from './custom/MultiListSelect';
import { Percentage } from './custom/Percentage';
import { Upload } from './custom/Upload';
import { YesNo } from './custom/YesNo';
import { ArrayFieldItemTemplate } from './theme/ArrayFieldItemTemplate';
import { ArrayFieldTemplate } from './theme/ArrayFieldTemplate';
import { BaseInputTemplate } from './theme/BaseInputTemplate';
import { CheckboxWidget } from './theme/CheckboxWidget';
import { DescriptionField } from './theme/DescriptionField';
import { ErrorListTemplate } from './theme/ErrorListTemplate';
import { FieldTemplate } from './theme/FieldTemplate';
import { ObjectField } from './theme/ObjectField';
import { ObjectFieldTemplate } from './theme/ObjectFieldTemplate';
import { RadioWidget } from './theme/RadioWidget';
import { SelectWidget } from './theme/SelectWidget';
import { SubmitButton } from './theme/SubmitButton';
import { TextareaWidget } from './theme/TextareaWidget';
import { TextWidget } from './theme/TextWidget';
import { TitleField } from './theme/TitleField';
import { type LazyWidget, lazyWidget } from './lib/lazyWidget';
import { ListFallback } from './lib/ListFallback';
import { withFormLogic } from './lib/withFieldLogic';

export type { FormContext, PackageBenefit, UploadOptions, UploadValue, ValuePackage } from './FormContext';
export { transformErrors } from './theme/transformErrors';
export { ParentDataContext } from './lib/ParentDataContext';
export { RootDataContext } from './lib/RootDataContext';
export { FormLogicContext, idOfPointer, type FieldLogicState } from './lib/FormLogicContext';
export { ENGLISH_WIDGET_TEXTS, type WidgetTexts, WidgetTextsContext } from './lib/WidgetTexts';
export { type TypedEdits, TypedEditsContext } from './lib/typedValue';

/**
 * Widgets loaded with the step that shows them, by the `ui:widget` name that needs them: the searchable lists
 * (SearchList, 3 kB gzipped), Card with tabster's focus management for the packages.
 */
const LAZY: Record<string, LazyWidget> = {
  LargeListSelect: lazyWidget(() => import('./custom/LargeListSelect').then((m) => m.LargeListSelect), ListFallback),
  MultiListSelect: LongList,
  PackageCards: lazyWidget(() => import('./custom/PackageCards').then((m) => m.PackageCards)),
};

/**
 * Starts loading the code of the lazily loaded widgets a UI schema names (a page calls it as soon as it knows its
 * step, while the step's validators load), so the widgets are there when the form first renders. Resolves once
 * they are loaded; a failure is left to the widget's render, which loads it again and reports it.
 */
export async function preloadWidgets(uiSchema: unknown): Promise<void> {
  const names = new Set<string>();
  const walk = (node: unknown) => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node !== null && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        if (key === 'ui:widget' && typeof value === 'string') names.add(value);
        else walk(value);
      }
    }
  };
  walk(uiSchema);
  await Promise.all([...names].map((name) => LAZY[name]?.preload().catch(() => undefined)));
}

/** Widgets by name: RJSF's defaults (Fluent versions) and ours (the names used in `ui:widget`). */
export const widgets: RegistryWidgetsType = {
  TextWidget,
  TextareaWidget,
  textarea: TextareaWidget,
  CheckboxWidget,
  checkbox: CheckboxWidget,
  RadioWidget,
  radio: RadioWidget,
  SelectWidget,
  select: SelectWidget,
  ListSelect,
  LargeListSelect: LAZY.LargeListSelect!,
  MultiListSelect,
  YesNo,
  DateInput,
  EmiratesId,
  Giin,
  Percentage,
  Upload,
  PackageCards: LAZY.PackageCards!,
  ExpressOffer,
  Checkbox: CheckboxWidget,
};

export const templates: Partial<Omit<TemplatesType, 'ButtonTemplates'>> & { ButtonTemplates: Partial<TemplatesType['ButtonTemplates']> } = {
  FieldTemplate,
  BaseInputTemplate,
  ObjectFieldTemplate,
  ArrayFieldTemplate,
  ArrayFieldItemTemplate,
  ErrorListTemplate,
  TitleFieldTemplate: TitleField,
  DescriptionFieldTemplate: DescriptionField,
  ButtonTemplates: { SubmitButton },
};

/** ObjectField lets objects use `ui:widget` (Upload stores an object); otherwise it is RJSF's own. */
export const fields: RegistryFieldsType = { ObjectField };

/** The widgets as forms get them: each follows its field's form logic (disabled, excluded options). */
const logicWidgets = withFormLogic(widgets);

/** Theme props for `withTheme` from @rjsf/core. */
export function createTheme(): ThemeProps {
  return { widgets: logicWidgets, templates, fields };
}

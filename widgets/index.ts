/**
 * The Fluent UI v9 theme for react-jsonschema-form v6: templates, the default widgets and our custom widgets,
 * registered by the names UI schemas use in `ui:widget`. `withTheme(createTheme())` gives the Form.
 */
import type { ThemeProps } from '@rjsf/core';
import type { RegistryFieldsType, RegistryWidgetsType, TemplatesType } from '@rjsf/utils';
import { DateInput } from './custom/DateInput';
import { EmiratesId } from './custom/EmiratesId';
import { Giin } from './custom/Giin';
import { ListSelect } from './custom/ListSelect';
import { LongList, MultiListSelect } from './custom/MultiListSelect';
import { Percentage } from './custom/Percentage';
import { YesNo } from './custom/YesNo';
import { ArrayFieldItemTemplate } from './theme/ArrayFieldItemTemplate';
import { ArrayFieldTemplate } from './theme/ArrayFieldTemplate';
import { BaseInputTemplate } from './theme/BaseInputTemplate';
import { CheckboxWidget } from './theme/CheckboxWidget';
import { DescriptionField } from './theme/DescriptionField';
import { ErrorListTemplate } from './theme/ErrorListTemplate';
import { FieldTemplate } from './theme/FieldTemplate';
import { NumberField } from './theme/NumberField';
import { ObjectField } from './theme/ObjectField';
import { ObjectFieldTemplate } from './theme/ObjectFieldTemplate';
import { RadioWidget } from './theme/RadioWidget';
import { SelectWidget } from './theme/SelectWidget';
import { SubmitButton } from './theme/SubmitButton';
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
 * (SearchList, 3 kB gzipped), Card with tabster's focus management for the packages, and the Fluent controls of a
 * few steps only: the text area (Textarea), the upload (ProgressBar and its motion), the express offer (Link, the
 * terms' message). The other steps' pages do not download them.
 */
const lazyTextarea = lazyWidget(() => import('./theme/TextareaWidget').then((m) => m.TextareaWidget));
const LAZY: Record<string, LazyWidget> = {
  LargeListSelect: lazyWidget(() => import('./custom/LargeListSelect').then((m) => m.LargeListSelect), ListFallback),
  MultiListSelect: LongList,
  PackageCards: lazyWidget(() => import('./custom/PackageCards').then((m) => m.PackageCards)),
  textarea: lazyTextarea,
  TextareaWidget: lazyTextarea,
  Upload: lazyWidget(() => import('./custom/Upload').then((m) => m.Upload)),
  ExpressOffer: lazyWidget(() => import('./custom/ExpressOffer').then((m) => m.ExpressOffer)),
};

/** The lazily loaded widgets a UI schema names in `ui:widget`. */
function lazyWidgetsOf(uiSchema: unknown): LazyWidget[] {
  const found = new Set<LazyWidget>();
  const walk = (node: unknown) => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node !== null && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        if (key === 'ui:widget' && typeof value === 'string') {
          const widget = LAZY[value];
          if (widget) found.add(widget);
        } else walk(value);
      }
    }
  };
  walk(uiSchema);
  return [...found];
}

/**
 * Starts loading the code of the lazily loaded widgets a UI schema names (a page calls it as soon as it knows its
 * step, while the step's validators load), so the widgets are there when the form first renders. Resolves once
 * they are loaded; a failure is left to the widget's render, which loads it again and reports it.
 */
export async function preloadWidgets(uiSchema: unknown): Promise<void> {
  await Promise.all(lazyWidgetsOf(uiSchema).map((widget) => widget.preload().catch(() => undefined)));
}

/** Whether the lazily loaded widgets a UI schema names are all loaded (the form renders them at once). */
export function widgetsLoaded(uiSchema: unknown): boolean {
  return lazyWidgetsOf(uiSchema).every((widget) => widget.loaded());
}

/** Widgets by name: RJSF's defaults (Fluent versions) and ours (the names used in `ui:widget`). */
export const widgets: RegistryWidgetsType = {
  TextWidget,
  TextareaWidget: LAZY.TextareaWidget!,
  textarea: LAZY.textarea!,
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
  Upload: LAZY.Upload!,
  PackageCards: LAZY.PackageCards!,
  ExpressOffer: LAZY.ExpressOffer!,
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

/**
 * ObjectField lets objects use `ui:widget` (Upload stores an object); otherwise it is RJSF's own. NumberField keeps
 * a number's text as typed when no number holds it exactly (theme/NumberField.tsx).
 */
export const fields: RegistryFieldsType = { ObjectField, NumberField };

/** The widgets as forms get them: each follows its field's form logic (disabled, excluded options). */
const logicWidgets = withFormLogic(widgets);

/** Theme props for `withTheme` from @rjsf/core. */
export function createTheme(): ThemeProps {
  return { widgets: logicWidgets, templates, fields };
}

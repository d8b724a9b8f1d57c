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
import { LargeListSelect } from './custom/LargeListSelect';
import { ListSelect } from './custom/ListSelect';
import { MultiListSelect } from './custom/MultiListSelect';
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
import { lazyWidget } from './lib/lazyWidget';
import { withFormLogic } from './lib/withFieldLogic';

export type { FormContext, PackageBenefit, UploadOptions, UploadValue, ValuePackage } from './FormContext';
export { transformErrors } from './theme/transformErrors';
export { ParentDataContext } from './lib/ParentDataContext';
export { RootDataContext } from './lib/RootDataContext';
export { FormLogicContext, idOfPointer, type FieldLogicState } from './lib/FormLogicContext';
export { ENGLISH_WIDGET_TEXTS, type WidgetTexts, WidgetTextsContext } from './lib/WidgetTexts';

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
  LargeListSelect,
  MultiListSelect,
  YesNo,
  DateInput,
  EmiratesId,
  Giin,
  Percentage,
  Upload,
  PackageCards: lazyWidget(() => import('./custom/PackageCards').then((m) => m.PackageCards)),
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

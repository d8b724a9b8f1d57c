import { withTheme } from '@rjsf/core';
import type { ErrorSchema, RJSFSchema, UiSchema } from '@rjsf/utils';
import { type ReactNode, useMemo, useState } from 'react';
import { createTheme, type FormContext } from '../../../../widgets';
import type { StepDefinition } from '../../../content/contentTypes';
import type { ProjectValidator } from '../../../validation/rjsfValidator';

const ThemedForm = withTheme(createTheme());

export interface StepFormProps {
  id: string;
  step: StepDefinition;
  formData: unknown;
  validator: ProjectValidator;
  formContext: FormContext;
  onChange(data: unknown): void;
  onSubmit(data: unknown): void;
  /** Server field errors (FieldsValidation) shown on their inputs: toExtraErrors() of the runtime. */
  extraErrors?: ErrorSchema;
  children?: ReactNode;
}

/**
 * One step rendered by RJSF (the page shows the step title as its heading, so the form's root title is hidden) from its schema and UI schema. Errors appear inline under each field after the
 * first attempt to continue, then follow the applicant's typing.
 */
export function StepForm({ id, step, formData, validator, formContext, onChange, onSubmit, extraErrors, children }: StepFormProps) {
  const [attempted, setAttempted] = useState(false);
  // One uiSchema object per step: a new one on every keystroke makes RJSF recompute the whole form's state.
  const uiSchema = useMemo<UiSchema>(
    () => ({ ...(step.uiSchema as UiSchema), 'ui:options': { ...(step.uiSchema['ui:options'] as object), hideTitle: true } }),
    [step.uiSchema],
  );
  return (
    <ThemedForm
      id={id}
      schema={step.schema as RJSFSchema}
      uiSchema={uiSchema}
      formData={formData}
      validator={validator}
      formContext={{ ...formContext, formData }}
      liveValidate={attempted}
      extraErrors={extraErrors}
      showErrorList={false}
      noHtml5Validate
      focusOnFirstError
      onChange={(e) => onChange(e.formData)}
      onError={() => setAttempted(true)}
      onSubmit={(e) => onSubmit(e.formData)}
    >
      {children}
    </ThemedForm>
  );
}

import { withTheme } from '@rjsf/core';
import type { ErrorSchema, RJSFSchema, UiSchema } from '@rjsf/utils';
import { type ReactNode, useMemo, useRef, useState } from 'react';
import { createTheme, type FormContext, RootDataContext } from '../../../../widgets';
import type { StepDefinition } from '../../../content/contentTypes';
import type { ProjectValidator } from '../../../validation/rjsfValidator';

const ThemedForm = withTheme(createTheme());

export interface StepFormProps {
  id: string;
  step: StepDefinition;
  formData: unknown;
  /** The whole document, for widgets that look outside the step's data (list variants, packages); default formData. */
  rootData?: unknown;
  validator: ProjectValidator;
  formContext: FormContext;
  onChange(data: unknown): void;
  onSubmit(data: unknown): void;
  /** Server field errors (FieldsValidation) shown on their inputs: toExtraErrors() of the runtime. */
  extraErrors?: ErrorSchema;
  children?: ReactNode;
}

/**
 * The previous form context while the page passes one with the same entries (an inline literal): RJSF puts
 * it in the registry every field gets, so a new object per keystroke would re-render the whole form.
 */
function useStableContext(context: FormContext): FormContext {
  const kept = useRef(context);
  const prev = kept.current;
  const keys = Object.keys(context) as (keyof FormContext)[];
  if (keys.length !== Object.keys(prev).length || keys.some((k) => prev[k] !== context[k])) kept.current = context;
  return kept.current;
}

/**
 * One step rendered by RJSF (the page shows the step title as its heading, so the form's root title is hidden) from its schema and UI schema. Errors appear inline under each field after the
 * first attempt to continue, then follow the applicant's typing. The document reaches the few widgets that
 * need it through RootDataContext, not formContext, so a keystroke re-renders only the fields it touches.
 */
export function StepForm({ id, step, formData, rootData, validator, formContext, onChange, onSubmit, extraErrors, children }: StepFormProps) {
  const [attempted, setAttempted] = useState(false);
  const context = useStableContext(formContext);
  // One uiSchema object per step: a new one on every keystroke makes RJSF recompute the whole form's state.
  const uiSchema = useMemo<UiSchema>(
    () => ({ ...(step.uiSchema as UiSchema), 'ui:options': { ...(step.uiSchema['ui:options'] as object), hideTitle: true } }),
    [step.uiSchema],
  );
  return (
    <RootDataContext.Provider value={rootData ?? formData}>
      <ThemedForm
        id={id}
        schema={step.schema as RJSFSchema}
        uiSchema={uiSchema}
        formData={formData}
        validator={validator}
        formContext={context}
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
    </RootDataContext.Provider>
  );
}

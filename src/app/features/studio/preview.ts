import { buildContent } from '../../../content/buildContent';
import type { ContentFiles, Flow, StepDefinition } from '../../../content/contentTypes';
import { createAjv } from '../../../validation/createAjv';
import type { ReferenceLists } from '../../../validation/lists';
import { ProjectValidator } from '../../../validation/rjsfValidator';

export interface PreviewModel {
  step: StepDefinition;
  lists: ReferenceLists;
  validator: ProjectValidator;
  /** What the step's form starts with: the prospect template for prospect steps, an empty stakeholder otherwise. */
  initialData: Record<string, unknown>;
  products: Record<string, unknown>;
}

/** The flow a step belongs to (its scope decides what data the form validates). */
export function flowOf(flows: Record<string, Flow>, step: string): Flow | undefined {
  return Object.values(flows).find((f) => f.steps.some((s) => s.step === step));
}

/**
 * Builds what the applicant's browser would get for the draft: the same buildContent as the config endpoint
 * (bundled step, lists) and a validator from the same factory (createAjv + ProjectValidator), so the preview
 * shows exactly the messages an applicant would see. Throws with a readable message when the draft does not build.
 */
export function buildPreview(files: ContentFiles, stepName: string): PreviewModel {
  const content = buildContent(files);
  const step = content.steps[stepName];
  if (!step) throw new Error(`The draft has no step ${stepName}`);
  const validator = new ProjectValidator(createAjv({ lists: content.lists }));
  // Compile now, so that a schema the form cannot use is reported here and not thrown inside the form.
  validator.fieldErrors(step.schema, {});
  const flow = flowOf(content.flows, stepName);
  const initialData = flow && flow.scope !== '' ? {} : structuredClone(content.prospectTemplate);
  return { step, lists: content.lists, validator, initialData, products: content.products };
}

import { buildContentWith } from '../../../content/buildContentWith';
import type { ContentFiles, Flow, StepDefinition } from '../../../content/contentTypes';
import { localizeFiles } from '../../../content/i18n/catalogue';
import type { Locale } from '../../../content/i18n/locales';
import type { ReferenceLists } from '../../../validation/lists';
import type { FormValidator } from '../../../validation/rjsfValidator';
import { loadValidators } from '../forms/stepValidator';

export interface PreviewModel {
  step: StepDefinition;
  lists: ReferenceLists;
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
 * (bundled step, lists). Throws with a readable message when the draft does not build. Its validator comes from
 * the server (previewValidator): the browser compiles no schema.
 */
export function buildPreview(files: ContentFiles, stepName: string, locale: Locale = 'en'): PreviewModel {
  // In another language, the draft's catalogue laid over its files: what the config endpoint serves for that locale.
  const content = buildContentWith(localizeFiles(files, locale));
  const step = content.steps[stepName];
  if (!step) throw new Error(`The draft has no step ${stepName}`);
  const flow = flowOf(content.flows, stepName);
  const initialData = flow && flow.scope !== '' ? {} : structuredClone(content.prospectTemplate);
  return { step, lists: content.lists, initialData, products: content.products };
}

type Api = <T>(url: string, init: { method: 'POST'; body: unknown }) => Promise<{ body: T | undefined }>;

/**
 * The draft step's validators as an applicant's browser would run them: the server generates them from the draft
 * (POST /api/studio/preview, the same code generation as a published version's, in the preview's language) and the preview imports the module,
 * so the preview shows exactly the messages an applicant would see.
 */
export async function previewValidator(api: Api, draft: { baseVersion: number; files: ContentFiles; step: string; locale?: Locale }, lists: ReferenceLists): Promise<FormValidator> {
  const { body } = await api<{ module: string }>('/api/studio/preview', { method: 'POST', body: draft });
  if (!body?.module) throw new Error('The server sent no validators for the preview');
  return loadValidators(body.module, lists);
}

import type { BuiltContent, ContentFiles } from './contentTypes';
import { buildContentWith } from './buildContentWith';
import { parseLifecycle } from './lifecycleSchema';

export { schemaIdFor } from './buildContentWith';

/**
 * Compiles the content files into what the config endpoint serves: step schemas bundled for RJSF, lists,
 * flows, products, flags and the prospect template, plus a version that changes whenever any file changes.
 * `lifecycle: false` leaves the lifecycle out (the server checks it in every build of a draft). `hash`: the files'
 * contentHash (the version) when the caller has just computed it.
 */
export function buildContent(files: ContentFiles, options: { lifecycle?: boolean; hash?: string } = {}): BuiltContent {
  return buildContentWith(files, options.lifecycle === false ? undefined : parseLifecycle, options.hash);
}

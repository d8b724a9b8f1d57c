/**
 * The browser's validators for tests without a server: the module the server would serve for a content version
 * and role (ContentValidator.browserCode, wrapped as in GET /api/validators/...), loaded through the app's own
 * loader (setValidatorModuleLoader), so components under test run exactly the precompiled validators.
 */
import { setValidatorModuleLoader } from '../../src/app/features/forms/stepValidator';
import { buildContent } from '../../src/content/buildContent';
import { ContentValidator } from '../../src/content/contentValidator';
import type { ContentFiles, Role } from '../../src/content/contentTypes';
import { PrecompiledValidator } from '../../src/validation/precompiledValidator';
import * as phone from '../../src/validation/phone';
import { standaloneRequire, type PrecompiledValidators, type ValidatorFactory } from '../../src/validation/standalone';

const byFiles = new WeakMap<ContentFiles, ContentValidator>();
function contentValidator(files: ContentFiles): ContentValidator {
  let v = byFiles.get(files);
  if (!v) byFiles.set(files, (v = new ContentValidator(buildContent(files))));
  return v;
}

/** The module's default export (the factory the browser calls with its `require`), from the generated body. */
export function factoryOf(body: string): ValidatorFactory {
  return (require) => {
    const exports: PrecompiledValidators = {};
    new Function('require', 'exports', body)(require, exports);
    return exports;
  };
}

/** The precompiled validator of a role, as the browser builds it from the served module. */
export function precompiledValidator(files: ContentFiles, role: Role): PrecompiledValidator {
  const v = contentValidator(files);
  return new PrecompiledValidator(factoryOf(v.browserCode(role))(standaloneRequire(v.content.lists, phone)));
}

/** The precompiled validator of one step's module of a role (or `stakeholderList`), as a form page builds it. */
export async function precompiledStepValidator(files: ContentFiles, role: Role, step: string): Promise<PrecompiledValidator> {
  const v = contentValidator(files);
  const body = await v.stepModule(role, step);
  if (body === undefined) throw new Error(`no module for the step ${step} of the ${role}`);
  return new PrecompiledValidator(factoryOf(body)(standaloneRequire(v.content.lists, phone)));
}

/**
 * Makes the app's loader import modules generated in this process (for pages that load their validators): each
 * step's module as the server cuts it (`/api/validators/{version}/{role}/{step}.js`).
 */
export function serveValidatorModules(files: ContentFiles): void {
  const v = contentValidator(files);
  setValidatorModuleLoader(async (url) => {
    const [, role, step] = /\/(customer|agent)\/([A-Za-z0-9]+)\.js$/.exec(url) ?? [];
    const body = role && step && url.startsWith(`/api/validators/${v.content.version}/`) ? await v.stepModule(role as Role, step) : undefined;
    if (body === undefined) throw new Error(`no validator module at ${url}`);
    return { default: factoryOf(body) };
  });
}

/** The validators of one step of some content, as the studio's preview loads them (POST /api/studio/preview). */
export function previewStepValidator(files: ContentFiles, step: string): PrecompiledValidator {
  const v = new ContentValidator(buildContent(files));
  return new PrecompiledValidator(factoryOf(v.stepCode(step))(standaloneRequire(v.content.lists, phone)));
}

import { useEffect, useState } from 'react';
import { PrecompiledValidator } from '../../../validation/precompiledValidator';
import type { FormValidator } from '../../../validation/rjsfValidator';
import { standaloneRequire, type ValidatorFactory } from '../../../validation/standalone';
import type { ReferenceLists } from '../../../validation/lists';
import type { AppConfig } from '../config/useConfig';
import { useT } from '../../i18n/useT';

/** Imports a validator module (an ES module of the same origin, so the CSP's script-src 'self' allows it). */
export type ModuleLoader = (url: string) => Promise<{ default: ValidatorFactory }>;

let loadModule: ModuleLoader = (url) => import(/* @vite-ignore */ url) as Promise<{ default: ValidatorFactory }>;

/** Replaces how modules are imported (component tests, which have no server, generate them in the process). */
export function setValidatorModuleLoader(loader: ModuleLoader): void {
  loadModule = loader;
  loaded.clear();
  ready.clear();
}

/**
 * A validator module's validators, on the lists of its content version. The x-phone rule's code (libphonenumber
 * and its metadata) loads beside the module, as its part: not with the page's code.
 */
export async function loadValidators(url: string, lists: ReferenceLists): Promise<FormValidator> {
  const [module, phone] = await Promise.all([loadModule(url), import('../../../validation/phone')]);
  return new PrecompiledValidator(module.default(standaloneRequire(lists, phone)));
}

const loaded = new Map<string, Promise<FormValidator>>();
const ready = new Map<string, FormValidator>();
/** `{version}/{role}` in English, `{version}/{role}.{locale}` in another language (the same rules, its messages). */
const keyOf = (config: AppConfig) => `${config.version}/${config.role}${config.locale && config.locale !== 'en' ? `.${config.locale}` : ''}`;

/**
 * The validators of the config's content version, role and language: the module the server generated for them
 * (`/api/validators/{version}/{role}.js`, `{role}.ar.js`, cached by the browser for good), imported once per version.
 */
export function loadStepValidator(config: AppConfig): Promise<FormValidator> {
  const key = keyOf(config);
  let promise = loaded.get(key);
  if (!promise) {
    promise = loadValidators(`/api/validators/${key}.js`, config.lists).then((validator) => {
      ready.set(key, validator);
      return validator;
    });
    // A failed import (network, or a version the server no longer keeps) is tried again next time.
    promise.catch(() => loaded.delete(key));
    for (const k of loaded.keys()) if (!k.startsWith(`${config.version}/`)) loaded.delete(k);
    loaded.set(key, promise);
  }
  return promise;
}

/**
 * The step validator of a config, once its module has loaded (undefined meanwhile: pages show their loading
 * state). A module that cannot be loaded is thrown at render, for the page's error boundary (in the page's language).
 */
export function useStepValidator(config: AppConfig | undefined): FormValidator | undefined {
  const key = config ? keyOf(config) : '';
  const t = useT();
  const [state, setState] = useState<{ key: string; validator?: FormValidator; error?: Error }>();
  useEffect(() => {
    if (!config || ready.has(key)) return;
    let live = true;
    loadStepValidator(config).then(
      (validator) => live && setState({ key, validator }),
      // In the page's language; what failed (the import's own words) stays with the error for its report.
      (error: unknown) => live && setState({ key, error: new Error(t('flow.rulesFailed'), { cause: error }) }),
    );
    return () => {
      live = false;
    };
    // The config object changes on revalidation; its version and role are what matter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  if (!config) return undefined;
  if (state?.key === key && state.error) throw state.error;
  return ready.get(key) ?? (state?.key === key ? state.validator : undefined) ?? sameRulesReady(key);
}

/**
 * While another language's module of the same version and role loads (a switch of language), the one already
 * loaded: the rules are the same, only the messages differ. The form stays mounted, so the errors it shows stay
 * shown, and they are worded again in the new language once its module is in.
 */
function sameRulesReady(key: string): FormValidator | undefined {
  const rules = (k: string) => k.replace(/\.[a-z]{2}$/, '');
  for (const [k, validator] of ready) if (rules(k) === rules(key)) return validator;
  return undefined;
}

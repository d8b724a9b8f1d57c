import { useEffect, useState, useSyncExternalStore } from 'react';
import { PrecompiledValidator } from '../../../validation/precompiledValidator';
import { phoneLoads } from '../../../validation/phoneLoads';
import type { FormValidator } from '../../../validation/rjsfValidator';
import { type PrecompiledValidators, standaloneRequire, type ValidatorModuleExports } from '../../../validation/standalone';
import type { ReferenceLists } from '../../../validation/lists';
import type { AppConfig } from '../config/useConfig';
import { useT } from '../../i18n/useT';

/** Imports a validator module (an ES module of the same origin, so the CSP's script-src 'self' allows it). */
export type ModuleLoader = (url: string) => Promise<ValidatorModuleExports>;

let loadModule: ModuleLoader = (url) => import(/* @vite-ignore */ url) as Promise<ValidatorModuleExports>;

/** Replaces how modules are imported (component tests, which have no server, generate them in the process). */
export function setValidatorModuleLoader(loader: ModuleLoader): void {
  loadModule = loader;
  modules.clear();
  resolved.clear();
  ready.clear();
}

const importPhone = () => import('../../../validation/phoneBrowser');

/** The waits before the next attempts of a failed import: a busy server (503) or a lost connection gets a few seconds. */
export const IMPORT_RETRY_DELAYS_MS = [500, 1_500, 4_000];

/**
 * Imports a module, trying again after each of IMPORT_RETRY_DELAYS_MS when it fails (a 503 of a server shedding load,
 * a network failure): a failed import is not retried by the browser, and the step would show its error page. Each
 * attempt asks for a new address (`?attempt=n`; the server reads no query), since a browser may keep a failed module
 * import for its address. Not again when the module is gone (404: a version the server no longer keeps, which no
 * attempt fixes; the config is reloaded).
 */
export async function importRetrying(url: string): Promise<ValidatorModuleExports> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await loadModule(attempt ? `${url}?attempt=${attempt}` : url);
    } catch (error) {
      const wait = IMPORT_RETRY_DELAYS_MS[attempt];
      if (wait === undefined || (await fetch(url, { method: 'HEAD' }).then((r) => r.status === 404, () => false))) throw error;
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}

/**
 * A validator module's validators, on the lists of its content version. The x-phone rule's runtime loads after
 * the module when the module's rules have one (its `phone` export): not with the page's code, nor for a step
 * without a phone number; it loads libphonenumber and the metadata of a dialling code when one is chosen
 * (src/validation/phoneBrowser.ts).
 */
async function moduleValidators(url: string, lists: ReferenceLists): Promise<PrecompiledValidators> {
  const module = await importRetrying(url);
  if (module.phone === false) return module.default(standaloneRequire(lists, undefined));
  const validators = module.default(standaloneRequire(lists, await importPhone()));
  withPhone.add(validators);
  return validators;
}

/** The modules whose rules have an x-phone: their answers change when a dialling code's metadata arrives. */
const withPhone = new WeakSet<PrecompiledValidators>();
/** The functions of a page's validator that has an x-phone rule, to make it again when phone metadata arrives. */
const phoneParts = new WeakMap<FormValidator, PrecompiledValidators>();
/** A page's validator made again after the n-th arrival of phone metadata (phoneLoads), by the validator it renews. */
const renewed = new WeakMap<FormValidator, { loads: number; validator: FormValidator }>();

/**
 * The page's validator, a new one when a dialling code's phone metadata has arrived since it was made and its rules
 * have an x-phone: the step's errors are memoised on the validator (useShownErrors), and a number checked before
 * its code's metadata was in was not refused (src/validation/phoneRule.ts). Others are returned as they are.
 */
function afterPhoneLoads(validator: FormValidator | undefined, loads: number): FormValidator | undefined {
  const parts = validator && phoneParts.get(validator);
  if (!validator || !parts || loads === 0) return validator;
  const known = renewed.get(validator);
  if (known?.loads === loads) return known.validator;
  const fresh = new PrecompiledValidator(parts);
  renewed.set(validator, { loads, validator: fresh });
  return fresh;
}

/** The validators of one module (the studio preview's module of a draft step). */
export async function loadValidators(url: string, lists: ReferenceLists): Promise<FormValidator> {
  return new PrecompiledValidator(await moduleValidators(url, lists));
}

/** Each module's validators, by `{version}/{role}/{name}[.{locale}]`. */
const modules = new Map<string, Promise<PrecompiledValidators>>();
/** The modules already in (a prefetched next step's): a page's validator is then ready at its first render. */
const resolved = new Map<string, PrecompiledValidators>();
/** A page's validator (its modules together), by its key. */
const ready = new Map<string, FormValidator>();

const localeSuffix = (config: AppConfig) => (config.locale && config.locale !== 'en' ? `.${config.locale}` : '');
/** `{version}/{role}/{names}` in English, `.{locale}` after it in another language (the same rules, its messages). */
const keyOf = (config: AppConfig, names: readonly string[]) => `${config.version}/${config.role}/${names.join('+')}${localeSuffix(config)}`;

const pathOf = (config: AppConfig, name: string) => `${config.version}/${config.role}/${name}${localeSuffix(config)}`;

/**
 * One module of the config's content version, role and language: a step's validators (or `stakeholderList`, the
 * stakeholder list's), which the server cut from the version's code for that step
 * (`/api/validators/{version}/{role}/{step}.js`, `{step}.ar.js`, cached by the browser for good). Imported once.
 */
function loadModuleOf(config: AppConfig, name: string): Promise<PrecompiledValidators> {
  const path = pathOf(config, name);
  let promise = modules.get(path);
  if (!promise) {
    promise = moduleValidators(`/api/validators/${path}.js`, config.lists);
    promise.then(
      (validators) => modules.get(path) === promise && resolved.set(path, validators),
      // A failed import (network, or a version the server no longer keeps) is tried again next time.
      () => modules.delete(path),
    );
    for (const k of modules.keys()) if (!k.startsWith(`${config.version}/`)) modules.delete(k);
    for (const map of [resolved, ready]) for (const k of map.keys()) if (!k.startsWith(`${config.version}/`)) map.delete(k);
    modules.set(path, promise);
  }
  return promise;
}

/** The page's validator at once when all its modules are in (none to wait for), else undefined. */
function readyNow(config: AppConfig, names: readonly string[], key: string, parts = names.map((name) => resolved.get(pathOf(config, name)))): FormValidator | undefined {
  const known = ready.get(key);
  if (known) return known;
  if (parts.some((p) => p === undefined)) return undefined;
  const fns = Object.assign({}, ...parts) as PrecompiledValidators;
  const validator = new PrecompiledValidator(fns);
  if (parts.some((p) => withPhone.has(p!))) phoneParts.set(validator, fns);
  ready.set(key, validator);
  return validator;
}

/**
 * Starts loading a step's module when the browser is idle (the next step's, while this one is filled in), so
 * that Continue finds it there. A failure is left for the step's own load to report.
 */
export function prefetchStepValidator(config: AppConfig, name: string): void {
  (globalThis.requestIdleCallback ?? setTimeout)(() => void loadModuleOf(config, name).catch(() => undefined));
}

/**
 * The validators of the config's content version, role and language for the named steps (the page's modules
 * together: the stakeholders page's list and its open step), imported once per version.
 */
export async function loadStepValidator(config: AppConfig, names: readonly string[]): Promise<FormValidator> {
  const parts = await Promise.all(names.map((name) => loadModuleOf(config, name)));
  return readyNow(config, names, keyOf(config, names), parts)!;
}

/**
 * The validator of a config's named steps, once their modules have loaded (undefined meanwhile: pages show their
 * loading state). A module that cannot be loaded is thrown at render, for the page's error boundary (in the page's
 * language). `names` undefined: the page does not know its step yet.
 */
export function useStepValidator(config: AppConfig | undefined, names: readonly string[] | undefined): FormValidator | undefined {
  const key = config && names ? keyOf(config, names) : '';
  const t = useT();
  const [state, setState] = useState<{ key: string; validator?: FormValidator; error?: Error }>();
  const now = config && names ? readyNow(config, names, key) : undefined;
  const loads = useSyncExternalStore(phoneLoads.subscribe, phoneLoads.count, phoneLoads.count);
  useEffect(() => {
    if (!config || !names || ready.has(key)) return;
    let live = true;
    loadStepValidator(config, names).then(
      (validator) => live && setState({ key, validator }),
      // In the page's language; what failed (the import's own words) stays with the error for its report.
      (error: unknown) => live && setState({ key, error: new Error(t('flow.rulesFailed'), { cause: error }) }),
    );
    return () => {
      live = false;
    };
    // The config object changes on revalidation, the names array on every render; the key is what matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  if (!config || !names) return undefined;
  if (state?.key === key && state.error) throw state.error;
  return afterPhoneLoads(now ?? (state?.key === key ? state.validator : undefined) ?? sameRulesReady(key), loads);
}

/**
 * While another language's modules of the same version, role and steps load (a switch of language), the ones
 * already loaded: the rules are the same, only the messages differ. The form stays mounted, so the errors it shows
 * stay shown, and they are worded again in the new language once its modules are in.
 */
function sameRulesReady(key: string): FormValidator | undefined {
  const rules = (k: string) => k.replace(/\.[a-z]{2}$/, '');
  for (const [k, validator] of ready) if (rules(k) === rules(key)) return validator;
  return undefined;
}

/**
 * Loading the validators that the server generates per content version with ajv's standalone code
 * (src/content/validatorCode.ts). The generated code is a CommonJS body that `require`s a few helpers: ajv's
 * runtime (string length, deep equality), ajv-formats' formats, the project's keyword runtime (`runtime.ts`) and
 * the version's reference lists. This module supplies them, the same in the browser (which imports its step's
 * module, `/api/validators/{version}/{role}/{step}.js`, with no compiler and no eval) and on the server.
 */
import type { ErrorObject } from 'ajv';
import * as ucs2length from 'ajv/dist/runtime/ucs2length.js';
import * as equal from 'ajv/dist/runtime/equal.js';
import * as formats from 'ajv-formats/dist/formats.js';
import type { phoneChecker } from './phoneRule';
import * as rules from './runtime';
import type { ReferenceLists } from './lists';

/**
 * The x-phone rule's runtime: phone.ts on the server (libphonenumber over the whole metadata), phoneBrowser.ts in
 * the browser (loaded on demand, with the metadata of the dialling code in use), both phoneRule.ts's rule.
 */
export interface PhoneRuntime {
  checkPhone: ReturnType<typeof phoneChecker>;
}

/**
 * The keywords' runtime, what the generated code requires as RUNTIME_MODULE and keywords.ts references: runtime.ts's
 * rules and the x-phone rule's, which is apart so that the browser loads libphonenumber and its metadata beside the
 * validator module (src/app/features/forms/stepValidator.ts) rather than with every form page's code.
 */
export function keywordRuntime(phone: PhoneRuntime | undefined) {
  return { ...rules, ...phone };
}

/** A generated validate function: ajv's shape (errors after a failed call). */
export type PrecompiledFunction = ((data: unknown) => boolean) & { errors?: ErrorObject[] | null };

/** The exports of a generated module, by schema `$id` (or `$id#/definitions/...`, or a sub-schema key). */
export type PrecompiledValidators = Record<string, PrecompiledFunction>;

/** What the browser's module exports by default: the body wrapped in a function of its `require`. */
export type ValidatorFactory = (require: (name: string) => unknown) => PrecompiledValidators;

/** The module name the generated code uses for the keywords' runtime (keywords.ts; not imported from there: the browser must not load ajv's compiler). */
export const RUNTIME_MODULE = './runtime.js';

/** The module name the generated code uses for the reference lists (src/validation/keywords.ts, x-list). */
export const LISTS_MODULE = './lists.json';

/** Key of a sub-schema RJSF passes to `isValid` (picking anyOf/oneOf options, resolving if/then): its root and hash. */
export function subSchemaKey(rootId: string, hash: string): string {
  return `isValid:${hash}@${rootId}`;
}

/**
 * The name of the browser module of the stakeholder list's rules (the stakeholders page's share rule and its
 * Continue): `/api/validators/{version}/customer/stakeholderList.js`, beside the steps' modules named by step id.
 */
export const STAKEHOLDER_LIST_MODULE = 'stakeholderList';

type Module = Record<string, unknown>;
/** A CommonJS module's export, whichever way the bundler interoperates (on the namespace or on its `default`). */
function exported(namespace: Module, name: string): unknown {
  return namespace[name] ?? (namespace.default as Module | undefined)?.[name];
}
/** `exports.default` of a CommonJS module (the namespace's `default`, or the `default` of the module object). */
function defaultOf(namespace: Module): Module {
  const d = namespace.default as Module | ((...args: unknown[]) => unknown);
  return { default: typeof d === 'function' ? d : d.default };
}

/**
 * The `require` the generated code calls: only the modules it may name. `phone`: the x-phone runtime (phone.ts,
 * phoneBrowser.ts), which a browser module whose `phone` export is false does without (none of its rules is an x-phone).
 */
export function standaloneRequire(lists: ReferenceLists, phone: PhoneRuntime | undefined): (name: string) => unknown {
  const modules: Record<string, unknown> = {
    'ajv/dist/runtime/ucs2length': defaultOf(ucs2length as unknown as Module),
    'ajv/dist/runtime/equal': defaultOf(equal as unknown as Module),
    'ajv-formats/dist/formats': { fullFormats: exported(formats as unknown as Module, 'fullFormats') },
    [RUNTIME_MODULE]: keywordRuntime(phone),
    [LISTS_MODULE]: lists,
  };
  return (name: string) => {
    if (!(name in modules)) throw new Error(`Generated validators require an unknown module: ${name}`);
    return modules[name];
  };
}

/** What the browser's module exports: the factory, and whether its code calls the x-phone rule. */
export interface ValidatorModuleExports {
  default: ValidatorFactory;
  /** False when no rule of the module is an x-phone: the browser then does not load libphonenumber for it. */
  phone?: boolean;
}

/**
 * Wraps a generated CommonJS body as the ES module served to the browser (no eval needed to run it). `phone`:
 * whether the body calls the x-phone rule (the server knows its function names; this module must not import it).
 */
export function validatorModuleSource(body: string, phone: boolean): string {
  return `export const phone = ${phone};\nexport default function validators(require) {\nconst exports = {};\n${body}\nreturn exports;\n}\n`;
}

/**
 * The x-phone keyword's runtime in the browser: phoneRule.ts's rule (the server's, phone.ts) with libphonenumber-js/core
 * over the metadata of the dialling code in use only. Loaded beside a validator module whose rules have an x-phone
 * (src/app/features/forms/stepValidator.ts); it holds no metadata and no libphonenumber. When a rule meets a
 * dialling code (chosen, or in the saved data), that code's metadata (GET /api/phone-metadata/{version}/{key}.json,
 * under a kB gzipped, cached for good) and libphonenumber's code (a chunk of its own, loaded once) are fetched; a
 * UAE number needs neither. Until they are in, the number is not refused (phoneRule.ts); then phoneLoads tells the
 * form pages to check again.
 */
import type { MetadataJson } from 'libphonenumber-js/core';
import { PHONE_METADATA_VERSION } from './phoneMetadataVersion';
import { phoneLoads } from './phoneLoads';
import { type PhoneRule, phoneChecker, phoneMetadataKey, type PossibleNumber } from './phoneRule';
import { getAt } from './pointer';
import type { RuleError } from './runtime';

/** Each key's check once its metadata and libphonenumber are in. */
const checks = new Map<string, PossibleNumber>();
/** Each key's load under way (or done): tried again after a failure, at the next check. */
const loading = new Map<string, Promise<void>>();

/** The address of a key's metadata ('all' for a code without digits, whose number says its calling code). */
export const phoneMetadataUrl = (key: string) => `/api/phone-metadata/${PHONE_METADATA_VERSION}/${key === '' ? 'all' : key}.json`;

async function fetchMetadata(key: string): Promise<MetadataJson> {
  const response = await fetch(phoneMetadataUrl(key));
  if (!response.ok) throw new Error(`Phone metadata ${key}: HTTP ${response.status}`);
  return (await response.json()) as MetadataJson;
}

/** Starts loading what a dialling code's numbers are checked with (nothing for the UAE's); resolves once it is in. */
export function loadPhoneMetadata(code: string): Promise<void> {
  const key = phoneMetadataKey(code);
  if (key === undefined || checks.has(key)) return Promise.resolve();
  let promise = loading.get(key);
  if (!promise) {
    promise = Promise.all([import('./phonePossible'), fetchMetadata(key)]).then(
      ([{ isPossiblePhoneNumber }, metadata]) => {
        checks.set(key, (international) => isPossiblePhoneNumber(international, metadata));
        phoneLoads.arrived();
      },
      (error: unknown) => {
        loading.delete(key);
        throw error;
      },
    );
    loading.set(key, promise);
  }
  return promise;
}

const check = phoneChecker((code) => {
  const key = phoneMetadataKey(code);
  return key === undefined ? undefined : checks.get(key);
});

/** The x-phone keyword's check (the generated code's `require("./runtime.js").checkPhone`): the server's rule. */
export function checkPhone(data: unknown, rule: PhoneRule): RuleError[] | null {
  const code = data !== null && typeof data === 'object' ? getAt(data, rule.code) : undefined;
  // A code chosen (or saved) loads its metadata before its number is typed; a failed load is tried again later.
  if (typeof code === 'string' && code !== '') loadPhoneMetadata(code).catch(() => undefined);
  return check(data, rule);
}

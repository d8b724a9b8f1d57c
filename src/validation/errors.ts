import type { ErrorObject } from 'ajv';

/** One validation failure, on the field that is wrong: the shape shared by the browser, the server and the CLI. */
export interface FieldError {
  /** JSON pointer of the field, e.g. /signatoryInfo/0/kycDetails/dateOfBirth */
  path: string;
  message: string;
  keyword: string;
}

const PROPERTY_PARAMS: Record<string, string> = {
  required: 'missingProperty',
  dependencies: 'property',
  dependentRequired: 'property',
};

const escape = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

/** Wrapper errors that only repeat what their sub-schemas already said. */
const NOISE = new Set(['if', 'then', 'else']);

/**
 * Turns ajv errors into field errors: required-like errors move to the missing property (also when
 * ajv-errors replaced their message), wrapper errors are dropped and duplicates removed.
 */
export function toFieldErrors(errors: readonly ErrorObject[] | null | undefined): FieldError[] {
  const out: FieldError[] = [];
  const seen = new Set<string>();
  for (const error of errors ?? []) {
    if (NOISE.has(error.keyword)) continue;
    let path = error.instancePath;
    let keyword = error.keyword;
    let source: ErrorObject = error;
    if (keyword === 'errorMessage') {
      const inner = (error.params as { errors?: ErrorObject[] }).errors ?? [];
      if (inner.length > 0) {
        source = inner[0]!;
        keyword = source.keyword;
      }
    }
    const param = PROPERTY_PARAMS[source.keyword];
    if (param) {
      const prop = (source.params as Record<string, string>)[param];
      if (prop !== undefined && (source === error || source.instancePath === error.instancePath)) {
        path = `${source.instancePath}/${escape(prop)}`;
      }
    }
    const message = error.message ?? 'is invalid';
    const key = `${path}\u0000${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ path, message, keyword });
  }
  return out;
}

/** "/signatoryInfo/0/kycDetails" -> "signatoryInfo[0].kycDetails" (the server's field notation). */
export function pointerToDotted(pointer: string): string {
  return pointer
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((acc, key) => (/^\d+$/.test(key) ? `${acc}[${key}]` : acc ? `${acc}.${key}` : key), '');
}

/** Keywords that only say "not filled yet": an automatic save may store incomplete data, never wrong data. */
export const INCOMPLETE_KEYWORDS: ReadonlySet<string> = new Set(['required', 'minItems', 'minLength', 'dependentRequired', 'x-arrayTotal']);

import type { ErrorSchema } from '@rjsf/utils';

/** "signatoryInfo[0].kycDetails.dateOfBirth" -> ["signatoryInfo", "0", "kycDetails", "dateOfBirth"] */
function segments(dotted: string): string[] {
  return dotted.replace(/\[(\d+)\]/g, '.$1').split('.').filter(Boolean);
}

/**
 * The server's field errors (keyed by dotted path relative to the prospect) as RJSF extraErrors, so each
 * message shows on its input. `scope` is the step's data pointer ("/signatoryInfo/0" for a signatory's step):
 * only errors inside it are kept, relative to it.
 */
export function toExtraErrors(fieldErrors: Record<string, string[]>, scope = ''): ErrorSchema {
  const prefix = scope.split('/').filter(Boolean);
  const root: Record<string, unknown> = {};
  for (const [path, messages] of Object.entries(fieldErrors)) {
    const parts = segments(path);
    if (prefix.some((p, i) => parts[i] !== p)) continue;
    let node = root;
    for (const part of parts.slice(prefix.length)) node = (node[part] ??= {}) as Record<string, unknown>;
    node.__errors = [...((node.__errors as string[] | undefined) ?? []), ...messages];
  }
  return root as ErrorSchema;
}

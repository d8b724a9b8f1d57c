import type { RJSFValidationError } from '@rjsf/utils';

interface InnerError {
  keyword?: string;
  params?: { missingProperty?: string };
}

/**
 * Our schemas give required fields their message through ajv-errors (`errorMessage.required` on the
 * parent object). RJSF's validator then reports it on the parent; this moves it onto the missing field, so
 * "Company name is not filled" shows under Company name. Pass it as the Form's `transformErrors`.
 */
export function transformErrors(errors: RJSFValidationError[]): RJSFValidationError[] {
  return errors.map((error) => {
    if (error.name !== 'errorMessage') return error;
    const inner = ((error.params as { errors?: InnerError[] } | undefined)?.errors ?? [])[0];
    const missing = inner?.keyword === 'required' ? inner.params?.missingProperty : undefined;
    if (!missing) return error;
    const property = `${error.property ?? ''}.${missing}`;
    return { ...error, property, stack: `${property} ${error.message ?? ''}`.trim() };
  });
}

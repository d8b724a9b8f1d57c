import type { ErrorListProps } from '@rjsf/utils';

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  margin: -1,
  padding: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

/** The summary sentence read out by screen readers. */
export function errorSummary(count: number): string {
  if (count === 0) return '';
  return count === 1 ? 'There is 1 error in the form. It is shown next to its field.' : `There are ${count} errors in the form. They are shown next to their fields.`;
}

/**
 * Errors are shown inline, next to their fields (FieldTemplate), so the list at the top is not drawn. A
 * polite live region still announces how many there are after a submit.
 */
export function ErrorListTemplate({ errors }: ErrorListProps) {
  return (
    <div role="status" aria-live="polite" style={visuallyHidden} data-testid="error-summary">
      {errorSummary(errors.length)}
    </div>
  );
}

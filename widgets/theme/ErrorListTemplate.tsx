import type { ErrorListProps } from '@rjsf/utils';
import { useWidgetTexts } from '../lib/WidgetTexts';

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

/**
 * Errors are shown inline, next to their fields (FieldTemplate), so the list at the top is not drawn. A
 * polite live region still announces how many there are after a submit.
 */
export function ErrorListTemplate({ errors }: ErrorListProps) {
  const texts = useWidgetTexts();
  return (
    <div role="status" aria-live="polite" style={visuallyHidden} data-testid="error-summary">
      {texts.errorSummary(errors.length)}
    </div>
  );
}

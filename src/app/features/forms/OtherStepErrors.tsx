import { MessageBar, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import { Link } from 'react-router-dom';
import type { ErrorStep } from './errorSteps';
import { useT } from '../../i18n/useT';

/**
 * Server field errors of other steps than the one open: each step named, as a link that opens it, with its messages
 * (the fields themselves show the messages once the step is open).
 */
export function OtherStepErrors({ steps }: { steps: ErrorStep[] }) {
  const t = useT();
  if (steps.length === 0) return null;
  return (
    <MessageBar intent="error" role="alert" layout="multiline" style={{ margin: '12px 0' }} data-other-step-errors>
      <MessageBarBody>
        <MessageBarTitle>{t(steps.length === 1 ? 'flow.oneStepAttention' : 'flow.stepsAttention')}</MessageBarTitle>
        <ul style={{ margin: '4px 0 0', paddingInlineStart: 20 }}>
          {steps.map((s) => (
            <li key={`${s.step}@${s.signatoryIndex ?? ''}`}>
              {s.href ? <Link to={s.href}>{s.title}</Link> : <strong>{s.title}</strong>}: {s.messages.join(' ')}
            </li>
          ))}
        </ul>
      </MessageBarBody>
    </MessageBar>
  );
}

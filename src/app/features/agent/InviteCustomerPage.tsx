import { Button, MessageBar, MessageBarBody, MessageBarTitle, Title2 } from '@fluentui/react-components';
import { useMemo, useRef, useState } from 'react';
import type { AppConfig } from '../config/useConfig';
import { StepForm } from '../forms/StepForm';
import { stepValidatorFor } from '../forms/stepValidator';
import { useApi } from '../session/session';
import { AgentLayout, WithAgentConfig } from './AgentLayout';
import { extraErrorsOf, fieldErrorsOf } from './fieldErrors';

function InviteForm({ config }: { config: AppConfig }) {
  const api = useApi();
  const validator = useMemo(() => stepValidatorFor(config), [config]);
  const [data, setData] = useState<Record<string, unknown>>({});
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>();
  const successRef = useRef<HTMLDivElement>(null);
  const step = config.steps.agentInvite;
  if (!step) throw new Error('The configuration has no agentInvite step');

  const submit = async (form: Record<string, unknown>) => {
    setBusy(true);
    setSentTo(null);
    setFieldErrors(undefined);
    try {
      await api('/api/agent/createInvite', { method: 'POST', body: { islamicBanking: false, ...form } });
      setSentTo(String(form.email));
      setData({});
      requestAnimationFrame(() => successRef.current?.focus());
    } catch (error) {
      // Spec (000 §7): errors of the invite call give no notification; field errors still show on their fields.
      const fields = fieldErrorsOf(error, 'body');
      if (fields) setFieldErrors(fields);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      {sentTo && (
        <MessageBar intent="success" ref={successRef} tabIndex={-1} style={{ marginBottom: 16 }}>
          <MessageBarBody>
            <MessageBarTitle>Invitation sent</MessageBarTitle>
            The customer will receive an e-mail at {sentTo} with a link to start the application.
          </MessageBarBody>
        </MessageBar>
      )}
      <StepForm
        id="agent-invite"
        step={step}
        formData={data}
        validator={validator}
        formContext={{ lists: config.lists }}
        extraErrors={extraErrorsOf(fieldErrors)}
        onChange={(next) => setData(next as Record<string, unknown>)}
        onSubmit={(next) => void submit(next as Record<string, unknown>)}
      >
        <Button appearance="primary" type="submit" disabled={busy} style={{ marginTop: 24 }}>
          {busy ? 'Sending…' : 'Send invite'}
        </Button>
      </StepForm>
    </>
  );
}

/** /agent/InviteCustomer: invite a customer to apply online (step agentInvite, POST agent/createInvite). */
export default function InviteCustomerPage() {
  return (
    <AgentLayout title="Send Invite" active={2}>
      <Title2 as="h1">Invite a customer</Title2>
      <WithAgentConfig>{(config) => <InviteForm config={config} />}</WithAgentConfig>
    </AgentLayout>
  );
}

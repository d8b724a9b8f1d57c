import { Button, MessageBar, MessageBarBody, MessageBarTitle, Title2 } from '@fluentui/react-components';
import { useEffect, useRef, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { useSetAtom } from '../../lib/jotai';
import { ApiRequestError, deviceId } from '../../lib/secureFetch';
import type { AppConfig } from '../config/useConfig';
import { StepForm } from '../forms/StepForm';
import { useStepValidator } from '../forms/stepValidator';
import { useApi, useSessionControls } from '../session/session';
import { useAgentT } from '../../i18n/useAgentT';
import { AgentLayout, WithAgentConfig } from './AgentLayout';
import type { ReturnTo } from './AgentGuard';
import { AGENT_HOME } from './agentSteps';
import { extraErrorsOf, fieldErrorsOf, useMessageOf } from './fieldErrors';
import { agentSearchAtom, initialSearch } from './searchState';

/** The page's step: its validators are that step's module. */
const AGENT_LOGIN_STEP = ['agentLogin'] as const;

interface LoginAnswer {
  access_token: string;
  refresh_token: string;
  agentId: string;
  agentName: string;
  roCode: string | null;
  roles: string[];
}

/** Only paths of the agent area are followed after login (no open redirect). */
function safeReturn(from: string | undefined): string {
  return from && /^\/agent\/(?!Login\b)/.test(from) ? from : AGENT_HOME;
}

function LoginForm({ config }: { config: AppConfig }) {
  const api = useApi();
  const t = useAgentT();
  const messageOf = useMessageOf();
  const { signIn } = useSessionControls();
  const resetSearch = useSetAtom(agentSearchAtom);
  const navigate = useNavigate();
  const location = useLocation();
  const validator = useStepValidator(config, AGENT_LOGIN_STEP);
  const [data, setData] = useState<Record<string, unknown>>({});
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<{ title: 'notAgent' | 'locked' | 'failed'; error?: unknown } | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>();
  // Failed attempts so far: the form starts afresh after each (the cleared password is not flagged "not filled"
  // until the agent presses Login again; only the failure message shows).
  const [attempts, setAttempts] = useState(0);
  const alertRef = useRef<HTMLDivElement>(null);
  const step = config.steps[AGENT_LOGIN_STEP[0]];

  useEffect(() => {
    if (failure) alertRef.current?.focus();
  }, [failure]);

  if (!step) throw new Error('The configuration has no agentLogin step');

  const submit = async (form: Record<string, unknown>) => {
    setBusy(true);
    setFailure(null);
    setFieldErrors(undefined);
    try {
      const res = await api<LoginAnswer>('/api/users/authenticate', {
        method: 'POST',
        body: { username: form.username, password: form.password, deviceId: deviceId(), uniqueId: crypto.randomUUID() },
      });
      const answer = res.body!;
      if (!answer.roles.includes('agent')) {
        setFailure({ title: 'notAgent' });
        return;
      }
      // A new session starts without the previous agent's search.
      resetSearch(initialSearch);
      signIn({
        kind: 'agent',
        accessToken: answer.access_token,
        refreshToken: answer.refresh_token,
        name: answer.agentName,
        userId: answer.agentId,
        ...(answer.roCode ? { roCode: answer.roCode } : {}),
      });
      navigate(safeReturn((location.state as ReturnTo | null)?.from), { replace: true });
    } catch (error) {
      const fields = fieldErrorsOf(error, 'login', 'body');
      if (fields) setFieldErrors(fields);
      const locked = error instanceof ApiRequestError && error.status === 429;
      // Clear the password after a failed attempt, keep the username.
      setData({ username: form.username });
      setAttempts((n) => n + 1);
      setFailure({ title: locked ? 'locked' : 'failed', error });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      {failure && (
        <MessageBar intent="error" ref={alertRef} tabIndex={-1} role="alert" style={{ marginBottom: 16 }}>
          <MessageBarBody>
            <MessageBarTitle>{t(failure.title === 'notAgent' ? 'agent.login.notAgentTitle' : failure.title === 'locked' ? 'agent.login.locked' : 'agent.login.failed')}</MessageBarTitle>
            {failure.title === 'notAgent' ? t('agent.login.notAgentMessage') : messageOf(failure.error)}
          </MessageBarBody>
        </MessageBar>
      )}
      <StepForm
        key={attempts}
        id="agent-login"
        step={step}
        formData={data}
        validator={validator}
        formContext={{ lists: config.lists }}
        extraErrors={extraErrorsOf(fieldErrors)}
        onChange={(next) => setData(next as Record<string, unknown>)}
        onSubmit={(next) => void submit(next as Record<string, unknown>)}
      >
        <Button appearance="primary" type="submit" disabled={busy} style={{ marginTop: 24 }}>
          {busy ? t('agent.login.busy') : t('agent.login.submit')}
        </Button>
      </StepForm>
    </>
  );
}

/** /agent/Login: staff login of a relationship officer (schema-driven form, step agentLogin). */
export default function AgentLoginPage() {
  const { session } = useSessionControls();
  const location = useLocation();
  const t = useAgentT();
  if (session?.kind === 'agent') return <Navigate to={safeReturn((location.state as ReturnTo | null)?.from)} replace />;
  return (
    <AgentLayout panel="login" active={0}>
      <Title2 as="h1">{t('agent.login.title')}</Title2>
      <WithAgentConfig>{(config) => <LoginForm config={config} />}</WithAgentConfig>
    </AgentLayout>
  );
}

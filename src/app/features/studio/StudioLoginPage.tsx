import { Button, Field, Input, makeStyles, MessageBar, MessageBarBody, MessageBarTitle, Title1 } from '@fluentui/react-components';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { deviceId } from '../../lib/secureFetch';
import { useConfig } from '../config/useConfig';
import { useApi, useSessionControls } from '../session/session';
import { StudioLanguageSwitch } from './StudioLanguageSwitch';
import { useStudioT } from '../../i18n/useStudioT';
import { errorText } from './api';

const useStyles = makeStyles({
  page: { maxWidth: '420px', margin: '64px auto', padding: '0 16px', display: 'flex', flexDirection: 'column', gap: '16px' },
  language: { alignSelf: 'flex-end' },
  form: { display: 'flex', flexDirection: 'column', gap: '16px' },
});

interface AuthAnswer {
  access_token: string;
  refresh_token: string;
  agentName: string;
  agentId: string;
  roCode?: string;
  roles: string[];
}

/** Only a safe in-app path under /studio is followed after sign-in. */
const safeNext = (next: string | null) => (next && next.startsWith('/studio') && !next.startsWith('//') ? next : '/studio');

/**
 * Staff sign-in for the studio. Agents can sign in with the same form but are told the studio needs the product
 * role; their session is not kept here.
 */
export default function StudioLoginPage() {
  const styles = useStyles();
  const t = useStudioT();
  const api = useApi();
  const { signIn } = useSessionControls();
  const { data: config, error: configError } = useConfig();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<{ username?: string; password?: string }>({});
  const [failure, setFailure] = useState<{ title: string; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const alertRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (failure) alertRef.current?.focus();
  }, [failure]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const errors = { ...(username.trim() ? {} : { username: t('studio.login.usernameMissing') }), ...(password ? {} : { password: t('studio.login.passwordMissing') }) };
    setFieldErrors(errors);
    setFailure(null);
    if (errors.username || errors.password) return;
    setBusy(true);
    try {
      const res = await api<AuthAnswer>('/api/users/authenticate', { method: 'POST', body: { username: username.trim(), password, deviceId: deviceId() } });
      const answer = res.body!;
      if (!answer.roles.includes('product')) {
        setFailure({
          title: t('studio.login.noAccess'),
          text: t('studio.login.noAccessText', { name: answer.agentName, roles: answer.roles.join(', ') || t('studio.login.noRole') }),
        });
        return;
      }
      signIn({ kind: 'product', accessToken: answer.access_token, refreshToken: answer.refresh_token, name: answer.agentName, userId: answer.agentId, ...(answer.roCode ? { roCode: answer.roCode } : {}) });
      navigate(safeNext(params.get('next')), { replace: true });
    } catch (error) {
      setFailure({ title: t('studio.login.failed'), text: errorText(error, t) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className={styles.page}>
      <StudioLanguageSwitch className={styles.language} />
      <Title1 as="h1">{t('studio.login.title')}</Title1>
      {params.get('expired') === '1' && (
        <MessageBar intent="warning">
          <MessageBarBody>{t('studio.login.expired')}</MessageBarBody>
        </MessageBar>
      )}
      {configError && (
        <MessageBar intent="error">
          <MessageBarBody>{configError.message}</MessageBarBody>
        </MessageBar>
      )}
      {failure && (
        <MessageBar intent="error" role="alert" ref={alertRef} tabIndex={-1}>
          <MessageBarBody>
            <MessageBarTitle>{failure.title}</MessageBarTitle>
            {failure.text}
          </MessageBarBody>
        </MessageBar>
      )}
      <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
        <Field label={t('studio.login.username')} required validationMessage={fieldErrors.username}>
          <Input value={username} onChange={(_, d) => setUsername(d.value)} autoComplete="username" />
        </Field>
        <Field label={t('studio.login.password')} required validationMessage={fieldErrors.password}>
          <Input type="password" value={password} onChange={(_, d) => setPassword(d.value)} autoComplete="current-password" />
        </Field>
        <Button appearance="primary" type="submit" disabled={busy || !config}>
          {busy ? t('studio.login.signingIn') : t('studio.login.signIn')}
        </Button>
      </form>
    </main>
  );
}

import { Body1, Button, MessageBar, MessageBarBody, Spinner, Title2 } from '@fluentui/react-components';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { Shell } from '../../components/Shell';
import { useSetAtom } from '../../lib/jotai';
import { ApiRequestError, secureFetch } from '../../lib/secureFetch';
import { fetchConfig, configKey } from '../config/useConfig';
import { accountChoiceAtom } from '../products/accountChoice';
import { writeInvite } from './otp';
import { usePageT } from '../../i18n/usePageT';

export type RedirectKind = 'application' | 'comeback' | 'applicantinfo';

const TARGET: Record<RedirectKind, string> = {
  // An invitation link: the applicant starts a new application with the account the agent chose.
  application: '/business/ApplicantInfo',
  comeback: '/business/ComeBackLogin',
  applicantinfo: '/business/ApplicantInfo',
};

/** What POST /api/invites/open answers: what the agent typed into the invite. */
interface OpenedInvite {
  fullName: string;
  email: string;
  countryCode: string;
  mobileNo: string;
  accountType: string;
  islamicBanking: boolean;
  roCode?: string | null;
}

/**
 * The entry links sent to applicants (/business/application-redirect?invite=...&rocode=...&accountType=...&islamic=...,
 * and the come-back and applicant-info links). An invitation is opened on the server (which answers the name,
 * e-mail, mobile, account type and Islamic choice the agent typed, and records that the link was opened); they
 * are kept in this tab's session storage and start the basic information filled in. The applicant still
 * confirms the mobile and e-mail with a one-time code. An expired or used invitation says so and offers to
 * apply without it.
 */
export default function RedirectPage({ kind }: { kind: RedirectKind }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const setChoice = useSetAtom(accountChoiceAtom);
  const [failure, setFailure] = useState<string>();
  const t = usePageT();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const inviteToken = params.get('invite') ?? params.get('inviteToken') ?? undefined;
    const roCode = params.get('rocode') ?? params.get('roCode') ?? undefined;
    const accountType = params.get('accountType');
    const islamic = params.get('islamic');
    if (accountType) setChoice({ accountType, islamicBanking: islamic === 'true' });
    if (!inviteToken || kind !== 'application') {
      if (inviteToken || roCode) writeInvite({ inviteToken, roCode });
      navigate(TARGET[kind], { replace: true });
      return;
    }
    void (async () => {
      try {
        const config = await fetchConfig(configKey());
        const res = await secureFetch<OpenedInvite>('/api/invites/open', { method: 'POST', publicKey: config.publicKey ?? null, body: { inviteToken } });
        const invite = res.body!;
        setChoice({ accountType: invite.accountType, islamicBanking: invite.islamicBanking });
        writeInvite({
          inviteToken,
          roCode: invite.roCode ?? roCode,
          applicant: { fullName: invite.fullName, email: invite.email, countryCode: invite.countryCode, mobileNo: invite.mobileNo },
        });
        navigate(TARGET[kind], { replace: true });
      } catch (error) {
        writeInvite(undefined);
        setFailure(error instanceof ApiRequestError ? error.message : t('invite.failed'));
      }
    })();
  }, [kind, params, navigate, setChoice, t]);

  if (!failure) return <Spinner label={t('invite.opening')} />;
  return (
    <Shell title={t('invite.title')}>
      <Title2 as="h1">{t('invite.title')}</Title2>
      <MessageBar intent="warning" role="alert" style={{ margin: '16px 0' }}>
        <MessageBarBody>{failure}</MessageBarBody>
      </MessageBar>
      <Body1 as="p">{t('invite.without')}</Body1>
      <p style={{ display: 'flex', gap: 16, alignItems: 'center', flexWrap: 'wrap' }}>
        <Button appearance="primary" onClick={() => navigate('/business/accounts')}>
          {t('invite.apply')}
        </Button>
        <RouterLink to="/business/ComeBackLogin">{t('invite.comeBack')}</RouterLink>
      </p>
    </Shell>
  );
}

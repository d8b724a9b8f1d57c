import {
  Badge,
  Body1,
  Button,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Title2,
  Title3,
  tokens,
} from '@fluentui/react-components';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import type { AppConfig } from '../config/useConfig';
import { StepForm } from '../forms/StepForm';
import { useStepValidator } from '../forms/stepValidator';
import { useApi } from '../session/session';
import { AgentLayout, WithAgentConfig } from './AgentLayout';
import { useAgentT } from '../../i18n/useAgentT';
import { accountNameOf, useFormatDateTime } from './agentIntl';
import { extraErrorsOf, fieldErrorsOf, useMessageOf } from './fieldErrors';
import { useAgentGet } from './useAgentData';

/** The page's step: its validators are that step's module. */
const AGENT_INVITE_STEP = ['agentInvite'] as const;

/** GET /api/agent/invites: the agent's sent invites, newest first. */
interface SentInvite {
  inviteId: string;
  fullName: string;
  email: string;
  accountType: string;
  islamicBanking: boolean;
  status: 'sent' | 'opened' | 'used' | 'expired';
  sentAt: string;
  sentCount: number;
  expiresAt: string;
  prospectId: string | null;
}

const STATE_COLOR: Record<SentInvite['status'], 'informative' | 'brand' | 'success' | 'danger'> = { sent: 'informative', opened: 'brand', used: 'success', expired: 'danger' };

/** The agent's sent invites with their state (sent / opened / used / expired); an unused one can be sent again. */
function SentInvites({ config, refresh }: { config: AppConfig; refresh: number }) {
  const api = useApi();
  const t = useAgentT();
  const messageOf = useMessageOf();
  const dateTime = useFormatDateTime();
  const { data, error, loading, reload } = useAgentGet<{ total: number; invites: SentInvite[] }>('/api/agent/invites?page=1');
  useEffect(() => {
    if (refresh) reload();
  }, [refresh, reload]);
  const [resending, setResending] = useState<string>();
  /** The last resend: to whom it went, or why it failed. */
  const [notice, setNotice] = useState<{ email: string } | { error: unknown }>();
  const resend = async (invite: SentInvite) => {
    setResending(invite.inviteId);
    setNotice(undefined);
    try {
      await api(`/api/agent/invites/${invite.inviteId}/resend`, { method: 'POST', body: {} });
      setNotice({ email: invite.email });
      reload();
    } catch (e) {
      setNotice({ error: e });
    } finally {
      setResending(undefined);
    }
  };
  return (
    <section aria-labelledby="sent-invites-title" style={{ marginTop: 40 }}>
      <Title3 as="h2" id="sent-invites-title">
        {t('agent.invite.list')}
      </Title3>
      {notice && (
        <MessageBar intent={'error' in notice ? 'error' : 'success'} role={'error' in notice ? 'alert' : 'status'} style={{ margin: '12px 0' }}>
          <MessageBarBody>{'error' in notice ? messageOf(notice.error) : t.rich('agent.invite.resent', { email: notice.email, data: (chunks) => <bdi>{chunks}</bdi> })}</MessageBarBody>
        </MessageBar>
      )}
      {loading && !data && <Spinner size="small" label={t('agent.invite.loading')} />}
      {!!error && <MessageBar intent="error"><MessageBarBody>{messageOf(error)}</MessageBarBody></MessageBar>}
      {data && data.invites.length === 0 && <Body1 block>{t('agent.invite.none')}</Body1>}
      {data && data.invites.length > 0 && (
        <div style={{ overflowX: 'auto', border: `1px solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium, marginTop: 12 }}>
          <Table aria-label={t('agent.invite.list')} style={{ minWidth: 640 }}>
            <TableHeader>
              <TableRow>
                <TableHeaderCell>{t('agent.invite.customer')}</TableHeaderCell>
                <TableHeaderCell>{t('agent.account')}</TableHeaderCell>
                <TableHeaderCell>{t('agent.status')}</TableHeaderCell>
                <TableHeaderCell>{t('agent.invite.sentAt')}</TableHeaderCell>
                <TableHeaderCell>{t('agent.invite.validUntil')}</TableHeaderCell>
                <TableHeaderCell>{t('agent.invite.action')}</TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {data.invites.map((i) => (
                <TableRow key={i.inviteId} data-invite={i.email}>
                  <TableCell dir="auto">
                    {i.fullName}
                    <br />
                    <span style={{ color: tokens.colorNeutralForeground3 }}>{i.email}</span>
                  </TableCell>
                  <TableCell>{accountNameOf(config, t, i.accountType, i.islamicBanking)}</TableCell>
                  <TableCell>
                    <Badge appearance="tint" color={STATE_COLOR[i.status]}>
                      {t('agent.invite.state', { state: i.status })}
                    </Badge>
                  </TableCell>
                  <TableCell>
                    {dateTime(i.sentAt)}
                    {i.sentCount > 1 ? ` ${t('agent.invite.sentCount', { count: i.sentCount })}` : ''}
                  </TableCell>
                  <TableCell>{dateTime(i.expiresAt)}</TableCell>
                  <TableCell>
                    {i.status === 'used' ? (
                      i.prospectId ? <Link to={`/agent/SearchedAppInfo/${encodeURIComponent(i.prospectId)}`}>{i.prospectId}</Link> : '—'
                    ) : (
                      <Button size="small" disabled={resending === i.inviteId} onClick={() => void resend(i)} aria-label={t('agent.invite.resendTo', { email: i.email })}>
                        {resending === i.inviteId ? t('agent.sending') : t('agent.invite.resend')}
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
    </section>
  );
}

function withoutAutofocus<T extends { uiSchema: Record<string, unknown> }>(step: T): T {
  const uiSchema = Object.fromEntries(
    Object.entries(step.uiSchema).map(([key, ui]) => [key, ui && typeof ui === 'object' && 'ui:autofocus' in ui ? { ...ui, 'ui:autofocus': false } : ui]),
  );
  return { ...step, uiSchema };
}

function InviteForm({ config, onSent }: { config: AppConfig; onSent(): void }) {
  const api = useApi();
  const t = useAgentT();
  const validator = useStepValidator(config, AGENT_INVITE_STEP);
  const [data, setData] = useState<Record<string, unknown>>({});
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  /** A new form after each invite sent: the empty form starts clean (not with "not filled" on every field). */
  const [formKey, setFormKey] = useState(0);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>();
  const successRef = useRef<HTMLDivElement>(null);
  const configured = config.steps[AGENT_INVITE_STEP[0]];
  if (!configured) throw new Error('The configuration has no agentInvite step');
  // After an invite is sent the focus goes to the confirmation, so the new form takes none (ui:autofocus would take
  // it first and, left at once, mark the first field "not filled").
  const step = useMemo(() => (formKey === 0 ? configured : withoutAutofocus(configured)), [configured, formKey]);

  const submit = async (form: Record<string, unknown>) => {
    setBusy(true);
    setSentTo(null);
    setFieldErrors(undefined);
    try {
      await api('/api/agent/createInvite', { method: 'POST', body: { islamicBanking: false, ...form } });
      setSentTo(String(form.email));
      setData({});
      setFormKey((k) => k + 1);
      onSent();
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
            <MessageBarTitle>{t('agent.invite.sentTitle')}</MessageBarTitle>
            {t.rich('agent.invite.sentText', { email: sentTo, data: (chunks) => <bdi>{chunks}</bdi> })}
          </MessageBarBody>
        </MessageBar>
      )}
      <StepForm
        key={formKey}
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
          {busy ? t('agent.sending') : t('agent.invite.send')}
        </Button>
      </StepForm>
    </>
  );
}

function InvitePanels({ config }: { config: AppConfig }) {
  const [refresh, setRefresh] = useState(0);
  return (
    <>
      <InviteForm config={config} onSent={() => setRefresh((n) => n + 1)} />
      <SentInvites config={config} refresh={refresh} />
    </>
  );
}

/** /agent/InviteCustomer: invite a customer to apply online (step agentInvite, POST agent/createInvite). */
export default function InviteCustomerPage() {
  const t = useAgentT();
  return (
    <AgentLayout panel="invite" active={2}>
      <Title2 as="h1">{t('agent.invite.title')}</Title2>
      <WithAgentConfig>{(config) => <InvitePanels config={config} />}</WithAgentConfig>
    </AgentLayout>
  );
}

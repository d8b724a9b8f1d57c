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
import { readProducts } from '../products/productsConfig';
import type { AppConfig } from '../config/useConfig';
import { StepForm } from '../forms/StepForm';
import { useStepValidator } from '../forms/stepValidator';
import { useApi } from '../session/session';
import { AgentLayout, WithAgentConfig } from './AgentLayout';
import { extraErrorsOf, fieldErrorsOf, messageOf } from './fieldErrors';
import { useAgentGet } from './useAgentData';

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

const STATE: Record<SentInvite['status'], { text: string; color: 'informative' | 'brand' | 'success' | 'danger' }> = {
  sent: { text: 'Sent', color: 'informative' },
  opened: { text: 'Opened', color: 'brand' },
  used: { text: 'Used', color: 'success' },
  expired: { text: 'Expired', color: 'danger' },
};

const dateTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Dubai' });

/** The agent's sent invites with their state (sent / opened / used / expired); an unused one can be sent again. */
function SentInvites({ config, refresh }: { config: AppConfig; refresh: number }) {
  const api = useApi();
  const { data, error, loading, reload } = useAgentGet<{ total: number; invites: SentInvite[] }>('/api/agent/invites?page=1');
  useEffect(() => {
    if (refresh) reload();
  }, [refresh, reload]);
  const [resending, setResending] = useState<string>();
  const [notice, setNotice] = useState<{ intent: 'success' | 'error'; text: string }>();
  const accounts = readProducts(config.products as Record<string, unknown> | undefined).accounts;
  const accountName = (i: SentInvite) => {
    const a = accounts.find((x) => x.id === i.accountType);
    const name = a ? (i.islamicBanking ? (a.islamic?.name ?? a.name) : a.name) : i.accountType;
    return i.islamicBanking ? `${name} (Islamic)` : name;
  };
  const resend = async (invite: SentInvite) => {
    setResending(invite.inviteId);
    setNotice(undefined);
    try {
      await api(`/api/agent/invites/${invite.inviteId}/resend`, { method: 'POST', body: {} });
      setNotice({ intent: 'success', text: `A new link was sent to ${invite.email}; the earlier link no longer works.` });
      reload();
    } catch (e) {
      setNotice({ intent: 'error', text: messageOf(e) });
    } finally {
      setResending(undefined);
    }
  };
  return (
    <section aria-labelledby="sent-invites-title" style={{ marginTop: 40 }}>
      <Title3 as="h2" id="sent-invites-title">
        Sent invites
      </Title3>
      {notice && (
        <MessageBar intent={notice.intent} role={notice.intent === 'error' ? 'alert' : 'status'} style={{ margin: '12px 0' }}>
          <MessageBarBody>{notice.text}</MessageBarBody>
        </MessageBar>
      )}
      {loading && !data && <Spinner size="small" label="Loading the invites" />}
      {!!error && <MessageBar intent="error"><MessageBarBody>{messageOf(error)}</MessageBarBody></MessageBar>}
      {data && data.invites.length === 0 && <Body1 block>You have not sent any invites yet.</Body1>}
      {data && data.invites.length > 0 && (
        <div style={{ overflowX: 'auto', border: `1px solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium, marginTop: 12 }}>
          <Table aria-label="Sent invites" style={{ minWidth: 640 }}>
            <TableHeader>
              <TableRow>
                <TableHeaderCell>Customer</TableHeaderCell>
                <TableHeaderCell>Account</TableHeaderCell>
                <TableHeaderCell>Status</TableHeaderCell>
                <TableHeaderCell>Sent</TableHeaderCell>
                <TableHeaderCell>Valid until</TableHeaderCell>
                <TableHeaderCell>Action</TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {data.invites.map((i) => (
                <TableRow key={i.inviteId} data-invite={i.email}>
                  <TableCell>
                    {i.fullName}
                    <br />
                    <span style={{ color: tokens.colorNeutralForeground3 }}>{i.email}</span>
                  </TableCell>
                  <TableCell>{accountName(i)}</TableCell>
                  <TableCell>
                    <Badge appearance="tint" color={STATE[i.status].color}>
                      {STATE[i.status].text}
                    </Badge>
                  </TableCell>
                  <TableCell>
                    {dateTime.format(new Date(i.sentAt))}
                    {i.sentCount > 1 ? ` (sent ${i.sentCount} times)` : ''}
                  </TableCell>
                  <TableCell>{dateTime.format(new Date(i.expiresAt))}</TableCell>
                  <TableCell>
                    {i.status === 'used' ? (
                      i.prospectId ? <Link to={`/agent/SearchedAppInfo/${encodeURIComponent(i.prospectId)}`}>{i.prospectId}</Link> : '—'
                    ) : (
                      <Button size="small" disabled={resending === i.inviteId} onClick={() => void resend(i)} aria-label={`Resend the invite to ${i.email}`}>
                        {resending === i.inviteId ? 'Sending…' : 'Resend'}
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
  const validator = useStepValidator(config);
  const [data, setData] = useState<Record<string, unknown>>({});
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  /** A new form after each invite sent: the empty form starts clean (not with "not filled" on every field). */
  const [formKey, setFormKey] = useState(0);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>();
  const successRef = useRef<HTMLDivElement>(null);
  const configured = config.steps.agentInvite;
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
            <MessageBarTitle>Invitation sent</MessageBarTitle>
            The customer will receive an e-mail at {sentTo} with a link to start the application.
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
          {busy ? 'Sending…' : 'Send invite'}
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
  return (
    <AgentLayout title="Send Invite" active={2}>
      <Title2 as="h1">Invite a customer</Title2>
      <WithAgentConfig>{(config) => <InvitePanels config={config} />}</WithAgentConfig>
    </AgentLayout>
  );
}

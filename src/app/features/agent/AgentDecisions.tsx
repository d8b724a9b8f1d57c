import { Body1, Button, Checkbox, Field, makeStyles, MessageBar, MessageBarBody, Select, Textarea, Title3, tokens } from '@fluentui/react-components';
import { useId, useMemo, useState } from 'react';
import { labelOf, movesFrom, readStatusInfo, requestableDocuments, type RequestableDocument } from '../../../content/lifecycle';
import type { DocumentsConfig } from '../../../content/requiredDocuments';
import type { AppConfig } from '../config/useConfig';
import { useApi } from '../session/session';
import { fieldErrorsOf, messageOf } from './fieldErrors';
import type { ProspectAnswer } from './useAgentData';

const useStyles = makeStyles({
  section: { marginTop: '28px' },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, maxWidth: '640px', marginTop: tokens.spacingVerticalM },
  quick: { display: 'flex', gap: '12px', flexWrap: 'wrap' },
  fieldset: { border: `1px solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium, padding: '8px 12px', margin: 0, minWidth: 0 },
  legend: { fontWeight: 600, padding: '0 4px' },
  group: { display: 'flex', flexDirection: 'column', marginTop: '4px' },
  groupTitle: { margin: '8px 0 0', fontWeight: 600 },
});

/** The agent's wording of a move, by its target (the status itself in words otherwise). */
const ACTION_WORDS: Record<string, string> = {
  ASSESSING: 'Start or resume the assessment',
  DOCUMENTS_NEEDED: 'Request documents',
  NEED_ADDITIONAL_INFO: 'Request additional information and documents',
  APPROVED: 'Approve',
  ACCOUNT_OPENED: 'Open the accounts',
  DECLINED: 'Decline',
};

/**
 * The agent's decisions on an application (issue 13): change its status with a note, request documents (per
 * company or stakeholder), approve, decline with a reason. Offers only the moves schemas/lifecycle.json gives
 * agents from the current status; the server decides again (409 with its reason) and tells the applicant.
 */
export function AgentDecisions({ config, answer, onMoved }: { config: AppConfig; answer: ProspectAnswer; onMoved: () => void }) {
  const styles = useStyles();
  const api = useApi();
  const ids = { title: useId(), docs: useId() };
  const lifecycle = config.lifecycle;
  const moves = useMemo(() => (lifecycle ? movesFrom(lifecycle, answer.status, 'agent') : []), [lifecycle, answer.status]);
  const requestable = useMemo(() => requestableDocuments(answer.prospect, config.documents as unknown as DocumentsConfig), [answer.prospect, config.documents]);
  const [to, setTo] = useState('');
  const [note, setNote] = useState('');
  const [reason, setReason] = useState('');
  const [documents, setDocuments] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string[]>>();
  const [failure, setFailure] = useState<string>();
  const [done, setDone] = useState<string>();
  if (!lifecycle) return null;

  const target = to ? lifecycle.states[to] : undefined;
  const info = readStatusInfo(answer.prospect);
  const groups = new Map<string, RequestableDocument[]>();
  for (const d of requestable) {
    const signatory = d.signatoryId !== undefined ? (answer.prospect.signatoryInfo as Record<string, unknown>[] | undefined)?.find((s, i) => String(s?.signatoryId ?? i) === d.signatoryId) : undefined;
    const name = d.group === 'company' ? 'Company' : String(signatory?.fullName ?? [signatory?.firstName, signatory?.lastName].filter(Boolean).join(' ') ?? 'Stakeholder');
    groups.set(name, [...(groups.get(name) ?? []), d]);
  }

  const choose = (next: string) => {
    setTo(next);
    setErrors(undefined);
    setFailure(undefined);
    setDone(undefined);
  };

  const send = async () => {
    setBusy(true);
    setErrors(undefined);
    setFailure(undefined);
    try {
      const res = await api<{ status: string }>(`/api/prospects/${encodeURIComponent(answer.prospectId)}/status`, {
        method: 'POST',
        body: { to, version: answer.version, ...(note.trim() ? { note: note.trim() } : {}), ...(target?.requiresReason && reason ? { reason } : {}), ...(target?.awaitsDocuments ? { documents } : {}) },
      });
      setDone(`The application is now "${labelOf(lifecycle, res.body?.status ?? to)}". The applicant was told by e-mail and SMS.`);
      setTo('');
      setNote('');
      setReason('');
      setDocuments([]);
      onMoved();
    } catch (error) {
      const fields = fieldErrorsOf(error, 'body');
      if (fields) setErrors(fields);
      else setFailure(messageOf(error));
    } finally {
      setBusy(false);
    }
  };
  const fieldError = (name: string) => errors?.[name]?.join(' ') ?? Object.entries(errors ?? {}).find(([k]) => k.startsWith(`${name}.`))?.[1]?.join(' ');

  return (
    <section className={styles.section} aria-labelledby={ids.title} data-testid="agent-decisions">
      <Title3 as="h2" id={ids.title}>
        Decision
      </Title3>
      <Body1 block>
        Status: <strong>{labelOf(lifecycle, answer.status)}</strong>
        {info.statusReasonText ? ` (${info.statusReasonText})` : ''}
      </Body1>
      {done && (
        <MessageBar intent="success" role="status">
          <MessageBarBody>{done}</MessageBarBody>
        </MessageBar>
      )}
      {moves.length === 0 ? (
        <Body1 block>No decision can be taken in this status.</Body1>
      ) : (
        <form
          className={styles.form}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void send();
          }}
        >
          <div className={styles.quick}>
            {moves.map((m) => (
              <Button key={m.to} type="button" appearance={to === m.to ? 'primary' : 'secondary'} aria-pressed={to === m.to} onClick={() => choose(m.to)}>
                {ACTION_WORDS[m.to] ?? labelOf(lifecycle, m.to)}
              </Button>
            ))}
          </div>
          <Field label="New status" validationMessage={fieldError('to')} required>
            <Select value={to} onChange={(_, d) => choose(d.value)}>
              <option value="">Choose a status</option>
              {moves.map((m) => (
                <option key={m.to} value={m.to}>
                  {labelOf(lifecycle, m.to)}
                </option>
              ))}
            </Select>
          </Field>
          {target?.requiresReason && (
            <Field label="Reason" required validationMessage={fieldError('reason')}>
              <Select value={reason} onChange={(_, d) => setReason(d.value)}>
                <option value="">Choose a reason</option>
                {lifecycle.declineReasons.map((r) => (
                  <option key={r.value} value={r.value}>
                    {r.label}
                  </option>
                ))}
              </Select>
            </Field>
          )}
          {target?.awaitsDocuments && (
            <fieldset className={styles.fieldset} aria-describedby={fieldError('documents') ? ids.docs : undefined}>
              <legend className={styles.legend}>Documents to request</legend>
              {[...groups].map(([name, docs]) => (
                <div key={name} className={styles.group} role="group" aria-label={name}>
                  <Body1 as="h3" className={styles.groupTitle}>
                    {name}
                  </Body1>
                  {docs.map((d) => (
                    <Checkbox
                      key={d.documentKey}
                      label={d.documentTitle}
                      checked={documents.includes(d.documentKey)}
                      onChange={(_, data) => setDocuments((list) => (data.checked ? [...list, d.documentKey] : list.filter((k) => k !== d.documentKey)))}
                    />
                  ))}
                </div>
              ))}
              {fieldError('documents') && (
                <Body1 id={ids.docs} block role="alert" style={{ color: tokens.colorPaletteRedForeground1 }}>
                  {fieldError('documents')}
                </Body1>
              )}
            </fieldset>
          )}
          <Field label="Message to the applicant" hint="Sent with the e-mail and shown on the applicant's status page." validationMessage={fieldError('note')}>
            <Textarea value={note} maxLength={1000} onChange={(_, d) => setNote(d.value)} resize="vertical" />
          </Field>
          {failure && (
            <MessageBar intent="error" role="alert">
              <MessageBarBody>{failure}</MessageBarBody>
            </MessageBar>
          )}
          <div>
            <Button type="submit" appearance="primary" disabled={busy || !to}>
              {busy ? 'Sending…' : 'Send decision'}
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}

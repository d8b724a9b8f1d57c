import { Body1, Button, Checkbox, Field, makeStyles, MessageBar, MessageBarBody, Select, Textarea, Title3, tokens } from '@fluentui/react-components';
import { useId, useMemo, useState } from 'react';
import { labelOf, movesFrom, readStatusInfo, requestableDocuments, type RequestableDocument } from '../../../content/lifecycle';
import type { DocumentsConfig } from '../../../content/requiredDocuments';
import type { AppConfig } from '../config/useConfig';
import { useApi } from '../session/session';
import type { AgentMessageId } from '../../i18n/enAgent';
import { useAgentT } from '../../i18n/useAgentT';
import { fieldErrorsOf, useMessageOf } from './fieldErrors';
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
const ACTION_WORDS: Record<string, AgentMessageId> = {
  ASSESSING: 'agent.decision.ASSESSING',
  DOCUMENTS_NEEDED: 'agent.decision.DOCUMENTS_NEEDED',
  NEED_ADDITIONAL_INFO: 'agent.decision.NEED_ADDITIONAL_INFO',
  APPROVED: 'agent.decision.APPROVED',
  ACCOUNT_OPENED: 'agent.decision.ACCOUNT_OPENED',
  DECLINED: 'agent.decision.DECLINED',
};

/**
 * The agent's decisions on an application (issue 13): change its status with a note, request documents (per
 * company or stakeholder), approve, decline with a reason. Offers only the moves schemas/lifecycle.json gives
 * agents from the current status; the server decides again (409 with its reason) and tells the applicant.
 */
export function AgentDecisions({ config, answer, onMoved }: { config: AppConfig; answer: ProspectAnswer; onMoved: () => void }) {
  const styles = useStyles();
  const api = useApi();
  const t = useAgentT();
  const messageOf = useMessageOf();
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
  const [failure, setFailure] = useState<unknown>();
  /** The status the last decision moved the application to. */
  const [done, setDone] = useState<string>();
  if (!lifecycle) return null;

  const target = to ? lifecycle.states[to] : undefined;
  const info = readStatusInfo(answer.prospect);
  // The decline reason in the page's language (the lifecycle's list), else the words the server kept.
  const reasonWords = (info.statusReason && lifecycle.declineReasons.find((r) => r.value === info.statusReason)?.label) || info.statusReasonText;
  const groups = new Map<string, RequestableDocument[]>();
  for (const d of requestable) {
    const signatory = d.signatoryId !== undefined ? (answer.prospect.signatoryInfo as Record<string, unknown>[] | undefined)?.find((s, i) => String(s?.signatoryId ?? i) === d.signatoryId) : undefined;
    const name = d.group === 'company' ? t('agent.company') : String(signatory?.fullName ?? ([signatory?.firstName, signatory?.lastName].filter(Boolean).join(' ') || t('agent.stakeholder')));
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
      setDone(res.body?.status ?? to);
      setTo('');
      setNote('');
      setReason('');
      setDocuments([]);
      onMoved();
    } catch (error) {
      const fields = fieldErrorsOf(error, 'body');
      if (fields) setErrors(fields);
      else setFailure(error);
    } finally {
      setBusy(false);
    }
  };
  const fieldError = (name: string) => errors?.[name]?.join(' ') ?? Object.entries(errors ?? {}).find(([k]) => k.startsWith(`${name}.`))?.[1]?.join(' ');

  return (
    <section className={styles.section} aria-labelledby={ids.title} data-testid="agent-decisions">
      <Title3 as="h2" id={ids.title}>
        {t('agent.decision.title')}
      </Title3>
      <Body1 block>
        {t.rich('agent.decision.status', { status: labelOf(lifecycle, answer.status), strong: (chunks) => <strong>{chunks}</strong> })}
        {reasonWords ? ` (${reasonWords})` : ''}
      </Body1>
      {done && (
        <MessageBar intent="success" role="status">
          <MessageBarBody>{t('agent.decision.done', { status: labelOf(lifecycle, done) })}</MessageBarBody>
        </MessageBar>
      )}
      {moves.length === 0 ? (
        <Body1 block>{t('agent.decision.noMoves')}</Body1>
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
                {ACTION_WORDS[m.to] ? t(ACTION_WORDS[m.to]!) : labelOf(lifecycle, m.to)}
              </Button>
            ))}
          </div>
          <Field label={t('agent.decision.newStatus')} validationMessage={fieldError('to')} required>
            <Select value={to} onChange={(_, d) => choose(d.value)}>
              <option value="">{t('agent.decision.chooseStatus')}</option>
              {moves.map((m) => (
                <option key={m.to} value={m.to}>
                  {labelOf(lifecycle, m.to)}
                </option>
              ))}
            </Select>
          </Field>
          {target?.requiresReason && (
            <Field label={t('agent.app.reason')} required validationMessage={fieldError('reason')}>
              <Select value={reason} onChange={(_, d) => setReason(d.value)}>
                <option value="">{t('agent.decision.chooseReason')}</option>
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
              <legend className={styles.legend}>{t('agent.decision.documents')}</legend>
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
          <Field label={t('agent.decision.message')} hint={t('agent.decision.messageHint')} validationMessage={fieldError('note')}>
            <Textarea value={note} maxLength={1000} onChange={(_, d) => setNote(d.value)} resize="vertical" />
          </Field>
          {!!failure && (
            <MessageBar intent="error" role="alert">
              <MessageBarBody>{messageOf(failure)}</MessageBarBody>
            </MessageBar>
          )}
          <div>
            <Button type="submit" appearance="primary" disabled={busy || !to}>
              {busy ? t('agent.sending') : t('agent.decision.send')}
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}

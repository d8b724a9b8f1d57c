import {
  Badge,
  Body1,
  Button,
  Checkbox,
  Field,
  Input,
  makeStyles,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  Radio,
  RadioGroup,
  Spinner,
  Subtitle2,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  Textarea,
  Title2,
  tokens,
} from '@fluentui/react-components';
import { useRef, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import { ApiRequestError } from '../../lib/secureFetch';
import { useApi } from '../session/session';
import type { StudioMessageId } from '../../i18n/enStudio';
import { type StudioT, useStudioT } from '../../i18n/useStudioT';
import { type CheckResult, type DraftDetail, errorText, type ReadableChange, statusLabel, useDraft, useStudioGet, useVersions } from './api';
import { useDateTime } from './useDateTime';
import { ConfirmDialog } from './ConfirmDialog';
import { FixtureResults } from './FixtureResults';

const useStyles = makeStyles({
  stack: { display: 'flex', flexDirection: 'column', gap: '12px', maxWidth: '960px' },
  row: { display: 'flex', gap: '12px', alignItems: 'end', flexWrap: 'wrap' },
  section: { marginTop: '24px', display: 'flex', flexDirection: 'column', gap: '12px' },
  table: { tableLayout: 'auto', width: '100%' },
  cell: { whiteSpace: 'normal', overflowWrap: 'anywhere', verticalAlign: 'top' },
  wrap: { overflowX: 'auto', maxWidth: '100%' },
  muted: { color: tokens.colorNeutralForeground3 },
});

interface Conflict {
  path: string;
  pointer: string;
  label: string;
  base?: unknown;
  draft?: unknown;
  latest?: unknown;
}

const show = (v: unknown, none: string) => (v === undefined ? none : typeof v === 'string' ? `"${v}"` : JSON.stringify(v));
const stepsOf = (files: string[]) => [...new Set(files.map((f) => /^steps\/([A-Za-z0-9]+)\.(schema|ui)\.json$/.exec(f)?.[1]).filter((s): s is string => !!s))];

/** What the server recorded in a draft's history (src/server/routes/studio.ts, drafts.event), in the studio's language. */
function eventText(t: StudioT, action: string): string {
  const known: Record<string, StudioMessageId> = {
    created: 'studio.event.created',
    discarded: 'studio.event.discarded',
    'submitted for review': 'studio.event.submitted',
    approved: 'studio.event.approved',
    'approved, confirming the check result': 'studio.event.approvedConfirming',
    'requested changes': 'studio.event.requestedChanges',
    'approval voided by an edit': 'studio.event.approvalVoided',
    'review withdrawn by an edit': 'studio.event.reviewWithdrawn',
  };
  if (known[action]) return t(known[action]);
  const published = /^published as version (\d+)$/.exec(action);
  if (published) return t('studio.event.published', { version: Number(published[1]) });
  const rebased = /^rebased from version (\d+) onto version (\d+)$/.exec(action);
  if (rebased) return t('studio.event.rebased', { from: Number(rebased[1]), to: Number(rebased[2]) });
  return action;
}

/** The draft's changes in plain language: per step and field, lists by option. */
export function ReadableChanges({ changes, label }: { changes: ReadableChange[]; label: string }) {
  const styles = useStyles();
  const t = useStudioT();
  if (changes.length === 0) return <Text>{t('studio.changes.none')}</Text>;
  return (
    <div className={styles.wrap}>
      <Table size="small" aria-label={label} className={styles.table}>
        <TableHeader>
          <TableRow>
            <TableHeaderCell>{t('studio.changes.where')}</TableHeaderCell>
            <TableHeaderCell>{t('studio.changes.field')}</TableHeaderCell>
            <TableHeaderCell>{t('studio.changes.change')}</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {changes.map((c, i) => (
            <TableRow key={`${c.path}${c.pointer}${i}`}>
              <TableCell className={styles.cell} dir="auto">{c.where}</TableCell>
              <TableCell className={styles.cell}>{c.field ?? '—'}</TableCell>
              <TableCell className={styles.cell}>{c.text}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

/** What a check found: problems, removed fields, affected applications (openable by agents), fixtures. */
export function CheckReport({ result }: { result: CheckResult }) {
  const styles = useStyles();
  const t = useStudioT();
  const { breaking } = result;
  const removed = breaking.removedFields ?? [];
  const applications = breaking.applications ?? [];
  const breakingRemoved = removed.filter((f) => f.required || f.held > 0);
  return (
    <div className={styles.stack}>
      {result.problems.length > 0 ? (
        <MessageBar intent="error" layout="multiline">
          <MessageBarBody>
            <MessageBarTitle>{t('studio.check.blocking', { count: result.problems.length })}</MessageBarTitle>
            <ul style={{ margin: 0, paddingInlineStart: 20 }}>
              {result.problems.map((p, i) => (
                <li key={i}>
                  {p.path}
                  {p.pointer ? ` ${p.pointer}` : ''}: {p.message}
                </li>
              ))}
            </ul>
          </MessageBarBody>
        </MessageBar>
      ) : (
        <MessageBar intent="success">
          <MessageBarBody>{t('studio.check.noProblems')}</MessageBarBody>
        </MessageBar>
      )}
      {(breaking.newlyFailing > 0 || breakingRemoved.length > 0) && (
        <MessageBar intent="warning" layout="multiline">
          <MessageBarBody>
            <MessageBarTitle>{t('studio.check.breaking')}</MessageBarTitle>
            {breaking.newlyFailing > 0 && (
              <Text block>
                {t('studio.check.newlyFailing', { count: breaking.newlyFailing, checked: breaking.checked, fields: breaking.fields.map((f) => `${f.label ?? f.field} (${f.count})`).join(', ') })}
              </Text>
            )}
            {breakingRemoved.map((f) => (
              <Text block key={f.field}>
                {t('studio.check.removed', { label: f.label, required: f.required ? 'yes' : 'no', held: f.held })}
                {f.held > 0 ? ` ${t('studio.check.dataKept')}` : ''}
              </Text>
            ))}
          </MessageBarBody>
        </MessageBar>
      )}
      {breaking.newlyFailing === 0 && breakingRemoved.length === 0 && (
        <Text>{t('studio.check.noneFail', { count: breaking.checked })}</Text>
      )}
      {applications.length > 0 && (
        <div className={styles.wrap}>
          <Table size="small" aria-label={t('studio.check.affected')} className={styles.table}>
            <TableHeader>
              <TableRow>
                <TableHeaderCell>{t('studio.check.application')}</TableHeaderCell>
                <TableHeaderCell>{t('studio.check.company')}</TableHeaderCell>
                <TableHeaderCell>{t('studio.drafts.status')}</TableHeaderCell>
                <TableHeaderCell>{t('studio.check.why')}</TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {applications.map((a) => (
                <TableRow key={a.id}>
                  <TableCell>
                    {/* The agent's read-only application view (agents and relationship officers open it). */}
                    <Link to={`/agent/SearchedAppInfo/${a.id}`} target="_blank" rel="noopener">
                      {a.id.slice(0, 8)}
                    </Link>
                  </TableCell>
                  <TableCell dir="auto">{a.company ?? '—'}</TableCell>
                  <TableCell>{a.status}</TableCell>
                  <TableCell>
                    {[a.newlyFailing ? t('studio.check.wouldFail') : '', a.holds.length ? t('studio.check.holds', { fields: a.holds.map((h) => removed.find((f) => f.field === h)?.label ?? h).join(', ') }) : '']
                      .filter(Boolean)
                      .join(t('studio.semicolon'))}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
      <FixtureResults run={result.fixtures} title={t('studio.fixtures.title')} />
    </div>
  );
}

/** One draft on the server: its changes, its check, the review (four eyes), rebase, publication. */
export default function DraftPage() {
  const { id = '' } = useParams();
  const t = useStudioT();
  const { data, error, mutate } = useDraft(id);
  if (error) {
    return (
      <MessageBar intent="error">
        <MessageBarBody>{errorText(error, t)}</MessageBarBody>
      </MessageBar>
    );
  }
  if (!data) return <Spinner label={t('studio.editor.loading')} />;
  return <DraftView key={data.id} draft={data} reload={() => void mutate()} />;
}

function DraftView({ draft, reload }: { draft: DraftDetail; reload(): void }) {
  const styles = useStyles();
  const api = useApi();
  const t = useStudioT();
  const dateTime = useDateTime();
  const versions = useVersions();
  const diff = useStudioGet<{ changes: ReadableChange[] }>(`/drafts/${draft.id}/diff?r=${draft.revision}`);
  // A rollback arrives with the check the server ran when it made the draft.
  const arrived = (useLocation().state as { check?: CheckResult } | null)?.check ?? null;
  const [check, setCheck] = useState<CheckResult | null>(arrived);
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [comment, setComment] = useState('');
  const [confirmed, setConfirmed] = useState(false);
  const [message, setMessage] = useState('');
  const [published, setPublished] = useState<number | null>(null);
  /** The number of problems the server named when it refused the submission of a revision (the check shows them). */
  const [submitBlocked, setSubmitBlocked] = useState<{ revision: number; count: number } | null>(null);
  const [conflicts, setConflicts] = useState<Conflict[] | null>(null);
  const [choices, setChoices] = useState<Record<string, 'draft' | 'latest'>>({});
  const resultRef = useRef<HTMLDivElement>(null);

  const currentCheck = check && check.revision === draft.revision ? check : null;
  const open = draft.status !== 'published' && draft.status !== 'discarded';
  const steps = stepsOf(draft.changedFiles);

  async function act(name: string, run: () => Promise<void>) {
    setBusy(name);
    setFailure(null);
    try {
      await run();
    } catch (e) {
      setFailure(errorText(e, t));
      reload();
    } finally {
      setBusy(null);
    }
  }

  const runCheck = () =>
    act('check', async () => {
      const res = await api<CheckResult>(`/api/studio/drafts/${draft.id}/check`, { method: 'POST' });
      setCheck(res.body!);
      setConfirmed(false);
      requestAnimationFrame(() => resultRef.current?.focus());
    });
  const post = (path: string, body: unknown) => api(`/api/studio/drafts/${draft.id}${path}`, { method: 'POST', body });
  const submit = () =>
    act('submit', async () => {
      setSubmitBlocked(null);
      try {
        await post('/submit', { revision: draft.revision, ...(comment.trim() ? { comment: comment.trim() } : {}) });
      } catch (e) {
        // The check finds problems that block the publication: the server refuses the review. The problems are shown
        // by the check itself (where, and what to fix), run here, rather than as the refusal's messages.
        const body = e instanceof ApiRequestError ? (e.body as { errorType?: string; errors?: unknown[] } | undefined) : undefined;
        if (e instanceof ApiRequestError && e.status === 409 && body?.errorType === 'DraftHasProblems') {
          setSubmitBlocked({ revision: draft.revision, count: body.errors?.length ?? 0 });
          const res = await api<CheckResult>(`/api/studio/drafts/${draft.id}/check`, { method: 'POST' });
          setCheck(res.body!);
          setConfirmed(false);
          requestAnimationFrame(() => resultRef.current?.focus());
          return;
        }
        throw e;
      }
      setComment('');
      reload();
    });
  const review = (decision: 'approve' | 'request_changes') =>
    act(decision, async () => {
      if (decision === 'request_changes' && !comment.trim()) throw new Error(t('studio.review.commentNeeded'));
      const acknowledge = decision === 'approve' && currentCheck?.needsAcknowledgement && confirmed ? { acknowledge: currentCheck.checkHash } : {};
      await post('/review', { revision: draft.revision, decision, ...(comment.trim() ? { comment: comment.trim() } : {}), ...acknowledge });
      setComment('');
      reload();
    });
  const publish = () =>
    act('publish', async () => {
      const res = await api<{ version: number }>(`/api/studio/drafts/${draft.id}/publish`, { method: 'POST', body: message.trim() ? { message: message.trim() } : {} });
      setPublished(res.body!.version);
      void versions.mutate();
      reload();
    });
  const rebase = (resolve?: Record<string, 'draft' | 'latest'>) =>
    act('rebase', async () => {
      try {
        await post('/rebase', { revision: draft.revision, ...(resolve ? { resolve } : {}) });
        setConflicts(null);
        setChoices({});
        reload();
      } catch (e) {
        const body = e instanceof ApiRequestError ? (e.body as { errorType?: string; errors?: Conflict[] } | undefined) : undefined;
        if (body?.errorType === 'RebaseConflict' && body.errors?.length) {
          setConflicts(body.errors);
          return;
        }
        throw e;
      }
    });
  const discard = () =>
    act('discard', async () => {
      await post('/discard', { revision: draft.revision });
      reload();
    });

  const needsConfirm = !!currentCheck?.needsAcknowledgement;
  // The check of this revision finds problems: the server would refuse the submission (as the approval).
  const submitProblems = currentCheck?.problems.length || (submitBlocked?.revision === draft.revision ? submitBlocked.count : 0);
  const approveReasons: string[] = [];
  if (!currentCheck) approveReasons.push(t('studio.review.checkFirst'));
  else if (currentCheck.problems.length) approveReasons.push(t('studio.review.hasProblems', { count: currentCheck.problems.length }));
  else if (needsConfirm && !confirmed) approveReasons.push(t('studio.review.confirmFirst'));

  return (
    <div className={styles.stack}>
      <div>
        <Title2 as="h1" block>
          {draft.name}
        </Title2>
        <Body1 as="p" block>
          <Badge appearance="tint" color={draft.status === 'approved' || draft.status === 'published' ? 'success' : draft.status === 'changes_requested' ? 'warning' : 'informative'}>
            {statusLabel(t, draft.status)}
          </Badge>{' '}
          {draft.kind === 'rollback' ? `${t('studio.draft.rollbackTo', { version: draft.rollbackTo ?? 0 })} · ` : ''}
          {t('studio.draft.byline', { author: draft.author, version: draft.baseVersion, savedBy: draft.updatedBy })}
          {draft.approvedBy ? ` · ${t('studio.draft.approvedBy', { name: draft.approvedBy })}` : ''}
        </Body1>
        {steps.length > 0 && open && (
          <Body1 as="p" block style={{ marginTop: 8 }}>
            {t('studio.draft.edit')}{' '}
            {steps.map((s, i) => (
              <span key={s}>
                {i > 0 && ', '}
                <Link to={`/studio/steps/${s}?draft=${draft.id}`}>{s}</Link>
              </span>
            ))}
          </Body1>
        )}
      </div>
      {failure && (
        <MessageBar intent="error" role="alert" layout="multiline">
          <MessageBarBody>{failure}</MessageBarBody>
        </MessageBar>
      )}
      {published !== null && (
        <MessageBar intent="success" role="status">
          <MessageBarBody>{t('studio.draft.published', { version: published })}</MessageBarBody>
        </MessageBar>
      )}
      {open && draft.baseVersion !== draft.latestVersion && (
        <MessageBar intent="warning" layout="multiline">
          <MessageBarBody>
            <MessageBarTitle>{t('studio.rebase.title', { latest: draft.latestVersion, base: draft.baseVersion })}</MessageBarTitle>
            {t('studio.rebase.text', { latest: draft.latestVersion })}{' '}
            <Button size="small" onClick={() => void rebase()} disabled={busy !== null}>
              {t('studio.rebase.button', { latest: draft.latestVersion })}
            </Button>
          </MessageBarBody>
        </MessageBar>
      )}
      {conflicts && (
        <section className={styles.section} aria-labelledby="studio-conflicts">
          <Subtitle2 as="h2" id="studio-conflicts">
            {t('studio.rebase.conflicts')}
          </Subtitle2>
          {conflicts.map((c) => {
            const key = `${c.path}#${c.pointer}`;
            return (
              <Field key={key} label={t('studio.rebase.was', { label: c.label, value: show(c.base, t('studio.rebase.none')) })}>
                <RadioGroup value={choices[key] ?? ''} onChange={(_, d) => setChoices((all) => ({ ...all, [key]: d.value as 'draft' | 'latest' }))}>
                  <Radio value="draft" label={t('studio.rebase.thisDraft', { value: show(c.draft, t('studio.rebase.none')) })} />
                  <Radio value="latest" label={t('studio.rebase.version', { version: draft.latestVersion, value: show(c.latest, t('studio.rebase.none')) })} />
                </RadioGroup>
              </Field>
            );
          })}
          <div className={styles.row}>
            <Button onClick={() => void rebase(choices)} disabled={busy !== null || conflicts.some((c) => !choices[`${c.path}#${c.pointer}`])}>
              {t('studio.rebase.withChoices')}
            </Button>
          </div>
        </section>
      )}

      <section className={styles.section} aria-labelledby="studio-draft-changes">
        <Subtitle2 as="h2" id="studio-draft-changes">
          {t('studio.draft.whatChanges')}
        </Subtitle2>
        {diff.data ? <ReadableChanges changes={diff.data.changes} label={t('studio.draft.changesOf', { name: draft.name })} /> : <Spinner size="tiny" label={t('studio.comparing')} />}
      </section>

      <section className={styles.section} aria-labelledby="studio-draft-check">
        <Subtitle2 as="h2" id="studio-draft-check">
          {t('studio.draft.checkTitle')}
        </Subtitle2>
        <div className={styles.row}>
          <Button onClick={() => void runCheck()} disabled={busy !== null}>
            {t('studio.check.button')}
          </Button>
          {busy === 'check' && <Spinner size="tiny" label={t('studio.check.checking')} />}
        </div>
        {currentCheck && (
          <div ref={resultRef} tabIndex={-1} aria-label={t('studio.check.results')}>
            <CheckReport result={currentCheck} />
          </div>
        )}
      </section>

      {open && (
        <section className={styles.section} aria-labelledby="studio-draft-review">
          <Subtitle2 as="h2" id="studio-draft-review">
            {t('studio.editor.review')}
          </Subtitle2>
          {(draft.status === 'draft' || draft.status === 'changes_requested') && draft.yours && (
            <>
              <Field label={t('studio.review.note')}>
                <Textarea value={comment} onChange={(_, d) => setComment(d.value)} />
              </Field>
              <div className={styles.row}>
                <Button
                  appearance="primary"
                  onClick={() => void submit()}
                  disabled={busy !== null || draft.changedFiles.length === 0 || submitProblems > 0}
                  aria-describedby={submitProblems > 0 ? 'studio-submit-reasons' : undefined}
                >
                  {t('studio.review.submit')}
                </Button>
              </div>
              {submitProblems > 0 && (
                <MessageBar intent="error" role="alert" layout="multiline" id="studio-submit-reasons">
                  <MessageBarBody>{t('studio.review.submitHasProblems', { count: submitProblems })}</MessageBarBody>
                </MessageBar>
              )}
            </>
          )}
          {(draft.status === 'draft' || draft.status === 'changes_requested') && !draft.yours && <Text>{t('studio.review.authorSubmits', { author: draft.author })}</Text>}
          {(draft.status === 'in_review' || draft.status === 'approved') && draft.yours && (
            <Text>{draft.status === 'approved' ? t('studio.review.approvedYours') : t('studio.review.waiting')}</Text>
          )}
          {(draft.status === 'in_review' || draft.status === 'approved') && !draft.yours && (
            <>
              {needsConfirm && currentCheck && (
                <Checkbox
                  checked={confirmed}
                  onChange={(_, d) => setConfirmed(d.checked === true)}
                  label={t('studio.review.confirm', {
                    fixtures: currentCheck.fixtures.failed,
                    failing: currentCheck.breaking.newlyFailing,
                    removed: (currentCheck.breaking.removedFields ?? []).some((f) => f.required || f.held > 0) ? 'yes' : 'no',
                  })}
                />
              )}
              <Field label={t('studio.review.comment')} hint={t('studio.review.commentHint')}>
                <Textarea value={comment} onChange={(_, d) => setComment(d.value)} />
              </Field>
              <div className={styles.row}>
                <Button appearance="primary" onClick={() => void review('approve')} disabled={busy !== null || approveReasons.length > 0} aria-describedby="studio-approve-reasons">
                  {draft.status === 'approved' ? t('studio.review.approveAgain') : t('studio.review.approve')}
                </Button>
                <Button onClick={() => void review('request_changes')} disabled={busy !== null}>
                  {t('studio.review.requestChanges')}
                </Button>
              </div>
              {approveReasons.length > 0 && (
                <Text id="studio-approve-reasons" size={200}>
                  {approveReasons.join(' ')}
                </Text>
              )}
            </>
          )}
          {draft.status === 'approved' && !draft.yours && (
            <>
              <Field label={t('studio.publish.message')} hint={t('studio.publish.messageHint')}>
                <Input value={message} onChange={(_, d) => setMessage(d.value)} />
              </Field>
              <div className={styles.row}>
                <Button appearance="primary" onClick={() => void publish()} disabled={busy !== null}>
                  {t('studio.publish.button')}
                </Button>
                {busy === 'publish' && <Spinner size="tiny" label={t('studio.publish.publishing')} />}
              </div>
            </>
          )}
          <div className={styles.row}>
            <ConfirmDialog
              trigger={<Button disabled={busy !== null}>{t('studio.discard.button')}</Button>}
              title={t('studio.discard.title')}
              confirmLabel={t('studio.discard.confirm')}
              onConfirm={() => void discard()}
            >
              {t('studio.discard.text', { name: draft.name })}
            </ConfirmDialog>
          </div>
        </section>
      )}

      <section className={styles.section} aria-labelledby="studio-draft-history">
        <Subtitle2 as="h2" id="studio-draft-history">
          {t('studio.draft.history')}
        </Subtitle2>
        <ul style={{ margin: 0, paddingInlineStart: 20 }}>
          {draft.events.map((e, i) => (
            <li key={i}>
              {t('studio.draft.event', { at: dateTime(e.at), actor: e.actor, action: eventText(t, e.action) })}
              {e.comment ? ` — «${e.comment}»` : ''}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

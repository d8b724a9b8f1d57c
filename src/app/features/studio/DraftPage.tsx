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
import { type CheckResult, type DraftDetail, errorText, type ReadableChange, STATUS_LABELS, useDraft, useStudioGet, useVersions } from './api';
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

const show = (v: unknown) => (v === undefined ? '(none)' : typeof v === 'string' ? `"${v}"` : JSON.stringify(v));
const stepsOf = (files: string[]) => [...new Set(files.map((f) => /^steps\/([A-Za-z0-9]+)\.(schema|ui)\.json$/.exec(f)?.[1]).filter((s): s is string => !!s))];

/** The draft's changes in plain language: per step and field, lists by option. */
export function ReadableChanges({ changes, label }: { changes: ReadableChange[]; label: string }) {
  const styles = useStyles();
  if (changes.length === 0) return <Text>No changes.</Text>;
  return (
    <div className={styles.wrap}>
      <Table size="small" aria-label={label} className={styles.table}>
        <TableHeader>
          <TableRow>
            <TableHeaderCell>Where</TableHeaderCell>
            <TableHeaderCell>Field or option</TableHeaderCell>
            <TableHeaderCell>Change</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {changes.map((c, i) => (
            <TableRow key={`${c.path}${c.pointer}${i}`}>
              <TableCell className={styles.cell}>{c.where}</TableCell>
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
  const { breaking } = result;
  const removed = breaking.removedFields ?? [];
  const applications = breaking.applications ?? [];
  const breakingRemoved = removed.filter((f) => f.required || f.held > 0);
  return (
    <div className={styles.stack}>
      {result.problems.length > 0 ? (
        <MessageBar intent="error" layout="multiline">
          <MessageBarBody>
            <MessageBarTitle>{result.problems.length} problem(s): the draft cannot be published</MessageBarTitle>
            <ul style={{ margin: 0, paddingLeft: 20 }}>
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
          <MessageBarBody>No problems in the draft.</MessageBarBody>
        </MessageBar>
      )}
      {(breaking.newlyFailing > 0 || breakingRemoved.length > 0) && (
        <MessageBar intent="warning" layout="multiline">
          <MessageBarBody>
            <MessageBarTitle>Breaking change</MessageBarTitle>
            {breaking.newlyFailing > 0 && (
              <Text block>
                {breaking.newlyFailing} of {breaking.checked} saved application(s) would newly fail:{' '}
                {breaking.fields.map((f) => `${f.label ?? f.field} (${f.count})`).join(', ')}
              </Text>
            )}
            {breakingRemoved.map((f) => (
              <Text block key={f.field}>
                {f.label} is removed{f.required ? ' (it is required today)' : ''}
                {f.held > 0 ? `; ${f.held} saved application(s) hold it (their data is kept and stays readable to agents)` : ''}.
              </Text>
            ))}
          </MessageBarBody>
        </MessageBar>
      )}
      {breaking.newlyFailing === 0 && breakingRemoved.length === 0 && (
        <Text>
          {breaking.checked} saved application{breaking.checked === 1 ? '' : 's'} checked: none would newly fail.
        </Text>
      )}
      {applications.length > 0 && (
        <div className={styles.wrap}>
          <Table size="small" aria-label="Affected applications" className={styles.table}>
            <TableHeader>
              <TableRow>
                <TableHeaderCell>Application</TableHeaderCell>
                <TableHeaderCell>Company</TableHeaderCell>
                <TableHeaderCell>Status</TableHeaderCell>
                <TableHeaderCell>Why</TableHeaderCell>
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
                  <TableCell>{a.company ?? '—'}</TableCell>
                  <TableCell>{a.status}</TableCell>
                  <TableCell>
                    {[a.newlyFailing ? 'would newly fail' : '', a.holds.length ? `holds ${a.holds.map((h) => removed.find((f) => f.field === h)?.label ?? h).join(', ')}` : '']
                      .filter(Boolean)
                      .join('; ')}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
      <FixtureResults run={result.fixtures} title="Fixtures" />
    </div>
  );
}

/** One draft on the server: its changes, its check, the review (four eyes), rebase, publication. */
export default function DraftPage() {
  const { id = '' } = useParams();
  const { data, error, mutate } = useDraft(id);
  if (error) {
    return (
      <MessageBar intent="error">
        <MessageBarBody>{errorText(error)}</MessageBarBody>
      </MessageBar>
    );
  }
  if (!data) return <Spinner label="Loading the draft" />;
  return <DraftView key={data.id} draft={data} reload={() => void mutate()} />;
}

function DraftView({ draft, reload }: { draft: DraftDetail; reload(): void }) {
  const styles = useStyles();
  const api = useApi();
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
      setFailure(errorText(e));
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
      await post('/submit', { revision: draft.revision, ...(comment.trim() ? { comment: comment.trim() } : {}) });
      setComment('');
      reload();
    });
  const review = (decision: 'approve' | 'request_changes') =>
    act(decision, async () => {
      if (decision === 'request_changes' && !comment.trim()) throw new Error('Say what should change (comment) before asking for changes.');
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
  const approveReasons: string[] = [];
  if (!currentCheck) approveReasons.push('Check the draft before approving it.');
  else if (currentCheck.problems.length) approveReasons.push('The check found problems: ask for changes.');
  else if (needsConfirm && !confirmed) approveReasons.push('Confirm the check result first.');

  return (
    <div className={styles.stack}>
      <div>
        <Title2 as="h1" block>
          {draft.name}
        </Title2>
        <Body1 as="p" block>
          <Badge appearance="tint" color={draft.status === 'approved' || draft.status === 'published' ? 'success' : draft.status === 'changes_requested' ? 'warning' : 'informative'}>
            {STATUS_LABELS[draft.status]}
          </Badge>{' '}
          {draft.kind === 'rollback' ? `Rollback to version ${draft.rollbackTo} · ` : ''}by {draft.author} · from version {draft.baseVersion} · last saved by {draft.updatedBy}
          {draft.approvedBy ? ` · approved by ${draft.approvedBy}` : ''}
        </Body1>
        {steps.length > 0 && open && (
          <Body1 as="p" block style={{ marginTop: 8 }}>
            Edit:{' '}
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
          <MessageBarBody>Published as version {published}. Applicants get it with their next configuration load.</MessageBarBody>
        </MessageBar>
      )}
      {open && draft.baseVersion !== draft.latestVersion && (
        <MessageBar intent="warning" layout="multiline">
          <MessageBarBody>
            <MessageBarTitle>Version {draft.latestVersion} was published after version {draft.baseVersion}</MessageBarTitle>
            Rebase lays this draft&apos;s own changes onto version {draft.latestVersion}; what that version changed stays.{' '}
            <Button size="small" onClick={() => void rebase()} disabled={busy !== null}>
              Rebase on version {draft.latestVersion}
            </Button>
          </MessageBarBody>
        </MessageBar>
      )}
      {conflicts && (
        <section className={styles.section} aria-labelledby="studio-conflicts">
          <Subtitle2 as="h2" id="studio-conflicts">
            Changed in both: choose what to keep
          </Subtitle2>
          {conflicts.map((c) => {
            const key = `${c.path}#${c.pointer}`;
            return (
              <Field key={key} label={`${c.label} (was ${show(c.base)})`}>
                <RadioGroup value={choices[key] ?? ''} onChange={(_, d) => setChoices((all) => ({ ...all, [key]: d.value as 'draft' | 'latest' }))}>
                  <Radio value="draft" label={`This draft: ${show(c.draft)}`} />
                  <Radio value="latest" label={`Version ${draft.latestVersion}: ${show(c.latest)}`} />
                </RadioGroup>
              </Field>
            );
          })}
          <div className={styles.row}>
            <Button onClick={() => void rebase(choices)} disabled={busy !== null || conflicts.some((c) => !choices[`${c.path}#${c.pointer}`])}>
              Rebase with these choices
            </Button>
          </div>
        </section>
      )}

      <section className={styles.section} aria-labelledby="studio-draft-changes">
        <Subtitle2 as="h2" id="studio-draft-changes">
          What changes
        </Subtitle2>
        {diff.data ? <ReadableChanges changes={diff.data.changes} label={`Changes of ${draft.name}`} /> : <Spinner size="tiny" label="Comparing" />}
      </section>

      <section className={styles.section} aria-labelledby="studio-draft-check">
        <Subtitle2 as="h2" id="studio-draft-check">
          Check against saved applications
        </Subtitle2>
        <div className={styles.row}>
          <Button onClick={() => void runCheck()} disabled={busy !== null}>
            Check draft
          </Button>
          {busy === 'check' && <Spinner size="tiny" label="Checking" />}
        </div>
        {currentCheck && (
          <div ref={resultRef} tabIndex={-1} aria-label="Check results">
            <CheckReport result={currentCheck} />
          </div>
        )}
      </section>

      {open && (
        <section className={styles.section} aria-labelledby="studio-draft-review">
          <Subtitle2 as="h2" id="studio-draft-review">
            Review and publish
          </Subtitle2>
          {(draft.status === 'draft' || draft.status === 'changes_requested') && draft.yours && (
            <>
              <Field label="Note for the reviewer (optional)">
                <Textarea value={comment} onChange={(_, d) => setComment(d.value)} />
              </Field>
              <div className={styles.row}>
                <Button appearance="primary" onClick={() => void submit()} disabled={busy !== null || draft.changedFiles.length === 0}>
                  Submit for review
                </Button>
              </div>
            </>
          )}
          {(draft.status === 'draft' || draft.status === 'changes_requested') && !draft.yours && <Text>{draft.author} submits the draft for review when it is ready.</Text>}
          {(draft.status === 'in_review' || draft.status === 'approved') && draft.yours && (
            <Text>{draft.status === 'approved' ? 'Approved: the reviewer publishes it.' : 'Waiting for another product user to review it. Editing it takes it out of review.'}</Text>
          )}
          {(draft.status === 'in_review' || draft.status === 'approved') && !draft.yours && (
            <>
              {needsConfirm && currentCheck && (
                <Checkbox
                  checked={confirmed}
                  onChange={(_, d) => setConfirmed(d.checked === true)}
                  label={`I confirm this check result: ${currentCheck.fixtures.failed} failing fixture(s), ${currentCheck.breaking.newlyFailing} application(s) that would newly fail${
                    (currentCheck.breaking.removedFields ?? []).some((f) => f.required || f.held > 0) ? ', fields removed that are required or hold data' : ''
                  }`}
                />
              )}
              <Field label="Review comment" hint="Required when you ask for changes.">
                <Textarea value={comment} onChange={(_, d) => setComment(d.value)} />
              </Field>
              <div className={styles.row}>
                <Button appearance="primary" onClick={() => void review('approve')} disabled={busy !== null || approveReasons.length > 0} aria-describedby="studio-approve-reasons">
                  {draft.status === 'approved' ? 'Approve again' : 'Approve'}
                </Button>
                <Button onClick={() => void review('request_changes')} disabled={busy !== null}>
                  Request changes
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
              <Field label="Change message" hint="Shown in the version history; the draft's name when empty.">
                <Input value={message} onChange={(_, d) => setMessage(d.value)} />
              </Field>
              <div className={styles.row}>
                <Button appearance="primary" onClick={() => void publish()} disabled={busy !== null}>
                  Publish
                </Button>
                {busy === 'publish' && <Spinner size="tiny" label="Publishing" />}
              </div>
            </>
          )}
          <div className={styles.row}>
            <ConfirmDialog trigger={<Button disabled={busy !== null}>Discard draft</Button>} title="Discard the draft?" confirmLabel="Discard" onConfirm={() => void discard()}>
              Nobody can edit or publish {draft.name} any more.
            </ConfirmDialog>
          </div>
        </section>
      )}

      <section className={styles.section} aria-labelledby="studio-draft-history">
        <Subtitle2 as="h2" id="studio-draft-history">
          History
        </Subtitle2>
        <ul style={{ margin: 0, paddingLeft: 20 }}>
          {draft.events.map((e, i) => (
            <li key={i}>
              {new Date(e.at).toLocaleString()}: {e.actor} {e.action}
              {e.comment ? ` — “${e.comment}”` : ''}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

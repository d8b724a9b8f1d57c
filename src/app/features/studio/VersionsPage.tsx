import {
  Button,
  Field,
  Input,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Select,
  Spinner,
  Subtitle2,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  Title2,
  tokens,
} from '@fluentui/react-components';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useApi } from '../session/session';
import { type AuditEntry, type CheckResult, type DraftDetail, errorText, useStudioGet, useVersions, type VersionDiff } from './api';
import { ReadableChanges } from './DraftPage';
import { ConfirmDialog } from './ConfirmDialog';
import { activitySentence } from './activityWords';

const useStyles = makeStyles({
  row: { display: 'flex', gap: '12px', alignItems: 'end', flexWrap: 'wrap', marginTop: '12px' },
  code: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200, whiteSpace: 'pre-wrap', wordBreak: 'break-all' },
  section: { marginTop: '32px' },
});

const show = (v: unknown) => (v === undefined ? '—' : JSON.stringify(v));

function DiffView({ from, to }: { from: number; to: number }) {
  const styles = useStyles();
  const { data, error, isLoading } = useStudioGet<VersionDiff>(`/diff?from=${from}&to=${to}`);
  if (error) {
    return (
      <MessageBar intent="error">
        <MessageBarBody>{errorText(error)}</MessageBarBody>
      </MessageBar>
    );
  }
  if (isLoading || !data) return <Spinner size="tiny" label="Comparing" />;
  if (data.files.length === 0) return <Text>Versions {from} and {to} have the same content.</Text>;
  return (
    <div aria-label={`Differences from version ${from} to ${to}`}>
      <ReadableChanges changes={data.changes} label={`Changes from version ${from} to ${to}`} />
      <Text block weight="semibold" style={{ marginTop: 16 }}>
        For experts: the files, by JSON pointer
      </Text>
      {data.files.map((f) => (
        <div key={f.path} style={{ marginTop: 12 }}>
          <Text weight="semibold">
            {f.path} ({f.status})
          </Text>
          <Table size="small" aria-label={`Changes in ${f.path}`}>
            <TableHeader>
              <TableRow>
                <TableHeaderCell>Where</TableHeaderCell>
                <TableHeaderCell>Version {from}</TableHeaderCell>
                <TableHeaderCell>Version {to}</TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {f.changes.map((c) => (
                <TableRow key={c.pointer}>
                  <TableCell className={styles.code}>{c.pointer || '(whole file)'}</TableCell>
                  <TableCell className={styles.code}>{show(c.before)}</TableCell>
                  <TableCell className={styles.code}>{show(c.after)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      ))}
    </div>
  );
}

/** History of published versions, the difference between any two, rollback (a new version), the audit log. */
export default function VersionsPage() {
  const styles = useStyles();
  const api = useApi();
  const { data, error } = useVersions();
  const audit = useStudioGet<{ entries: AuditEntry[] }>('/audit?limit=50');
  const [from, setFrom] = useState<number | null>(null);
  const [to, setTo] = useState<number | null>(null);
  const [rollbackMessage, setRollbackMessage] = useState('');
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const navigate = useNavigate();

  if (error) {
    return (
      <MessageBar intent="error">
        <MessageBarBody>{errorText(error)}</MessageBarBody>
      </MessageBar>
    );
  }
  if (!data) return <Spinner label="Loading versions" />;
  const versions = data.versions;
  const latest = versions[0]?.version;
  const a = from ?? versions[1]?.version ?? latest;
  const b = to ?? latest;

  /**
   * A rollback is a publication like any other: the server makes a draft whose content is the old version,
   * checks it against saved applications, and the draft goes through the same review.
   */
  async function rollback(version: number) {
    setOutcome(null);
    const body = { toVersion: version, ...(rollbackMessage.trim() ? { name: rollbackMessage.trim() } : {}) };
    try {
      const res = await api<{ draft: DraftDetail; check: CheckResult }>('/api/studio/rollback', { method: 'POST', body });
      setRollbackMessage('');
      void audit.mutate();
      navigate(`/studio/drafts/${res.body!.draft.id}`, { state: { check: { ...res.body!.check, revision: res.body!.draft.revision } } });
    } catch (e) {
      setOutcome({ ok: false, text: errorText(e) });
    }
  }

  return (
    <>
      <Title2 as="h1">Versions</Title2>
      {outcome && (
        <MessageBar intent={outcome.ok ? 'success' : 'error'} role={outcome.ok ? 'status' : 'alert'}>
          <MessageBarBody>{outcome.text}</MessageBarBody>
        </MessageBar>
      )}
      <Table aria-label="Published versions">
        <TableHeader>
          <TableRow>
            <TableHeaderCell>Version</TableHeaderCell>
            <TableHeaderCell>Message</TableHeaderCell>
            <TableHeaderCell>Author</TableHeaderCell>
            <TableHeaderCell>Published</TableHeaderCell>
            <TableHeaderCell>Action</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {versions.map((v) => (
            <TableRow key={v.version}>
              <TableCell>
                {v.version}
                {v.version === latest ? ' (live)' : ''}
              </TableCell>
              <TableCell>{v.message}</TableCell>
              <TableCell>{v.author}</TableCell>
              <TableCell>{new Date(v.createdAt).toLocaleString()}</TableCell>
              <TableCell>
                {v.version !== latest && (
                  <ConfirmDialog
                    trigger={<Button size="small">Roll back to version {v.version}</Button>}
                    title={`Roll back to version ${v.version}?`}
                    confirmLabel="Make rollback draft"
                    onConfirm={() => void rollback(v.version)}
                  >
                    <Text block>
                      A draft with the content of version {v.version} is made and checked against saved applications. Like any change, another product
                      user reviews and publishes it.
                    </Text>
                    <Field label="Name of the rollback draft (optional)" style={{ marginTop: 12 }}>
                      <Input value={rollbackMessage} onChange={(_, d) => setRollbackMessage(d.value)} />
                    </Field>
                  </ConfirmDialog>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>

      <section className={styles.section} aria-labelledby="studio-diff-title">
        <Subtitle2 as="h2" id="studio-diff-title">
          Compare versions
        </Subtitle2>
        <div className={styles.row}>
          <Field label="From version">
            <Select value={String(a ?? '')} onChange={(_, d) => setFrom(Number(d.value))}>
              {versions.map((v) => (
                <option key={v.version} value={v.version}>
                  {v.version}
                </option>
              ))}
            </Select>
          </Field>
          <Field label="To version">
            <Select value={String(b ?? '')} onChange={(_, d) => setTo(Number(d.value))}>
              {versions.map((v) => (
                <option key={v.version} value={v.version}>
                  {v.version}
                </option>
              ))}
            </Select>
          </Field>
        </div>
        {a !== undefined && b !== undefined && <DiffView from={a} to={b} />}
      </section>

      <section className={styles.section} aria-labelledby="studio-audit-title">
        <Subtitle2 as="h2" id="studio-audit-title">
          Activity
        </Subtitle2>
        {audit.error && <Text>{errorText(audit.error)}</Text>}
        {audit.data && (
          <Table size="small" aria-label="Studio activity">
            <TableHeader>
              <TableRow>
                <TableHeaderCell>When</TableHeaderCell>
                <TableHeaderCell>Who</TableHeaderCell>
                <TableHeaderCell>What happened</TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {audit.data.entries.map((e, i) => (
                <TableRow key={`${e.at}-${i}`}>
                  <TableCell>{new Date(e.at).toLocaleString()}</TableCell>
                  <TableCell>{e.actor}</TableCell>
                  <TableCell>
                    {activitySentence(e.action, e.detail)}
                    <details>
                      <summary>Recorded details</summary>
                      <span className={styles.code}>{typeof e.detail === 'string' ? e.detail : JSON.stringify(e.detail, null, 1)}</span>
                    </details>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </section>
    </>
  );
}

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
import { useStudioT } from '../../i18n/useStudioT';
import { useDateTime } from './useDateTime';

const useStyles = makeStyles({
  row: { display: 'flex', gap: '12px', alignItems: 'end', flexWrap: 'wrap', marginTop: '12px' },
  code: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200, whiteSpace: 'pre-wrap', wordBreak: 'break-all' },
  section: { marginTop: '32px' },
});

const show = (v: unknown) => (v === undefined ? '—' : JSON.stringify(v));

function DiffView({ from, to }: { from: number; to: number }) {
  const styles = useStyles();
  const t = useStudioT();
  const { data, error, isLoading } = useStudioGet<VersionDiff>(`/diff?from=${from}&to=${to}`);
  if (error) {
    return (
      <MessageBar intent="error">
        <MessageBarBody>{errorText(error, t)}</MessageBarBody>
      </MessageBar>
    );
  }
  if (isLoading || !data) return <Spinner size="tiny" label={t('studio.comparing')} />;
  if (data.files.length === 0) return <Text>{t('studio.versions.same', { from, to })}</Text>;
  return (
    <div aria-label={t('studio.versions.differences', { from, to })}>
      <ReadableChanges changes={data.changes} label={t('studio.versions.changes', { from, to })} />
      <Text block weight="semibold" style={{ marginTop: 16 }}>
        {t('studio.versions.experts')}
      </Text>
      {data.files.map((f) => (
        <div key={f.path} style={{ marginTop: 12 }}>
          <Text weight="semibold">
            {f.path} ({t(`studio.fileStatus.${f.status}`)})
          </Text>
          <Table size="small" aria-label={t('studio.versions.changesIn', { path: f.path })}>
            <TableHeader>
              <TableRow>
                <TableHeaderCell>{t('studio.changes.where')}</TableHeaderCell>
                <TableHeaderCell>{t('studio.versions.version', { version: from })}</TableHeaderCell>
                <TableHeaderCell>{t('studio.versions.version', { version: to })}</TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {f.changes.map((c) => (
                <TableRow key={c.pointer}>
                  <TableCell className={styles.code}>{c.pointer || t('studio.versions.wholeFile')}</TableCell>
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
  const t = useStudioT();
  const dateTime = useDateTime();

  if (error) {
    return (
      <MessageBar intent="error">
        <MessageBarBody>{errorText(error, t)}</MessageBarBody>
      </MessageBar>
    );
  }
  if (!data) return <Spinner label={t('studio.versions.loading')} />;
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
      setOutcome({ ok: false, text: errorText(e, t) });
    }
  }

  return (
    <>
      <Title2 as="h1">{t('studio.versions.title')}</Title2>
      {outcome && (
        <MessageBar intent={outcome.ok ? 'success' : 'error'} role={outcome.ok ? 'status' : 'alert'}>
          <MessageBarBody>{outcome.text}</MessageBarBody>
        </MessageBar>
      )}
      <Table aria-label={t('studio.versions.table')}>
        <TableHeader>
          <TableRow>
            <TableHeaderCell>{t('studio.versions.versionColumn')}</TableHeaderCell>
            <TableHeaderCell>{t('studio.versions.message')}</TableHeaderCell>
            <TableHeaderCell>{t('studio.versions.author')}</TableHeaderCell>
            <TableHeaderCell>{t('studio.versions.published')}</TableHeaderCell>
            <TableHeaderCell>{t('studio.versions.action')}</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {versions.map((v) => (
            <TableRow key={v.version}>
              <TableCell>
                {v.version === latest ? t('studio.versions.live', { version: v.version }) : v.version}
              </TableCell>
              <TableCell dir="auto">{v.message}</TableCell>
              <TableCell dir="auto">{v.author}</TableCell>
              <TableCell>{dateTime(v.createdAt)}</TableCell>
              <TableCell>
                {v.version !== latest && (
                  <ConfirmDialog
                    trigger={<Button size="small">{t('studio.versions.rollBack', { version: v.version })}</Button>}
                    title={t('studio.versions.rollBackTitle', { version: v.version })}
                    confirmLabel={t('studio.versions.rollBackConfirm')}
                    onConfirm={() => void rollback(v.version)}
                  >
                    <Text block>{t('studio.versions.rollBackText', { version: v.version })}</Text>
                    <Field label={t('studio.versions.rollBackName')} style={{ marginTop: 12 }}>
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
          {t('studio.versions.compare')}
        </Subtitle2>
        <div className={styles.row}>
          <Field label={t('studio.versions.from')}>
            <Select value={String(a ?? '')} onChange={(_, d) => setFrom(Number(d.value))}>
              {versions.map((v) => (
                <option key={v.version} value={v.version}>
                  {v.version}
                </option>
              ))}
            </Select>
          </Field>
          <Field label={t('studio.versions.to')}>
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
          {t('studio.activity.title')}
        </Subtitle2>
        {audit.error && <Text>{errorText(audit.error, t)}</Text>}
        {audit.data && (
          <Table size="small" aria-label={t('studio.activity.table')}>
            <TableHeader>
              <TableRow>
                <TableHeaderCell>{t('studio.activity.when')}</TableHeaderCell>
                <TableHeaderCell>{t('studio.activity.who')}</TableHeaderCell>
                <TableHeaderCell>{t('studio.activity.what')}</TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {audit.data.entries.map((e, i) => (
                <TableRow key={`${e.at}-${i}`}>
                  <TableCell>{dateTime(e.at)}</TableCell>
                  <TableCell dir="auto">{e.actor}</TableCell>
                  <TableCell>
                    {activitySentence(t, e.action, e.detail)}
                    <details>
                      <summary>{t('studio.activity.details')}</summary>
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

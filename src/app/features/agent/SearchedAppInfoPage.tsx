import {
  Badge,
  Body1,
  Button,
  Caption1,
  makeStyles,
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
import { ArrowDownloadRegular, ArrowLeftRegular, ArrowRightRegular, EditRegular, PlayRegular } from '@fluentui/react-icons';
import { useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ApiRequestError } from '../../lib/secureFetch';
import type { AppConfig } from '../config/useConfig';
import { AgentDecisions } from './AgentDecisions';
import { AgentLayout, WithAgentConfig } from './AgentLayout';
import { BankRecordsSection } from './BankRecordsSection';
import { servicesPath } from './agentSteps';
import { documentGroups, type DocumentEntry, type DocumentGroup } from './documents';
import { useBankExport, useDocumentDownload } from './useDocumentDownload';
import { labelOf } from '../../../content/lifecycle';
import { editingBlock } from '../../../shared/editingBlock';
import type { AreaT } from '../../i18n/areaT';
import type { AgentMessageId } from '../../i18n/enAgent';
import { useAgentT } from '../../i18n/useAgentT';
import { useAgentLocale, useFormatDateTime } from './agentIntl';
import { useMessageOf } from './fieldErrors';
import { ScreeningSection } from './ScreeningSection';
import { prospectOverview } from './prospectOverview';
import { SummaryView } from '../summary/SummaryView';
import { type AuditEntry, auditUrl, documentsUrl, type ProspectAnswer, prospectUrl, useAgentGet } from './useAgentData';

const useStyles = makeStyles({
  head: { display: 'flex', alignItems: 'center', gap: '12px', flexWrap: 'wrap' },
  actions: { display: 'flex', gap: '12px', flexWrap: 'wrap', margin: '16px 0 8px' },
  section: { marginTop: '28px' },
  card: { border: `1px solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium, padding: '12px 16px', marginTop: '12px' },
  list: { display: 'grid', gridTemplateColumns: 'minmax(160px, 40%) 1fr', columnGap: '16px', rowGap: '6px', margin: '8px 0 0' },
  term: { color: tokens.colorNeutralForeground2 },
  value: { margin: 0, overflowWrap: 'anywhere' },
  // Long field lists and names wrap inside their cell (at word ends: a word breaks only when longer than its line).
  cell: { overflowWrap: 'break-word' },
  // Fluent's Table lays out fixed (four equal columns), which left the changes a few characters wide on a phone:
  // 'auto' gives them the room; below 500 px each entry is a card, its cells one under the other after their
  // column's name (data-label), the header hidden (as the search results).
  audit: {
    tableLayout: 'auto',
    '@media (max-width: 499px)': {
      display: 'block',
      '& thead': { display: 'none' },
      '& tbody': { display: 'block' },
      '& tbody tr': { display: 'block', height: 'auto', paddingBlock: tokens.spacingVerticalS },
      '& td': { display: 'grid', gridTemplateColumns: 'minmax(0, 7em) minmax(0, 1fr)', columnGap: tokens.spacingHorizontalS, height: 'auto', paddingBlock: tokens.spacingVerticalXXS },
      '& td::before': { content: 'attr(data-label)', fontWeight: tokens.fontWeightSemibold },
      '& td > *': { gridColumn: 2 },
    },
  },
  // Fluent's Table lays out fixed (equal columns): 'auto' gives the document titles the room they need on a phone.
  docTable: { tableLayout: 'auto' },
});

const srOnly = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

type T = AreaT<AgentMessageId>;

/** The audit trail's actions in words (an action the table does not know reads as its words: "agent.search" → "Agent search"). */
const ACTIONS: Record<string, AgentMessageId> = {
  'prospect.create': 'agent.audit.prospectCreate',
  'prospect.auto': 'agent.audit.prospectAuto',
  'prospect.save': 'agent.audit.prospectSave',
  'prospect.submit': 'agent.audit.prospectSubmit',
  'prospect.status': 'agent.audit.prospectStatus',
  'document.upload': 'agent.audit.documentUpload',
  'document.download': 'agent.audit.documentDownload',
  'document.delete': 'agent.audit.documentDelete',
  'prospect.export': 'agent.audit.prospectExport',
  'prospect.import': 'agent.audit.prospectImport',
};

const UPLOAD_STATUS: Record<string, AgentMessageId> = { Uploaded: 'agent.docs.uploaded', NotUploaded: 'agent.docs.notUploaded', Pending: 'agent.docs.pending', Rejected: 'agent.docs.rejected' };

/** A document's upload status in words ("NotUploaded" → "Not uploaded"); a status the bank added reads as its code's words. */
function uploadStatusWords(t: T, status: string | undefined): string {
  const id = UPLOAD_STATUS[status ?? 'NotUploaded'];
  return id ? t(id) : status!.replace(/([a-z])([A-Z])/g, '$1 $2');
}

/** A documents group's title in the page's language. */
function groupTitle(t: T, g: DocumentGroup): string {
  if (g.kind === 'stakeholder') return g.name ? t('agent.docs.stakeholderOf', { name: g.name }) : t('agent.docs.stakeholder');
  return g.kind ? t(`agent.docs.${g.kind}` as AgentMessageId) : g.title;
}

/**
 * The status section's rows in words: the reason's words (not its code), the agent's note, when documents were
 * asked (a date, not an ISO timestamp), other text fields under their name in words. The status itself, its code
 * and its words repeated are left out (the Status row shows them), and so are the lists (history, documents).
 */
function statusRows(info: Record<string, unknown>, status: string, statusWords: string, t: T, dateTime: (date: string) => string, reasonLabel: (code: string) => string | undefined): [string, string][] {
  const known: Record<string, string> = { statusNotes: t('agent.app.statusNotes'), statusReason: t('agent.app.reason'), message: t('agent.app.note'), requestedAt: t('agent.app.requestedAt') };
  const skip = new Set(['status', 'statusCode', 'statusReasonText']);
  const rows: [string, string][] = [];
  for (const [key, value] of Object.entries(info)) {
    if (typeof value !== 'string' || !value || skip.has(key)) continue;
    // The status notes the server writes are the status in words (in English): the Status row shows them already.
    if (key === 'statusNotes' && (value === statusWords || (info.status ?? info.statusCode) === status)) continue;
    // The reason in the page's language (the lifecycle's decline reasons), else the words the server kept.
    const text =
      key === 'statusReason'
        ? (reasonLabel(value) ?? (typeof info.statusReasonText === 'string' && info.statusReasonText ? info.statusReasonText : value))
        : /At$/.test(key) && !Number.isNaN(Date.parse(value))
          ? dateTime(value)
          : value;
    rows.push([known[key] ?? words(key), text]);
  }
  return rows;
}

/** "requestedBy" → "Requested by". */
function words(key: string): string {
  const spaced = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

const actionWords = (t: T, action: string) => (ACTIONS[action] ? t(ACTIONS[action]) : action.replace(/[._-]+/g, ' ').replace(/^./, (c) => c.toUpperCase()));

function Overview({ config, id }: { config: AppConfig; id: string }) {
  const styles = useStyles();
  const navigate = useNavigate();
  const t = useAgentT();
  const messageOf = useMessageOf();
  const dateTime = useFormatDateTime(true);
  const rtl = useAgentLocale() === 'ar';
  const prospect = useAgentGet<ProspectAnswer>(prospectUrl(id));
  const docs = useAgentGet<unknown>(documentsUrl(id));
  const audit = useAgentGet<{ entries: AuditEntry[] }>(auditUrl(id));
  const download = useDocumentDownload();
  const [downloadError, setDownloadError] = useState<{ doc: DocumentEntry; error: unknown } | null>(null);
  const bankExport = useBankExport();
  const [exportState, setExportState] = useState<{ busy: boolean; error?: unknown }>({ busy: false });
  const overview = useMemo(() => (prospect.data ? prospectOverview(config, prospect.data.prospect) : undefined), [config, prospect.data]);

  if (prospect.loading && !prospect.data) return <Spinner label={t('agent.app.loading')} />;
  if (prospect.error || !prospect.data || !overview) {
    const notFound = prospect.error instanceof ApiRequestError && prospect.error.status === 404;
    return (
      <MessageBar intent="error" role="alert">
        <MessageBarBody>
          <MessageBarTitle>{t(notFound ? 'agent.app.notFound' : 'agent.app.loadFailed')}</MessageBarTitle>
          {messageOf(prospect.error)} <Link to="/agent/SearchProspect">{t('agent.backToSearch')}</Link>
        </MessageBarBody>
      </MessageBar>
    );
  }

  const data = prospect.data;
  const block = editingBlock(data.prospect);
  const closed = config.lifecycle?.states[data.status]?.final ? t('agent.error.closed', { status: labelOf(config.lifecycle, data.status) }) : undefined;
  const services = config.flows.selectServices?.steps ?? [];
  const annexureIndex = services.findIndex((s) => s.step === 'kycAnnexure');
  const statusInfo = (data.prospect.prospectStatusInfo ?? {}) as Record<string, unknown>;
  const groups = documentGroups(docs.data);

  const onDownload = async (doc: DocumentEntry) => {
    setDownloadError(null);
    try {
      await download(id, doc);
    } catch (error) {
      setDownloadError({ doc, error });
    }
  };

  const onBankExport = async () => {
    setExportState({ busy: true });
    try {
      await bankExport(id);
      setExportState({ busy: false });
      audit.reload();
    } catch (error) {
      setExportState({ busy: false, error });
    }
  };

  return (
    <>
      <div className={styles.head}>
        <Title2 as="h1">{t('agent.app.title', { id: data.prospectId })}</Title2>
        <Badge appearance="tint" color={data.status === 'SUBMITTED' ? 'success' : 'informative'} size="large">
          {labelOf(config.lifecycle, data.status)}
        </Badge>
      </div>
      <Caption1 block>{t('agent.app.version', { version: data.version })}</Caption1>

      {block && (
        <MessageBar intent="warning" style={{ marginTop: 12 }}>
          <MessageBarBody>
            <MessageBarTitle>{t('agent.app.blocked')}</MessageBarTitle>
            {t(block.reason === 'RO_EDITING' ? 'agent.error.roEditing' : 'agent.error.blockEditing')}
          </MessageBarBody>
        </MessageBar>
      )}
      {closed && !block && (
        <MessageBar intent="info" style={{ marginTop: 12 }}>
          <MessageBarBody>{closed}</MessageBarBody>
        </MessageBar>
      )}
      <div className={styles.actions}>
        <Button icon={rtl ? <ArrowRightRegular /> : <ArrowLeftRegular />} onClick={() => navigate('/agent/SearchProspect')}>
          {t('agent.backToSearch')}
        </Button>
        <Button appearance="primary" icon={<PlayRegular />} disabled={!!block || !!closed || services.length === 0} onClick={() => navigate(servicesPath(id, 1))}>
          {t('agent.app.continue')}
        </Button>
        <Button icon={<EditRegular />} disabled={!!block || !!closed || annexureIndex < 0} onClick={() => navigate(servicesPath(id, annexureIndex + 1))}>
          {t('agent.app.editAnnexure')}
        </Button>
        <Button icon={<ArrowDownloadRegular />} disabled={exportState.busy} onClick={() => void onBankExport()}>
          {t('agent.app.export')}
        </Button>
      </div>
      {!!exportState.error && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>
            <MessageBarTitle>{t('agent.app.exportFailed')}</MessageBarTitle>
            {messageOf(exportState.error)}
          </MessageBarBody>
        </MessageBar>
      )}

      <section className={styles.section} aria-labelledby="status-title">
        <Title3 as="h2" id="status-title">
          {t('agent.status')}
        </Title3>
        <dl className={styles.list}>
          <dt className={styles.term}>{t('agent.status')}</dt>
          <dd className={styles.value}>{labelOf(config.lifecycle, data.status)}</dd>
          {statusRows(statusInfo, data.status, labelOf(config.lifecycle, data.status), t, dateTime, (code) => config.lifecycle?.declineReasons.find((r) => r.value === code)?.label).map(([term, value]) => (
            <div key={term} style={{ display: 'contents' }}>
              <dt className={styles.term}>{term}</dt>
              {/* The note is the agent's own words, in any language: isolated from the page's direction. */}
              <dd className={styles.value} dir="auto">
                {value}
              </dd>
            </div>
          ))}
        </dl>
      </section>

      <AgentDecisions config={config} answer={data} onMoved={() => [prospect, audit, docs].forEach((r) => r.reload())} />

      <ScreeningSection config={config} id={id} />

      <section className={styles.section} aria-labelledby="application-title">
        <Title3 as="h2" id="application-title">
          {t('agent.app.application')}
        </Title3>
        {overview.sections.length || overview.stakeholders.length ? (
          <SummaryView config={config} prospect={data.prospect} level={3} />
        ) : (
          <Body1 block>{t('agent.app.empty')}</Body1>
        )}
      </section>

      <section className={styles.section} aria-labelledby="documents-title">
        <Title3 as="h2" id="documents-title">
          {t('agent.docs.title')}
        </Title3>
        {docs.loading && <Spinner size="small" label={t('agent.docs.loading')} />}
        {!!docs.error && (
          <MessageBar intent="error">
            <MessageBarBody>{messageOf(docs.error)}</MessageBarBody>
          </MessageBar>
        )}
        {downloadError && (
          <MessageBar intent="error" role="alert">
            <MessageBarBody>
              {downloadError.doc.documentTitle ?? downloadError.doc.documentKey}: {messageOf(downloadError.error)}
            </MessageBarBody>
          </MessageBar>
        )}
        {!docs.loading && !docs.error && groups.length === 0 && <Body1 block>{t('agent.docs.none')}</Body1>}
        {groups.map((g) => (
          <div key={g.title} className={styles.card}>
            <Body1 as="h3" style={{ fontWeight: 600, margin: 0 }}>
              {groupTitle(t, g)}
            </Body1>
            <Table size="small" aria-label={groupTitle(t, g)} className={styles.docTable}>
              <TableHeader>
                <TableRow>
                  <TableHeaderCell>{t('agent.docs.document')}</TableHeaderCell>
                  <TableHeaderCell>{t('agent.status')}</TableHeaderCell>
                  <TableHeaderCell>{t('agent.docs.file')}</TableHeaderCell>
                  <TableHeaderCell>
                    <span style={srOnly}>{t('agent.docs.download')}</span>
                  </TableHeaderCell>
                </TableRow>
              </TableHeader>
              <TableBody>
                {g.documents.map((d) => {
                  const uploaded = !!d.fileName && d.uploadStatus === 'Uploaded';
                  return (
                    <TableRow key={d.documentKey}>
                      <TableCell className={styles.cell}>
                        {d.required ? (d.documentTitle ?? d.documentKey) : t('agent.docs.optional', { title: d.documentTitle ?? d.documentKey })}
                      </TableCell>
                      <TableCell>{uploadStatusWords(t, d.uploadStatus)}</TableCell>
                      <TableCell dir="auto" style={{ overflowWrap: 'anywhere' }}>{d.fileName ?? '—'}</TableCell>
                      <TableCell>
                        {uploaded && (
                          // An icon button (named for the file): the table then fits a 320 px phone.
                          <Button size="small" icon={<ArrowDownloadRegular />} onClick={() => void onDownload(d)} aria-label={t('agent.docs.downloadFile', { file: d.fileName! })} title={t('agent.docs.downloadFile', { file: d.fileName! })} />
                        )}
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </div>
        ))}
      </section>

      <BankRecordsSection config={config} id={id} onChanged={audit.reload} />

      <section className={styles.section} aria-labelledby="audit-title">
        <Title3 as="h2" id="audit-title">
          {t('agent.audit.title')}
        </Title3>
        {audit.loading && <Spinner size="small" label={t('agent.audit.loading')} />}
        {!!audit.error && (
          <MessageBar intent="error">
            <MessageBarBody>{messageOf(audit.error)}</MessageBarBody>
          </MessageBar>
        )}
        {audit.data && (
          <Table size="small" aria-label={t('agent.audit.title')} className={styles.audit}>
            <TableHeader>
              <TableRow>
                <TableHeaderCell>{t('agent.audit.when')}</TableHeaderCell>
                <TableHeaderCell>{t('agent.audit.who')}</TableHeaderCell>
                <TableHeaderCell>{t('agent.audit.what')}</TableHeaderCell>
                <TableHeaderCell>{t('agent.audit.changed')}</TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {audit.data.entries.map((e, i) => (
                <TableRow key={i}>
                  <TableCell className={styles.cell} data-label={t('agent.audit.when')}>
                    <span>{dateTime(e.at)}</span>
                  </TableCell>
                  <TableCell className={styles.cell} data-label={t('agent.audit.who')}>
                    <span dir="auto">{e.actor}</span>
                  </TableCell>
                  <TableCell className={styles.cell} data-label={t('agent.audit.what')}>
                    <span>{actionWords(t, e.action)}</span>
                  </TableCell>
                  <TableCell className={styles.cell} data-label={t('agent.audit.changed')}>
                    <span>
                      {(e.changeLabels ?? []).slice(0, 6).join(t('agent.listSeparator'))}
                      {(e.changeLabels ?? []).length > 6 ? ` ${t('agent.audit.more', { count: (e.changeLabels ?? []).length - 6 })}` : ''}
                    </span>
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

/** /agent/SearchedAppInfo/:id: read-only overview of a whole application, its documents and audit trail, with the agent's actions. */
export default function SearchedAppInfoPage() {
  const { id = '' } = useParams();
  return (
    <AgentLayout panel="search" active={1}>
      <WithAgentConfig>{(config) => <Overview config={config} id={id} />}</WithAgentConfig>
    </AgentLayout>
  );
}

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
import { ArrowDownloadRegular, ArrowLeftRegular, EditRegular, PlayRegular } from '@fluentui/react-icons';
import { useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ApiRequestError } from '../../lib/secureFetch';
import type { AppConfig } from '../config/useConfig';
import { AgentDecisions } from './AgentDecisions';
import { AgentLayout, WithAgentConfig } from './AgentLayout';
import { servicesPath } from './agentSteps';
import { documentGroups, type DocumentEntry } from './documents';
import { useBankExport, useDocumentDownload } from './useDocumentDownload';
import { closedMessage, labelOf } from '../../../content/lifecycle';
import { editingBlock } from '../../../shared/editingBlock';
import { messageOf } from './fieldErrors';
import { ScreeningSection } from './ScreeningSection';
import { prospectOverview } from './prospectOverview';
import { uploadStatusWords } from '../summary/documentWords';
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
  // Long field lists and names wrap inside their cell, so the audit table fits a 320 px phone.
  cell: { overflowWrap: 'anywhere' },
  // Fluent's Table lays out fixed (equal columns): 'auto' gives the document titles the room they need on a phone.
  docTable: { tableLayout: 'auto' },
});

const srOnly = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

const dateTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'medium', timeZone: 'Asia/Dubai' });

const ACTIONS: Record<string, string> = {
  'prospect.create': 'Application created',
  'prospect.auto': 'Saved automatically',
  'prospect.save': 'Saved',
  'prospect.submit': 'Submitted',
  'document.upload': 'Document uploaded',
  'document.download': 'Document downloaded',
  'document.delete': 'Document deleted',
  'prospect.export': 'Exported in the bank format',
  'prospect.import': 'Imported from the bank format',
};

/**
 * The status section's rows in words: the reason's words (not its code), the agent's note, when documents were
 * asked (a date, not an ISO timestamp), other text fields under their name in words. The status itself, its code
 * and its words repeated are left out (the Status row shows them), and so are the lists (history, documents).
 */
function statusRows(info: Record<string, unknown>, statusWords: string): [string, string][] {
  const known: Record<string, string> = { statusNotes: 'Status notes', statusReason: 'Reason', message: 'Note', requestedAt: 'Documents requested' };
  const skip = new Set(['status', 'statusCode', 'statusReasonText']);
  const rows: [string, string][] = [];
  for (const [key, value] of Object.entries(info)) {
    if (typeof value !== 'string' || !value || skip.has(key)) continue;
    if (key === 'statusNotes' && value === statusWords) continue;
    const text =
      key === 'statusReason' && typeof info.statusReasonText === 'string' && info.statusReasonText
        ? info.statusReasonText
        : /At$/.test(key) && !Number.isNaN(Date.parse(value))
          ? dateTime.format(new Date(value))
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

/** An action the table does not know reads as its words ("prospect.status" → "Prospect status"). */
const actionWords = (action: string) => ACTIONS[action] ?? action.replace(/[._-]+/g, ' ').replace(/^./, (c) => c.toUpperCase());

function Overview({ config, id }: { config: AppConfig; id: string }) {
  const styles = useStyles();
  const navigate = useNavigate();
  const prospect = useAgentGet<ProspectAnswer>(prospectUrl(id));
  const docs = useAgentGet<unknown>(documentsUrl(id));
  const audit = useAgentGet<{ entries: AuditEntry[] }>(auditUrl(id));
  const download = useDocumentDownload();
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const bankExport = useBankExport();
  const [exportState, setExportState] = useState<{ busy: boolean; error?: string }>({ busy: false });
  const overview = useMemo(() => (prospect.data ? prospectOverview(config, prospect.data.prospect) : undefined), [config, prospect.data]);

  if (prospect.loading && !prospect.data) return <Spinner label="Loading the application" />;
  if (prospect.error || !prospect.data || !overview) {
    const notFound = prospect.error instanceof ApiRequestError && prospect.error.status === 404;
    return (
      <MessageBar intent="error" role="alert">
        <MessageBarBody>
          <MessageBarTitle>{notFound ? 'Application not found' : 'The application could not be loaded'}</MessageBarTitle>
          {messageOf(prospect.error)} <Link to="/agent/SearchProspect">Back to the search</Link>
        </MessageBarBody>
      </MessageBar>
    );
  }

  const data = prospect.data;
  const block = editingBlock(data.prospect);
  const closed = closedMessage(config.lifecycle, data.status);
  const services = config.flows.selectServices?.steps ?? [];
  const annexureIndex = services.findIndex((s) => s.step === 'kycAnnexure');
  const statusInfo = (data.prospect.prospectStatusInfo ?? {}) as Record<string, unknown>;
  const groups = documentGroups(docs.data);

  const onDownload = async (doc: DocumentEntry) => {
    setDownloadError(null);
    try {
      await download(id, doc);
    } catch (error) {
      setDownloadError(`${doc.documentTitle ?? doc.documentKey}: ${messageOf(error)}`);
    }
  };

  const onBankExport = async () => {
    setExportState({ busy: true });
    try {
      await bankExport(id);
      setExportState({ busy: false });
      audit.reload();
    } catch (error) {
      setExportState({ busy: false, error: messageOf(error) });
    }
  };

  return (
    <>
      <div className={styles.head}>
        <Title2 as="h1">Application {data.prospectId}</Title2>
        <Badge appearance="tint" color={data.status === 'SUBMITTED' ? 'success' : 'informative'} size="large">
          {labelOf(config.lifecycle, data.status)}
        </Badge>
      </div>
      <Caption1 block>Version {data.version}</Caption1>

      {block && (
        <MessageBar intent="warning" style={{ marginTop: 12 }}>
          <MessageBarBody>
            <MessageBarTitle>Editing is blocked</MessageBarTitle>
            {block.message}
          </MessageBarBody>
        </MessageBar>
      )}
      {closed && !block && (
        <MessageBar intent="info" style={{ marginTop: 12 }}>
          <MessageBarBody>{closed}.</MessageBarBody>
        </MessageBar>
      )}
      <div className={styles.actions}>
        <Button icon={<ArrowLeftRegular />} onClick={() => navigate('/agent/SearchProspect')}>
          Back to the search
        </Button>
        <Button appearance="primary" icon={<PlayRegular />} disabled={!!block || !!closed || services.length === 0} onClick={() => navigate(servicesPath(id, 1))}>
          Continue application
        </Button>
        <Button icon={<EditRegular />} disabled={!!block || !!closed || annexureIndex < 0} onClick={() => navigate(servicesPath(id, annexureIndex + 1))}>
          Edit KYC annexure
        </Button>
        <Button icon={<ArrowDownloadRegular />} disabled={exportState.busy} onClick={() => void onBankExport()}>
          Download bank export
        </Button>
      </div>
      {exportState.error && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>
            <MessageBarTitle>The bank export could not be downloaded</MessageBarTitle>
            {exportState.error}
          </MessageBarBody>
        </MessageBar>
      )}

      <section className={styles.section} aria-labelledby="status-title">
        <Title3 as="h2" id="status-title">
          Status
        </Title3>
        <dl className={styles.list}>
          <dt className={styles.term}>Status</dt>
          <dd className={styles.value}>{labelOf(config.lifecycle, data.status)}</dd>
          {statusRows(statusInfo, labelOf(config.lifecycle, data.status)).map(([term, value]) => (
            <div key={term} style={{ display: 'contents' }}>
              <dt className={styles.term}>{term}</dt>
              <dd className={styles.value}>{value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <AgentDecisions config={config} answer={data} onMoved={() => [prospect, audit, docs].forEach((r) => r.reload())} />

      <ScreeningSection config={config} id={id} />

      <section className={styles.section} aria-labelledby="application-title">
        <Title3 as="h2" id="application-title">
          Application
        </Title3>
        {overview.sections.length || overview.stakeholders.length ? (
          <SummaryView config={config} prospect={data.prospect} level={3} />
        ) : (
          <Body1 block>Nothing filled in yet.</Body1>
        )}
      </section>

      <section className={styles.section} aria-labelledby="documents-title">
        <Title3 as="h2" id="documents-title">
          Documents
        </Title3>
        {docs.loading && <Spinner size="small" label="Loading documents" />}
        {!!docs.error && (
          <MessageBar intent="error">
            <MessageBarBody>{messageOf(docs.error)}</MessageBarBody>
          </MessageBar>
        )}
        {downloadError && (
          <MessageBar intent="error" role="alert">
            <MessageBarBody>{downloadError}</MessageBarBody>
          </MessageBar>
        )}
        {!docs.loading && !docs.error && groups.length === 0 && <Body1 block>No documents are required yet.</Body1>}
        {groups.map((g) => (
          <div key={g.title} className={styles.card}>
            <Body1 as="h3" style={{ fontWeight: 600, margin: 0 }}>
              {g.title}
            </Body1>
            <Table size="small" aria-label={g.title} className={styles.docTable}>
              <TableHeader>
                <TableRow>
                  <TableHeaderCell>Document</TableHeaderCell>
                  <TableHeaderCell>Status</TableHeaderCell>
                  <TableHeaderCell>File</TableHeaderCell>
                  <TableHeaderCell>
                    <span style={srOnly}>Download</span>
                  </TableHeaderCell>
                </TableRow>
              </TableHeader>
              <TableBody>
                {g.documents.map((d) => {
                  const uploaded = !!d.fileName && d.uploadStatus === 'Uploaded';
                  return (
                    <TableRow key={d.documentKey}>
                      <TableCell className={styles.cell}>
                        {d.documentTitle ?? d.documentKey}
                        {d.required ? '' : ' (optional)'}
                      </TableCell>
                      <TableCell>{uploadStatusWords(d.uploadStatus)}</TableCell>
                      <TableCell style={{ overflowWrap: 'anywhere' }}>{d.fileName ?? '—'}</TableCell>
                      <TableCell>
                        {uploaded && (
                          // An icon button (named for the file): the table then fits a 320 px phone.
                          <Button size="small" icon={<ArrowDownloadRegular />} onClick={() => void onDownload(d)} aria-label={`Download ${d.fileName}`} title={`Download ${d.fileName}`} />
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

      <section className={styles.section} aria-labelledby="audit-title">
        <Title3 as="h2" id="audit-title">
          Audit trail
        </Title3>
        {audit.loading && <Spinner size="small" label="Loading the audit trail" />}
        {!!audit.error && (
          <MessageBar intent="error">
            <MessageBarBody>{messageOf(audit.error)}</MessageBarBody>
          </MessageBar>
        )}
        {audit.data && (
          <Table size="small" aria-label="Audit trail">
            <TableHeader>
              <TableRow>
                <TableHeaderCell>When</TableHeaderCell>
                <TableHeaderCell>Who</TableHeaderCell>
                <TableHeaderCell>What</TableHeaderCell>
                <TableHeaderCell>Changed</TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {audit.data.entries.map((e, i) => (
                <TableRow key={i}>
                  <TableCell className={styles.cell}>{dateTime.format(new Date(e.at))}</TableCell>
                  <TableCell className={styles.cell}>{e.actor}</TableCell>
                  <TableCell className={styles.cell}>{actionWords(e.action)}</TableCell>
                  <TableCell className={styles.cell}>
                    {(e.changeLabels ?? []).slice(0, 6).join(', ')}
                    {(e.changeLabels ?? []).length > 6 ? ` and ${(e.changeLabels ?? []).length - 6} more` : ''}
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
    <AgentLayout title="Search Applications" active={1}>
      <WithAgentConfig>{(config) => <Overview config={config} id={id} />}</WithAgentConfig>
    </AgentLayout>
  );
}

import { Body1, Button, MessageBar, MessageBarBody, MessageBarTitle, Spinner, Title2, makeStyles, tokens } from '@fluentui/react-components';
import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { Shell } from '../../components/Shell';
import { useApplication } from '../application';
import { DocumentsPanel } from './DocumentsPanel';
import { isSubmittedStatus, labelOf } from '../../../content/lifecycle';
import { useConfig } from '../config/useConfig';
import { RequestedDocuments } from './RequestedDocuments';
import { useApplicationStatus } from './useApplicationStatus';
import { stopView } from './outcomes';
import { StatusPage } from './StatusPage';
import { usePageT } from '../../i18n/usePageT';
import { useDeleteDocument, useDownloadDocument, useMaxDocumentsReached, useUploads } from './useDocuments';

const useStyles = makeStyles({ actions: { display: 'flex', gap: tokens.spacingHorizontalM, marginTop: tokens.spacingVerticalXXL } });

/**
 * Re-upload documents: after submission, when the bank asks for documents (a status of schemas/lifecycle.json
 * that awaits documents: 'Documents needed', 'Need Additional Information/Documents'). Lists exactly the
 * documents it asked for; when the last one is in, the server returns the application to its assessment and the
 * page says so. When nothing is asked, the documents are shown read-only.
 */
export default function ReUploadDocumentsPage() {
  const styles = useStyles();
  const t = usePageT();
  const navigate = useNavigate();
  const app = useApplication();
  const { data: config } = useConfig();
  const { prospect, docs: documents, info, missing, documentsKnown } = useApplicationStatus(app.prospectId);
  const { data: docs, error, mutate, isLoading } = documents;
  const { uploads, start, cancel } = useUploads(app.prospectId, () => {
    void mutate();
    void prospect.mutate();
  });
  const remove = useDeleteDocument(app.prospectId);
  const download = useDownloadDocument(app.prospectId);
  const maxReached = useMaxDocumentsReached();
  const status = prospect.data?.status;
  const awaiting = !!status && !!config?.lifecycle?.states[status]?.awaitsDocuments;
  const requested = useMemo(() => info.requestedDocuments ?? [], [info]);
  const asked = useMemo(() => new Set(awaiting ? requested.map((d) => d.documentKey) : []), [awaiting, requested]);
  const busy = Object.values(uploads).some((u) => u.progress !== undefined);

  if (app.stop && app.stop.code !== '12012') return <StatusPage view={stopView(app.stop)} panelTitle={t('reupload.title')} />;
  if (maxReached) return <StatusPage view={stopView({ code: 'MAX_DOCUMENTS' })} panelTitle={t('reupload.title')} />;

  return (
    <Shell title={t('reupload.title')} showSteps={false}>
      <Title2 as="h1">{t('reupload.title')}</Title2>
      <Body1 as="p">
        {asked.size > 0 ? t('reupload.needed') : t('reupload.complete')}
      </Body1>
      {asked.size > 0 && documentsKnown && <RequestedDocuments requested={requested} missing={missing} />}
      {info.message && awaiting && (
        <MessageBar intent="info">
          <MessageBarBody>
            <MessageBarTitle>{t('reupload.bankMessage')}</MessageBarTitle>
            {info.message}
          </MessageBarBody>
        </MessageBar>
      )}
      {!awaiting && status && config?.lifecycle?.states[status] && isSubmittedStatus(status) && (
        <MessageBar intent="success" role="status">
          <MessageBarBody>{t('reupload.status', { status: labelOf(config.lifecycle, status), message: config.lifecycle.states[status]!.applicant.message })}</MessageBarBody>
        </MessageBar>
      )}
      {error && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{error.message}</MessageBarBody>
        </MessageBar>
      )}
      {isLoading && <Spinner label={t('documents.loading')} />}
      {docs && (
        <DocumentsPanel
          docs={docs}
          uploadsOpen={!maxReached && asked.size > 0}
          readOnly={asked.size === 0}
          {...(asked.size > 0 ? { only: asked } : {})}
          allowOther={false}
          allowDelete={false}
          uploads={uploads}
          onUpload={(target, file) => void start(target, file)}
          onCancel={cancel}
          onDownload={download}
          onDelete={async (key) => {
            await remove(key);
            await mutate();
          }}
        />
      )}
      <div className={styles.actions}>
        <Button appearance="primary" disabled={busy} onClick={() => navigate(isSubmittedStatus(status) ? '/business/ApplicationStatus' : '/business/MyApplications')}>
          {t('reupload.done')}
        </Button>
      </div>
    </Shell>
  );
}

import { Body1, Button, MessageBar, MessageBarBody, Spinner, Title2, makeStyles, tokens } from '@fluentui/react-components';
import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { Shell } from '../../components/Shell';
import { useApplication } from '../application';
import { DocumentsPanel } from './DocumentsPanel';
import { documentBlocks, isUploaded, type ProspectDocuments } from './documentList';
import { stopView } from './outcomes';
import { StatusPage } from './StatusPage';
import { useDeleteDocument, useDownloadDocument, useMaxDocumentsReached, useProspectDocuments, useUploads } from './useDocuments';

const useStyles = makeStyles({ actions: { display: 'flex', gap: tokens.spacingHorizontalM, marginTop: tokens.spacingVerticalXXL } });

/** Application statuses in which the bank asks for documents again (001 §4 'Application statuses seen'). */
export const DOCUMENTS_ASKED_STATUSES = ['Need Additional Information/Documents', 'Documents needed'];

/** The documents the bank asked again: every one it does not hold as 'Uploaded'. */
export function askedAgain(docs: ProspectDocuments): Set<string> {
  const keys = new Set<string>();
  for (const b of documentBlocks(docs)) for (const r of [...b.rows, ...b.lists.flatMap((l) => l.rows)]) if (r.required && !isUploaded(r)) keys.add(r.documentKey);
  return keys;
}

/**
 * Re-upload documents: after submission, when the bank needs more (status 'Need Additional
 * Information/Documents'). Shows the documents it asked again; when none is missing, every document can still
 * be replaced and other documents added.
 */
export default function ReUploadDocumentsPage() {
  const styles = useStyles();
  const navigate = useNavigate();
  const app = useApplication();
  const { data: docs, error, mutate, isLoading } = useProspectDocuments(app.prospectId);
  const { uploads, start, cancel } = useUploads(app.prospectId, () => void mutate());
  const remove = useDeleteDocument(app.prospectId);
  const download = useDownloadDocument(app.prospectId);
  const maxReached = useMaxDocumentsReached();
  const asked = useMemo(() => (docs ? askedAgain(docs) : new Set<string>()), [docs]);
  const busy = Object.values(uploads).some((u) => u.progress !== undefined);

  if (app.stop && app.stop.code !== '12012') return <StatusPage view={stopView(app.stop)} panelTitle="Upload your documents" />;
  if (maxReached) return <StatusPage view={stopView({ code: 'MAX_DOCUMENTS' })} panelTitle="Upload your documents" />;

  return (
    <Shell title="Upload your documents" showSteps={false}>
      <Title2 as="h1">Upload your documents</Title2>
      <Body1 as="p">
        {asked.size > 0
          ? 'We need the documents below to carry on with your application. PDF, JPG or PNG files, from 50 KB to 5 MB each.'
          : 'We have every document we asked for. You can still replace a document or add another one. PDF, JPG or PNG files, from 50 KB to 5 MB each.'}
      </Body1>
      {error && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{error.message}</MessageBarBody>
        </MessageBar>
      )}
      {isLoading && <Spinner label="Loading your documents" />}
      {docs && (
        <DocumentsPanel
          docs={docs}
          uploadsOpen={!maxReached}
          {...(asked.size > 0 ? { only: asked } : {})}
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
        <Button appearance="primary" disabled={busy} onClick={() => navigate('/business/MyApplications')}>
          Done
        </Button>
      </div>
    </Shell>
  );
}

import { Body1, Button, MessageBar, MessageBarBody, Spinner, Text, Title2, makeStyles, tokens } from '@fluentui/react-components';
import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { Shell } from '../../components/Shell';
import { SaveStatus, useApplication } from '../application';
import { useRefreshOnFocus } from '../application/refreshOnFocus';
import { DocumentsPanel } from './DocumentsPanel';
import { documentBlocks, requiredDone } from './documentList';
import { stopView } from './outcomes';
import { StatusPage } from './StatusPage';
import { useDraftOnly } from '../journey/draftOnly';
import { useJourneyProgress } from '../journey/journeyProgress';
import { useContinueTarget } from '../journey/returnPath';
import { usePageT } from '../../i18n/usePageT';
import { useT } from '../../i18n/useT';
import { useDeleteDocument, useDownloadDocument, useMaxDocumentsReached, useProspectDocuments, useUploads } from './useDocuments';

const useStyles = makeStyles({
  heading: { margin: `0 0 ${tokens.spacingVerticalS}` },
  intro: { margin: `0 0 ${tokens.spacingVerticalM}` },
  actions: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'center', marginTop: tokens.spacingVerticalXXL, flexWrap: 'wrap' },
});

const NEXT = '/business/SelectServices';

/**
 * Step 5, Upload Documents: the documents the server requires for this application (company, each
 * stakeholder, other), uploaded one by one with progress and cancel. Continue opens once every required one is
 * uploaded (or the server says the application is ready, e.g. a valid RO code).
 */
export default function UploadDocumentsPage() {
  const styles = useStyles();
  const t = usePageT();
  const common = useT();
  const navigate = useNavigate();
  const app = useApplication();
  // A change saved in another tab shows when this tab comes back to the front.
  useRefreshOnFocus();
  const leftDraft = useDraftOnly();
  const done = useJourneyProgress();
  const { data: docs, error, mutate, isLoading } = useProspectDocuments(app.prospectId);
  const { uploads, start, cancel } = useUploads(app.prospectId, () => void mutate());
  const remove = useDeleteDocument(app.prospectId);
  const download = useDownloadDocument(app.prospectId);
  const maxReached = useMaxDocumentsReached();
  const ready = useMemo(() => !!docs && (docs.readyForSubmit === true || requiredDone(documentBlocks(docs))), [docs]);
  const busy = Object.values(uploads).some((u) => u.progress !== undefined);
  const continueTo = useContinueTarget(NEXT);

  if (leftDraft) return leftDraft;
  if (app.stop) return <StatusPage view={stopView(app.stop)} />;
  if (maxReached) return <StatusPage view={stopView({ code: 'MAX_DOCUMENTS' })} />;

  return (
    <Shell title={common('panel.startPages')} done={done}>
      {/* Fluent's Text is inline unless `block`: without it the heading and the intro ran together on one line. */}
      <Title2 as="h1" block className={styles.heading}>
        {t('documents.title')}
      </Title2>
      <Body1 as="p" block className={styles.intro}>
        {t('documents.intro')}
      </Body1>
      <SaveStatus />
      {error && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{error.message}</MessageBarBody>
        </MessageBar>
      )}
      {isLoading && <Spinner label={t('documents.loading')} />}
      {docs && (
        <DocumentsPanel
          docs={docs}
          uploadsOpen={!maxReached}
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
        <Button onClick={() => navigate('/business/FinalQuestions')}>{common('common.back')}</Button>
        <Button
          appearance="primary"
          disabled={!ready || busy}
          onClick={async () => {
            await app.flush();
            navigate(continueTo);
          }}
        >
          {common('common.continue')}
        </Button>
        {!ready && docs && <Text size={200}>{t('documents.requiredFirst')}</Text>}
      </div>
    </Shell>
  );
}

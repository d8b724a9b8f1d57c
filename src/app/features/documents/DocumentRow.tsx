import { Badge, Button, makeStyles, ProgressBar, Text, tokens } from '@fluentui/react-components';
import { ArrowDownloadRegular, ArrowUploadRegular, CheckmarkCircleFilled, DeleteRegular, DismissRegular } from '@fluentui/react-icons';
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { type Availability, type DocumentEntry } from './documentList';
import { ACCEPT } from './fileChecks';
import { usePageT } from '../../i18n/usePageT';
import { useT } from '../../i18n/useT';
import type { UploadState } from './useDocuments';

const useStyles = makeStyles({
  row: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: `${tokens.spacingVerticalM} 0`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  line: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  title: { flexGrow: 1, minWidth: '200px' },
  done: { color: tokens.colorPaletteGreenForeground1 },
  input: { position: 'absolute', width: '1px', height: '1px', opacity: 0, overflow: 'hidden' },
  error: { color: tokens.colorPaletteRedForeground1 },
  grow: { flexGrow: 1, minWidth: '120px' },
  // Read by screen readers only: the row's badge and file name show the same to the eye.
  status: { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clipPath: 'inset(50%)', whiteSpace: 'nowrap' },
});

export interface DocumentRowProps {
  entry: DocumentEntry;
  availability: Availability;
  upload: UploadState | undefined;
  onFile(file: File): void;
  onCancel(): void;
  onDownload?(): void;
  onDelete?(): void;
  /** No upload or replacement at all (a submitted application the bank asked nothing of). */
  readOnly?: boolean;
}

/**
 * One document: title, required/uploaded state, Upload or Replace, a progress bar with Cancel while it runs,
 * and the error of the last attempt (announced).
 */
export function DocumentRow({ entry, availability, upload, onFile, onCancel, onDownload, onDelete, readOnly = false }: DocumentRowProps) {
  const styles = useStyles();
  const t = usePageT();
  const common = useT();
  const input = useRef<HTMLInputElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const errorId = useId();
  const busy = upload?.progress !== undefined;
  const uploaded = availability === 'COMPLETED';
  // The file of the last upload started in this row on this page: its success is announced once the server lists it.
  const [sent, setSent] = useState<string>();
  if (busy && upload.fileName && sent !== upload.fileName) setSent(upload.fileName);
  const done = !!sent && !busy && !upload?.error && uploaded && entry.fileName === sent;
  // A refused file: the focus is on this row's button (which names the error), not lost to the page. Chromium leaves
  // it on <body> once the file chooser closes, or on the hidden file input.
  useEffect(() => {
    const active = document.activeElement;
    if (upload?.error && (!active || active === document.body || active === input.current)) button.current?.focus();
  }, [upload?.error, upload?.attempt]);
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = ''; // the same file chosen again after an error must fire again
    if (file) onFile(file);
  };

  return (
    <li className={styles.row} data-document-key={entry.documentKey} data-availability={availability}>
      <div className={styles.line}>
        <Text weight="semibold" className={styles.title}>
          {entry.documentTitle}
        </Text>
        {uploaded ? (
          <Badge appearance="tint" color="success" icon={<CheckmarkCircleFilled />}>
            {t('documents.uploaded')}
          </Badge>
        ) : entry.required ? (
          <Badge appearance="outline" color="informative">
            {t('documents.required')}
          </Badge>
        ) : (
          <Badge appearance="outline" color="informative">
            {t('documents.optional')}
          </Badge>
        )}
      </div>
      {uploaded && entry.fileName && !busy && (
        <Text size={200} className={styles.done}>
          {entry.fileName}
        </Text>
      )}
      <div className={styles.line}>
        <input ref={input} type="file" accept={ACCEPT} className={styles.input} tabIndex={-1} aria-hidden="true" onChange={choose} data-testid={`file-${entry.documentKey}`} />
        {/* While the file goes up the button keeps the focus (aria-disabled, not disabled: that would drop it to the
            page), and it stays on it when Upload turns into Replace. */}
        <Button
          ref={button}
          icon={<ArrowUploadRegular />}
          disabled={readOnly || availability === 'NOT_AVAILABLE'}
          disabledFocusable={busy && !readOnly && availability !== 'NOT_AVAILABLE'}
          aria-describedby={upload?.error ? errorId : undefined}
          aria-label={t(uploaded ? 'documents.replaceNamed' : 'documents.uploadNamed', { name: entry.documentTitle })}
          onClick={() => input.current?.click()}
        >
          {uploaded ? t('documents.replace') : t('documents.upload')}
        </Button>
        {uploaded && onDownload && (
          <Button appearance="subtle" icon={<ArrowDownloadRegular />} aria-label={t('documents.downloadNamed', { name: entry.documentTitle })} onClick={onDownload}>
            {t('documents.download')}
          </Button>
        )}
        {onDelete && !busy && (
          <Button appearance="subtle" icon={<DeleteRegular />} aria-label={t('documents.deleteNamed', { name: entry.documentTitle })} onClick={onDelete}>
            {t('documents.delete')}
          </Button>
        )}
      </div>
      {busy && (
        <div className={styles.line}>
          <ProgressBar className={styles.grow} value={upload.progress} max={1} aria-label={t('documents.uploading', { name: upload.fileName ?? entry.documentTitle })} />
          <Text size={200} aria-live="polite">{t('documents.progress', { value: Math.round((upload.progress ?? 0) * 100) / 100 })}</Text>
          <Button appearance="subtle" icon={<DismissRegular />} aria-label={t('documents.cancelNamed', { name: entry.documentTitle })} onClick={onCancel}>
            {common('common.cancel')}
          </Button>
        </div>
      )}
      <span role="status" className={styles.status}>
        {done ? t('documents.uploadedNamed', { name: entry.documentTitle, file: sent }) : ''}
      </span>
      {upload?.error && (
        // Keyed by the attempt: a new alert for every refusal, so the same words are announced again.
        <Text key={upload.attempt} id={errorId} role="alert" className={styles.error} data-attempt={upload.attempt}>
          {upload.error}
        </Text>
      )}
    </li>
  );
}

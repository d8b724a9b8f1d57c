import { Button, Field, Input, MessageBar, MessageBarBody, makeStyles, Subtitle1, Subtitle2, Text, tokens } from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons';
import { useEffect, useMemo, useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { availabilityOf, type DocumentBlock, type DocumentEntry, documentBlocks, nextKey, type ProspectDocuments } from './documentList';
import { useDocumentWords } from './useDocumentWords';
import { usePageT } from '../../i18n/usePageT';
import { DocumentRow } from './DocumentRow';
import { OTHER_DOCUMENT_TYPE } from '../../../shared/documentsAnswer';
import { messageOf, type UploadState, type UploadTarget } from './useDocuments';

const useStyles = makeStyles({
  block: { marginTop: tokens.spacingVerticalXXL },
  list: { listStyleType: 'none', padding: 0, margin: 0 },
  sub: { marginTop: tokens.spacingVerticalM, marginBottom: 0 },
  add: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'flex-end', flexWrap: 'wrap', marginTop: tokens.spacingVerticalM },
});

// eslint-disable-next-line no-control-regex
const TITLE_PATTERN = /^[^\u0000-\u001f\u007f]{1,200}$/;

export interface DocumentsPanelProps {
  docs: ProspectDocuments;
  /** False once uploads are closed (maximum reached, read-only): rows become NOT_AVAILABLE. */
  uploadsOpen: boolean;
  /** Nothing can be uploaded or replaced (the rows still offer their downloads). */
  readOnly?: boolean;
  /** Only these keys (re-upload: the documents the bank asked again); all when undefined. */
  only?: Set<string>;
  /** Whether 'other' documents may be added here. */
  allowOther?: boolean;
  /** Whether uploaded 'other' documents may be deleted (not after submission). */
  allowDelete?: boolean;
  uploads: Record<string, UploadState>;
  onUpload(target: UploadTarget, file: File): void;
  onCancel(documentKey: string): void;
  onDownload(documentKey: string, fileName: string): Promise<void>;
  onDelete(documentKey: string): Promise<void>;
}

/** The groups of documents (company, each stakeholder, other) with their rows and the lists one can add to. */
export function DocumentsPanel({ docs, uploadsOpen, readOnly = false, only, allowOther = true, allowDelete = true, uploads, onUpload, onCancel, onDownload, onDelete }: DocumentsPanelProps) {
  const styles = useStyles();
  const t = usePageT();
  const failure = (e: unknown) => messageOf(e, { glitch: t('submit.glitch'), expired: t('documents.sessionExpired') });
  /** Rows added here and not uploaded yet (another bank statement, CV or other document). */
  const [pending, setPending] = useState<DocumentEntry[]>([]);
  const [otherTitle, setOtherTitle] = useState('');
  /** Kept as its id, so a switch of language rewords the message shown. */
  const [otherError, setOtherError] = useState<'documents.otherNameEmpty' | 'documents.otherNameInvalid'>();
  const [deleting, setDeleting] = useState<DocumentEntry>();
  const [problem, setProblem] = useState<string>();

  const words = useDocumentWords();
  const blocks = useMemo(() => documentBlocks(docs, { words }), [docs, words]);
  const serverKeys = useMemo(() => {
    const keys = new Set<string>();
    for (const b of blocks) for (const r of [...b.rows, ...b.lists.flatMap((l) => l.rows)]) keys.add(r.documentKey);
    for (const r of docs.otherDocuments ?? []) keys.add(r.documentKey);
    for (const r of docs.kycAnnexureDocuments ?? []) keys.add(r.documentKey);
    return keys;
  }, [blocks, docs]);
  // Once the server lists a row added here, it is the server's: a later delete must not bring it back.
  useEffect(() => {
    if (pending.some((p) => serverKeys.has(p.documentKey))) setPending((list) => list.filter((p) => !serverKeys.has(p.documentKey)));
  }, [pending, serverKeys]);
  const waiting = pending.filter((p) => !serverKeys.has(p.documentKey));
  const allKeys = [...serverKeys, ...waiting.map((p) => p.documentKey)];
  // Rows added on this page are always shown, also when only the documents the bank asked again are listed.
  const shown = (e: DocumentEntry) => !only || only.has(e.documentKey) || !serverKeys.has(e.documentKey);

  const row = (entry: DocumentEntry, extra: { signatoryId?: string; deletable?: boolean; local?: boolean; shownTitle?: string } = {}) => {
    const target: UploadTarget = {
      documentKey: entry.documentKey,
      documentType: entry.documentType,
      ...(entry.documentTitle ? { documentTitle: entry.documentTitle } : {}),
      ...((extra.signatoryId ?? entry.signatoryId) ? { signatoryId: extra.signatoryId ?? entry.signatoryId } : {}),
    };
    return (
      <DocumentRow
        key={entry.documentKey}
        entry={extra.shownTitle ? { ...entry, documentTitle: extra.shownTitle } : entry}
        availability={availabilityOf(entry, uploadsOpen)}
        readOnly={readOnly}
        upload={uploads[entry.documentKey]}
        onFile={(file) => onUpload(target, file)}
        onCancel={() => onCancel(entry.documentKey)}
        onDownload={() => void onDownload(entry.documentKey, entry.fileName ?? entry.documentTitle).catch((e: unknown) => setProblem(failure(e)))}
        {...(extra.local
          ? { onDelete: () => setPending((list) => list.filter((p) => p.documentKey !== entry.documentKey)) }
          : extra.deletable
            ? { onDelete: () => setDeleting(entry) }
            : {})}
      />
    );
  };

  const listRows = (block: DocumentBlock) =>
    block.lists.map(({ list, rows }) => {
      const mine = [...rows, ...waiting.filter((p) => p.documentKey.startsWith(`${list.stem}-`) && (p.signatoryId ?? '') === (list.signatoryId ?? ''))];
      const visible = mine.filter(shown);
      if (only && visible.length === 0) return null;
      const full = mine.length >= list.limit;
      return (
        <div key={`${block.id}-${list.section}`}>
          {/* The list's heading; its rows are numbered under it. The first company bank statement is titled like its
              list ("Company bank statements"), so the same words showed twice, one above the other. */}
          <Subtitle2 as="h3" block className={styles.sub}>
            {list.title}
          </Subtitle2>
          <ul className={styles.list}>
            {visible.map((e) =>
              row(e, { signatoryId: list.signatoryId, local: !serverKeys.has(e.documentKey), ...(e.documentTitle === list.title ? { shownTitle: `${list.title} (${mine.indexOf(e) + 1})` } : {}) }),
            )}
          </ul>
          {!only && (
            <Button
              appearance="subtle"
              icon={<AddRegular />}
              disabled={full || !uploadsOpen}
              onClick={() =>
                setPending((p) => [
                  ...p,
                  {
                    documentKey: nextKey(list.stem, allKeys),
                    documentType: list.documentType,
                    documentTitle: `${list.title} (${mine.length + 1})`,
                    required: false,
                    uploadStatus: 'NotUploaded',
                    ...(list.signatoryId ? { signatoryId: list.signatoryId } : {}),
                  },
                ])
              }
            >
              {full ? t('documents.upTo', { limit: list.limit }) : t(list.documentType === 'CV' ? 'documents.addCv' : 'documents.addStatement')}
            </Button>
          )}
        </div>
      );
    });

  const others = [...(docs.otherDocuments ?? []), ...waiting.filter((p) => p.documentType === OTHER_DOCUMENT_TYPE && !p.signatoryId)].filter(shown);
  const addOther = () => {
    const title = otherTitle.trim();
    if (!title) return setOtherError('documents.otherNameEmpty');
    if (!TITLE_PATTERN.test(title)) return setOtherError('documents.otherNameInvalid');
    setOtherError(undefined);
    setOtherTitle('');
    setPending((p) => [...p, { documentKey: nextKey(OTHER_DOCUMENT_TYPE, allKeys), documentType: OTHER_DOCUMENT_TYPE, documentTitle: title, required: false, uploadStatus: 'NotUploaded' }]);
  };

  return (
    <>
      {problem && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{problem}</MessageBarBody>
        </MessageBar>
      )}
      {blocks.map((block) => {
        const rows = block.rows.filter(shown);
        const lists = listRows(block).filter(Boolean);
        if (only && rows.length === 0 && lists.length === 0) return null;
        return (
          <section key={block.id} className={styles.block} aria-labelledby={`heading-${block.id}`}>
            <Subtitle1 as="h2" id={`heading-${block.id}`}>
              {block.heading}
            </Subtitle1>
            <ul className={styles.list}>{rows.map((e) => row(e))}</ul>
            {lists}
          </section>
        );
      })}
      {(allowOther || others.length > 0) && (
        <section className={styles.block} aria-labelledby="heading-other">
          <Subtitle1 as="h2" id="heading-other">
            {t('documents.otherTitle')}
          </Subtitle1>
          {others.length === 0 && <Text block>{t('documents.otherIntro')}</Text>}
          <ul className={styles.list}>{others.map((e) => row(e, { deletable: allowDelete, local: !serverKeys.has(e.documentKey) }))}</ul>
          {allowOther && (
            <div className={styles.add}>
              <Field label={t('documents.otherName')} validationMessage={otherError && t(otherError)} validationState={otherError ? 'error' : 'none'}>
                <Input
                  value={otherTitle}
                  maxLength={200}
                  disabled={!uploadsOpen}
                  onChange={(_, d) => setOtherTitle(d.value)}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter') {
                      e.preventDefault();
                      addOther();
                    }
                  }}
                />
              </Field>
              <Button icon={<AddRegular />} disabled={!uploadsOpen} onClick={addOther}>
                {t('documents.addOther')}
              </Button>
            </div>
          )}
        </section>
      )}
      <ConfirmDialog
        open={deleting !== undefined}
        onCancel={() => setDeleting(undefined)}
        onConfirm={() => {
          const doc = deleting;
          setDeleting(undefined);
          if (doc) void onDelete(doc.documentKey).catch((e: unknown) => setProblem(failure(e)));
        }}
      >
        {deleting
          ? deleting.fileName
            ? t('documents.deleteConfirmFile', { title: deleting.documentTitle, fileName: deleting.fileName })
            : t('documents.deleteConfirm', { title: deleting.documentTitle })
          : null}
      </ConfirmDialog>
    </>
  );
}

import { Button, ProgressBar, Text, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowUploadRegular, DismissRegular } from '@fluentui/react-icons';
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { useRef, useState, type ChangeEvent } from 'react';
import type { FormContext, UploadValue } from '../FormContext';
import { uploadMessages } from '../../src/shared/uploadMessages';
import { checkFile, UPLOAD_DEFAULTS, type UploadLimits } from '../lib/fileChecks';
import { type UploadWidgetTexts, useWidgetTexts } from '../lib/WidgetTexts';

const useStyles = makeStyles({
  box: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  row: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  input: { position: 'absolute', width: '1px', height: '1px', opacity: 0, overflow: 'hidden' },
  error: { color: tokens.colorPaletteRedForeground1 },
  grow: { flexGrow: 1, minWidth: '120px' },
});

/** The widget's words in English (another language's come through WidgetTexts.uploadWidget, from the app's catalogue). */
const ENGLISH: UploadWidgetTexts = {
  upload: (name) => `Upload ${name || 'document'}`,
  replace: (name) => `Replace ${name || 'document'}`,
  uploading: (fileName) => `Uploading ${fileName}`,
  status: (code) => code,
  cancel: 'Cancel',
  unavailable: 'Upload is not available',
  failed: 'We are facing a glitch at the moment, please try again later.',
};

type Status = { kind: 'idle' } | { kind: 'uploading'; fileName: string; progress: number } | { kind: 'error'; message: string };

/**
 * One document. The file is checked before any byte is sent (type, 5 MB maximum, 50 KB minimum; limits and
 * messages from ui:options maxBytes / minBytes / types / extensions / messages), then handed to
 * formContext.onUpload(file, {documentKey, signal, onProgress}). A progress bar and a Cancel button
 * (AbortController) show while it runs. Stores {fileName, uploadStatus: "Uploaded"}, or the stored document's key
 * when the field is typed as text (schema type "string").
 */
export function Upload(props: WidgetProps) {
  const styles = useStyles();
  const { id, value, options, registry, disabled, readonly, onChange, label, schema } = props;
  const context = registry.formContext as FormContext;
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const controller = useRef<AbortController | null>(null);
  const texts = useWidgetTexts();
  const words = texts.uploadWidget ?? ENGLISH;
  const input = useRef<HTMLInputElement>(null);
  // A field typed as text holds the uploaded document's key (e.g. docProofOfRelationship); otherwise {fileName, uploadStatus}.
  const holdsKey = schema.type === 'string' || (Array.isArray(schema.type) && schema.type.includes('string'));
  const [lastFile, setLastFile] = useState<string>();
  const stored: Partial<UploadValue> | undefined =
    typeof value === 'string'
      ? value
        ? { fileName: lastFile ?? context.uploadedFileNames?.get(value) ?? label ?? '', uploadStatus: 'Uploaded' }
        : undefined
      : (value as Partial<UploadValue> | undefined);
  const documentKey = typeof options.documentKey === 'string' ? options.documentKey : id;
  const accept = ((options.types as string[] | undefined) ?? UPLOAD_DEFAULTS.types).join(',');

  const send = async (file: File) => {
    const problem = checkFile(file, { ...(options as UploadLimits), messages: { ...uploadMessages(texts.locale), ...(options as UploadLimits).messages } });
    if (problem) return setStatus({ kind: 'error', message: problem });
    if (!context.onUpload) return setStatus({ kind: 'error', message: words.unavailable });
    const abort = new AbortController();
    controller.current = abort;
    setStatus({ kind: 'uploading', fileName: file.name, progress: 0 });
    try {
      const onProgress = (p: number) => !abort.signal.aborted && setStatus({ kind: 'uploading', fileName: file.name, progress: p });
      const result = await context.onUpload(file, { documentKey, ...(label ? { documentTitle: label } : {}), signal: abort.signal, onProgress });
      if (abort.signal.aborted) return;
      setStatus({ kind: 'idle' });
      setLastFile(result?.fileName ?? file.name);
      if (holdsKey) onChange(result?.documentKey ?? documentKey);
      else onChange({ fileName: result?.fileName ?? file.name, uploadStatus: result?.uploadStatus ?? 'Uploaded' });
    } catch (error) {
      if (abort.signal.aborted) return setStatus({ kind: 'idle' });
      const message = error instanceof Error && error.message ? error.message : words.failed;
      setStatus({ kind: 'error', message });
    } finally {
      if (controller.current === abort) controller.current = null;
    }
  };

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = ''; // choosing the same file again after an error must fire again
    if (file) void send(file);
  };

  const busy = status.kind === 'uploading';
  return (
    <div id={id} className={styles.box}>
      <input ref={input} id={`${id}__file`} type="file" accept={accept} className={styles.input} tabIndex={-1} aria-hidden="true" onChange={onFile} />
      <div className={styles.row}>
        <Button icon={<ArrowUploadRegular />} disabled={disabled || readonly || busy} aria-describedby={ariaDescribedByIds(id)} onClick={() => input.current?.click()}>
          {stored ? words.replace(label) : words.upload(label)}
        </Button>
        {stored?.fileName && !busy && <Text>{`${stored.fileName} (${words.status(stored.uploadStatus ?? '')})`}</Text>}
      </div>
      {busy && (
        <div className={styles.row}>
          <ProgressBar className={styles.grow} value={status.progress} max={1} aria-label={words.uploading(status.fileName)} />
          <Text size={200}>{`${Math.round(status.progress * 100)} %`}</Text>
          <Button appearance="subtle" icon={<DismissRegular />} onClick={() => controller.current?.abort()}>
            {words.cancel}
          </Button>
        </div>
      )}
      {status.kind === 'error' && (
        <Text role="alert" className={styles.error}>
          {status.message}
        </Text>
      )}
    </div>
  );
}

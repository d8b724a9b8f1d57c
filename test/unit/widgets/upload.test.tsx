// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import compiledAr from 'virtual:app-messages/ar';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { WidgetTextsProvider } from '../../../src/app/i18n/useT';
import { widgets, type UploadOptions, preloadWidgets } from '../../../widgets';
import { checkFile } from '../../../widgets/lib/fileChecks';
import { renderWidget } from './renderWidget';
import { uploadMessages } from '../../../src/shared/uploadMessages';

afterEach(cleanup);
// Widgets loaded with the steps that show them: loaded before rendering, as StepForm does.
beforeAll(() => preloadWidgets({ 'ui:widget': 'Upload' }));

const fileOf = (name: string, type: string, size: number) => {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
};
const choose = (file: File) => fireEvent.change(document.getElementById('root_field__file')!, { target: { files: [file] } });
const schema = { type: 'object' as const, properties: { fileName: { type: 'string' as const }, uploadStatus: { type: 'string' as const } } };

describe('checkFile', () => {
  it('checks type, 5 MB maximum and 50 KB minimum', () => {
    expect(checkFile(fileOf('a.pdf', 'application/pdf', 100_000))).toBeNull();
    expect(checkFile(fileOf('a.gif', 'image/gif', 100_000))).toBe('Supported formats are PDF, JPG and PNG');
    expect(checkFile(fileOf('a.pdf', 'application/pdf', 5_242_881))).toBe('File size exceeded (5Mb maximum)');
    expect(checkFile(fileOf('a.png', 'image/png', 51_199))).toBe(
      'Document size is insufficient. Please upload a document that is at least 50KB to continue.',
    );
    expect(checkFile(fileOf('scan.JPG', '', 60_000))).toBeNull();
    expect(checkFile(fileOf('a.pdf', 'application/pdf', 2_000), { minBytes: 1_000 })).toBeNull();
  });

  it("says it in the page's language, the server's words (src/shared/uploadMessages.ts)", () => {
    const arabic = uploadMessages('ar');
    expect(checkFile(fileOf('a.png', 'image/png', 51_199), { messages: arabic })).toBe('حجم المستند غير كافٍ. يرجى تحميل مستند لا يقل حجمه عن 50KB للمتابعة.');
    expect(checkFile(fileOf('a.gif', 'image/gif', 100_000), { messages: arabic })).toBe(arabic.badType);
    expect(checkFile(fileOf('a.pdf', 'application/pdf', 5_242_881), { messages: arabic })).toBe('تجاوز حجم الملف الحد المسموح (5Mb كحد أقصى)');
  });
});

describe('Upload', () => {
  it.each([
    ['big.pdf', 'application/pdf', 6_000_000, 'File size exceeded (5Mb maximum)'],
    ['small.pdf', 'application/pdf', 10_000, 'Document size is insufficient. Please upload a document that is at least 50KB to continue.'],
    ['doc.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 100_000, 'Supported formats are PDF, JPG and PNG'],
  ])('refuses %s before sending anything', async (name, type, size, message) => {
    const onUpload = vi.fn();
    const w = renderWidget(widgets.Upload!, { schema, formContext: { onUpload } });
    choose(fileOf(name, type, size));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', message);
    expect(onUpload).not.toHaveBeenCalled();
    expect(w.changes).toEqual([]);
  });

  it('a text-typed field (proof of relationship) stores the key the server gave the document', async () => {
    const onUpload = vi.fn(async () => ({ fileName: 'share-certificate.pdf', documentKey: 'ProofOfRelationship-c1', uploadStatus: 'Uploaded' }));
    const w = renderWidget(widgets.Upload!, { schema: { type: ['string', 'null'] } as never, formContext: { onUpload }, options: { documentKey: 'ProofOfRelationship' }, label: 'Proof of relationship' });
    choose(fileOf('share-certificate.pdf', 'application/pdf', 200_000));
    expect(onUpload.mock.calls[0]).toEqual([expect.any(File), expect.objectContaining({ documentKey: 'ProofOfRelationship', documentTitle: 'Proof of relationship' })]);
    await waitFor(() => expect(w.last()).toBe('ProofOfRelationship-c1'));
    expect(screen.getByText('share-certificate.pdf (Uploaded)')).toBeTruthy();
  });

  it('a stored document key (after a reload) names the uploaded file the page knows for that key, else the field title', () => {
    const uploadedFileNames = new Map([['ProofOfRelationship-c1', 'share-certificate.pdf']]);
    renderWidget(widgets.Upload!, { schema: { type: ['string', 'null'] } as never, value: 'ProofOfRelationship-c1', label: 'Proof of relationship', formContext: { uploadedFileNames } });
    expect(screen.getByText('share-certificate.pdf (Uploaded)')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Replace Proof of relationship' })).toBeTruthy();
    cleanup();
    // The documents list not there yet (or no file under that key): uploaded, under the field's title.
    renderWidget(widgets.Upload!, { schema: { type: ['string', 'null'] } as never, value: 'ProofOfRelationship-c2', label: 'Proof of relationship', formContext: { uploadedFileNames } });
    expect(screen.getByText('Proof of relationship (Uploaded)')).toBeTruthy();
  });

  it('shows progress, stores {fileName, uploadStatus} and passes the document key', async () => {
    let progress: UploadOptions['onProgress'] = () => {};
    let finish: () => void = () => {};
    const onUpload = vi.fn((_file: File, o: UploadOptions) => {
      progress = o.onProgress;
      return new Promise<void>((resolve) => (finish = resolve));
    });
    const w = renderWidget(widgets.Upload!, { schema, formContext: { onUpload }, options: { documentKey: 'TradeLicense_0' } });
    choose(fileOf('licence.pdf', 'application/pdf', 200_000));
    expect(onUpload.mock.calls[0]![1].documentKey).toBe('TradeLicense_0');
    act(() => progress(0.5));
    expect(screen.getByRole('progressbar')).toBeTruthy();
    expect(screen.getByText('50 %')).toBeTruthy();
    await act(async () => finish());
    await waitFor(() => expect(w.last()).toEqual({ fileName: 'licence.pdf', uploadStatus: 'Uploaded' }));
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('cancels through the AbortSignal and stores nothing', async () => {
    let signal: AbortSignal | undefined;
    const onUpload = vi.fn((_file: File, o: UploadOptions) => {
      signal = o.signal;
      return new Promise<void>((_, reject) => o.signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
    });
    const w = renderWidget(widgets.Upload!, { schema, formContext: { onUpload } });
    choose(fileOf('licence.pdf', 'application/pdf', 200_000));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(signal?.aborted).toBe(true);
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
    expect(screen.queryByRole('alert')).toBeNull();
    expect(w.changes).toEqual([]);
  });

  it('shows the error of a failed upload', async () => {
    const onUpload = vi.fn(() => Promise.reject(new Error('Upload failed, please try again')));
    renderWidget(widgets.Upload!, { schema, formContext: { onUpload } });
    choose(fileOf('licence.pdf', 'application/pdf', 200_000));
    expect((await screen.findByRole('alert')).textContent).toBe('Upload failed, please try again');
  });
});

describe('Upload in Arabic (the words of the app catalogue, through WidgetTexts)', () => {
  const arabic = (ui: ReactNode) => (
    <IntlProvider locale="ar" messages={compiledAr}>
      <WidgetTextsProvider>{ui}</WidgetTextsProvider>
    </IntlProvider>
  );

  it('names its button, the stored file and a refused file in Arabic', async () => {
    renderWidget(widgets.Upload!, { schema: { type: ['string', 'null'] } as never, value: 'ProofOfRelationship-c1', label: 'إثبات العلاقة', wrapper: arabic });
    expect(screen.getByRole('button', { name: 'استبدال إثبات العلاقة' })).toBeTruthy();
    expect(screen.getByText('إثبات العلاقة (تم التحميل)')).toBeTruthy();
    choose(fileOf('a.gif', 'image/gif', 100_000));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', uploadMessages('ar').badType);
  });

  it('says in Arabic that it cannot upload where the form has no upload (a preview)', async () => {
    renderWidget(widgets.Upload!, { schema, label: 'الرخصة التجارية', wrapper: arabic });
    expect(screen.getByRole('button', { name: 'تحميل الرخصة التجارية' })).toBeTruthy();
    choose(fileOf('licence.pdf', 'application/pdf', 100_000));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'تحميل المستندات غير متاح حاليًا');
  });

  it('keeps its own English without a language (no words of it in the landing chunk)', async () => {
    renderWidget(widgets.Upload!, { schema, label: 'Trade licence' });
    expect(screen.getByRole('button', { name: 'Upload Trade licence' })).toBeTruthy();
    choose(fileOf('licence.pdf', 'application/pdf', 100_000));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Upload is not available');
  });
});

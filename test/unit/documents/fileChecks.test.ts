import { describe, expect, it } from 'vitest';
import { checkDocument, sniffType } from '../../../src/app/features/documents/fileChecks';

const KB = 1024;
const pad = (head: number[] | string, size: number): Uint8Array<ArrayBuffer> => {
  const bytes = new Uint8Array(size).fill(0x20);
  bytes.set(typeof head === 'string' ? new TextEncoder().encode(head) : head);
  return bytes;
};
const file = (name: string, bytes: Uint8Array<ArrayBuffer>, type: string) => new File([bytes], name, { type });
const PDF = '%PDF-1.7\n';
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d];
const JPEG = [0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10];
const EXE = [0x4d, 0x5a, 0x90, 0x00];

describe('sniffType', () => {
  it('knows PDF, JPEG and PNG by their first bytes', () => {
    expect(sniffType(pad(PDF, 16))).toBe('pdf');
    expect(sniffType(pad(PNG, 16))).toBe('png');
    expect(sniffType(pad(JPEG, 16))).toBe('jpg');
  });
  it('refuses programs, text and truncated signatures', () => {
    expect(sniffType(pad(EXE, 16))).toBeNull();
    expect(sniffType(pad('hello world', 16))).toBeNull();
    expect(sniffType(new Uint8Array([0x89, 0x50, 0x4e]))).toBeNull();
    expect(sniffType(new Uint8Array())).toBeNull();
  });
});

describe('checkDocument (before any byte is sent)', () => {
  it('accepts a PDF, a PNG and a JPEG between 50 KB and 5 MB', async () => {
    expect(await checkDocument(file('licence.pdf', pad(PDF, 60 * KB), 'application/pdf'))).toBeNull();
    expect(await checkDocument(file('passport.png', pad(PNG, 50 * KB), 'image/png'))).toBeNull();
    expect(await checkDocument(file('eid.jpg', pad(JPEG, 5 * KB * KB), 'image/jpeg'))).toBeNull();
  });

  it('gives the size messages of the specification at the limits', async () => {
    expect(await checkDocument(file('big.pdf', pad(PDF, 5 * KB * KB + 1), 'application/pdf'))).toBe('File size exceeded (5Mb maximum)');
    expect(await checkDocument(file('small.pdf', pad(PDF, 50 * KB - 1), 'application/pdf'))).toBe(
      'Document size is insufficient. Please upload a document that is at least 50KB to continue.',
    );
  });

  it('refuses other types by MIME type, by extension and by content', async () => {
    const message = 'Supported formats are PDF, JPG and PNG';
    expect(await checkDocument(file('notes.txt', pad('text', 60 * KB), 'text/plain'))).toBe(message);
    expect(await checkDocument(file('notes.docx', pad('PK', 60 * KB), ''))).toBe(message);
    // A Windows program renamed passport.pdf: name and MIME type say PDF, the bytes do not.
    expect(await checkDocument(file('passport.pdf', pad(EXE, 60 * KB), 'application/pdf'))).toBe(message);
  });

  it('checks the type before the size (a large program gets the type message)', async () => {
    expect(await checkDocument(file('setup.exe', pad(EXE, 6 * KB * KB), 'application/x-msdownload'))).toBe('Supported formats are PDF, JPG and PNG');
  });
});

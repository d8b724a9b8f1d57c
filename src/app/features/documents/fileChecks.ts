/**
 * Client-side checks of a document before any byte is sent (001 §5 'Document upload'): the widget's type and
 * size checks (widgets/lib/fileChecks.ts), then the first bytes, because the server decides the type by
 * content: a program renamed passport.pdf is refused here already, with the same message.
 */
import { checkFile, UPLOAD_DEFAULTS, type UploadLimits } from '../../../../widgets/lib/fileChecks';

export type SniffedType = 'pdf' | 'jpg' | 'png';

const SIGNATURES: { type: SniffedType; bytes: number[] }[] = [
  { type: 'pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] }, // %PDF-
  { type: 'jpg', bytes: [0xff, 0xd8, 0xff] },
  { type: 'png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
];

/** Bytes read from the start of a file: enough for every signature above. */
export const SNIFF_LENGTH = 8;

/** The document type its first bytes show, or null when it is none of PDF, JPEG, PNG. */
export function sniffType(head: Uint8Array): SniffedType | null {
  const hit = SIGNATURES.find((s) => s.bytes.every((b, i) => head[i] === b));
  return hit?.type ?? null;
}

/** The message to show for a file, or null when it may be sent. Type and size first (no reading), then content. */
export async function checkDocument(file: File, limits: UploadLimits = {}): Promise<string | null> {
  const problem = checkFile(file, limits);
  if (problem) return problem;
  const head = new Uint8Array(await file.slice(0, SNIFF_LENGTH).arrayBuffer());
  if (!sniffType(head)) return limits.messages?.badType ?? UPLOAD_DEFAULTS.messages.badType;
  return null;
}

/** The accept attribute of the file inputs. */
export const ACCEPT = [...UPLOAD_DEFAULTS.types, ...UPLOAD_DEFAULTS.extensions.map((e) => `.${e}`)].join(',');

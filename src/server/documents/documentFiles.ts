/** The accepted types, recognised by their content (magic bytes), never by the name or the declared type. */
export const ACCEPTED_TYPES: Record<string, string> = {
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/jpeg': 'jpg',
};

/** What file-type needs to recognise PDF, PNG and JPEG (and to tell them from look-alikes). */
export const SNIFF_BYTES = 4100;

/** The accepted type of these first bytes, or undefined. */
export async function detectType(head: Buffer): Promise<{ mime: string; ext: string } | undefined> {
  // Loaded with the first upload, not at every start (0.05 to 0.07 s of its CPU).
  const { fileTypeFromBuffer } = await import('file-type');
  const type = await fileTypeFromBuffer(head);
  if (!type || !(type.mime in ACCEPTED_TYPES)) return undefined;
  return { mime: type.mime, ext: ACCEPTED_TYPES[type.mime]! };
}

const EXTENSIONS: Record<string, string[]> = { pdf: ['pdf'], png: ['png'], jpg: ['jpg', 'jpeg'] };

/**
 * A file name safe to store and to send back in Content-Disposition: the last path segment, without control
 * characters, bidirectional overrides, quotes, slashes or reserved characters, at most 100 characters, ending with the extension of
 * the detected type ("passport.exe" holding a PDF becomes "passport.exe.pdf").
 */
export function safeFileName(name: string | undefined, ext: string): string {
  // Browsers send '"', CR and LF in multipart file names as %22, %0D and %0A (HTML form submission).
  const decoded = (name ?? '').replace(/%22/gi, '"').replace(/%0[ad]/gi, ' ');
  const last = decoded.split(/[\\/]/).pop() ?? '';
  // Bidirectional controls (U+202E "RIGHT-TO-LEFT OVERRIDE" shows "invoice\u202Efdp.exe" as "invoiceexe.pdf") and
  // invisible marks are dropped: the name a person reads must be the name the file has.
  // eslint-disable-next-line no-control-regex
  let clean = last.normalize('NFC').replace(/[\u0000-\u001f\u007f"*:<>?|;%\u061c\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g, '').replace(/\s+/g, ' ').trim().replace(/^\.+/, '');
  const current = /\.([A-Za-z0-9]+)$/.exec(clean)?.[1]?.toLowerCase();
  if (!current || !EXTENSIONS[ext]?.includes(current)) clean = `${clean || 'document'}.${ext}`;
  if (clean.length > 100) clean = `${clean.slice(0, 95 - ext.length).trim()}.${ext}`;
  return clean;
}

/** Content-Disposition with an ASCII fallback and the UTF-8 name (RFC 6266, RFC 5987). */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/[\\"]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}

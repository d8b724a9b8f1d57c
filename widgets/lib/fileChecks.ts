/** Upload limits and messages (spec 001 §5 "Shared field rules", §9). */
export const UPLOAD_DEFAULTS = {
  maxBytes: 5_242_880,
  minBytes: 51_200,
  types: ['application/pdf', 'image/jpeg', 'image/png'],
  extensions: ['pdf', 'jpg', 'jpeg', 'png'],
  messages: {
    tooLarge: 'File size exceeded (5Mb maximum)',
    tooSmall: 'Document size is insufficient. Please upload a document that is at least 50KB to continue.',
    badType: 'Supported formats are PDF, JPG and PNG',
  },
};

export interface UploadLimits {
  maxBytes?: number;
  minBytes?: number;
  types?: string[];
  extensions?: string[];
  messages?: Partial<typeof UPLOAD_DEFAULTS.messages>;
}

/**
 * Checks a file before any byte is sent: type (MIME type or, when the browser gives none, the extension),
 * then maximum and minimum size. Returns the message to show, or null when the file may be sent.
 */
export function checkFile(file: Pick<File, 'name' | 'size' | 'type'>, limits: UploadLimits = {}): string | null {
  const max = limits.maxBytes ?? UPLOAD_DEFAULTS.maxBytes;
  const min = limits.minBytes ?? UPLOAD_DEFAULTS.minBytes;
  const types = limits.types ?? UPLOAD_DEFAULTS.types;
  const extensions = limits.extensions ?? UPLOAD_DEFAULTS.extensions;
  const messages = { ...UPLOAD_DEFAULTS.messages, ...limits.messages };
  const extension = file.name.includes('.') ? file.name.slice(file.name.lastIndexOf('.') + 1).toLowerCase() : '';
  const typeOk = file.type ? types.includes(file.type) : extensions.includes(extension);
  if (!typeOk) return messages.badType;
  if (file.size > max) return messages.tooLarge;
  if (file.size < min) return messages.tooSmall;
  return null;
}

import { UPLOAD_SIZE_DEFAULTS, uploadMessages } from '../../src/shared/uploadMessages';

const english = uploadMessages('en');

/** Upload limits and messages (spec 001 §5 "Shared field rules", §9); the messages in another language: uploadMessages(WidgetTexts.locale). */
export const UPLOAD_DEFAULTS = {
  ...UPLOAD_SIZE_DEFAULTS,
  types: ['application/pdf', 'image/jpeg', 'image/png'],
  extensions: ['pdf', 'jpg', 'jpeg', 'png'],
  messages: { tooLarge: english.tooLarge, tooSmall: english.tooSmall, badType: english.badType },
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

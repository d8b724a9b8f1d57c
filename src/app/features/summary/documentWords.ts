export type { DocumentEntry, DocumentGroup } from '../agent/documents';

/** The statuses' words in the reader's language (the page passes them; English by default). */
export type UploadStatusWords = Record<'Uploaded' | 'NotUploaded' | 'Pending' | 'Rejected', string>;

const ENGLISH: UploadStatusWords = { Uploaded: 'Uploaded', NotUploaded: 'Not uploaded', Pending: 'Pending', Rejected: 'Rejected' };

/** A document's upload status in words ("NotUploaded" → "Not uploaded"). */
export function uploadStatusWords(status: string | undefined, words: UploadStatusWords = ENGLISH): string {
  if (!status) return words.NotUploaded;
  if (Object.prototype.hasOwnProperty.call(words, status)) return words[status as keyof UploadStatusWords];
  return status.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/^./, (c) => c.toUpperCase()).replace(/ ([A-Z])/g, (_, c: string) => ` ${c.toLowerCase()}`);
}

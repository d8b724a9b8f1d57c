export type { DocumentEntry, DocumentGroup } from '../agent/documents';

const WORDS: Record<string, string> = { Uploaded: 'Uploaded', NotUploaded: 'Not uploaded', Pending: 'Pending', Rejected: 'Rejected' };

/** A document's upload status in words ("NotUploaded" → "Not uploaded"). */
export function uploadStatusWords(status: string | undefined): string {
  if (!status) return 'Not uploaded';
  return WORDS[status] ?? status.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/^./, (c) => c.toUpperCase()).replace(/ ([A-Z])/g, (_, c: string) => ` ${c.toLowerCase()}`);
}

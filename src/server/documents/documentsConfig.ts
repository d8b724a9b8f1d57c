/** Upload limits, from environment variables (README "Configuration"). */
export interface DocumentsConfig {
  /** DOCUMENT_MAX_BYTES: the largest file accepted (default 5 MB = 5,242,880 bytes, 001 §9). */
  maxBytes: number;
  /** DOCUMENT_MIN_BYTES: the smallest file accepted (default 50 KB = 51,200 bytes, 001 §5). */
  minBytes: number;
  /**
   * DOCUMENT_MAX_UPLOADS: uploads per application before the "Total No of Documents uploaded check" stops it.
   * When unset, the maxDocuments of schemas/screening.json applies (50), so one number drives both.
   */
  maxUploads?: number;
}

function sizeFrom(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const value = env[name];
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < 1) throw new Error(`${name} must be a positive whole number, got "${value}"`);
  return n;
}

export function loadDocumentsConfig(env: NodeJS.ProcessEnv = process.env): DocumentsConfig {
  const maxBytes = sizeFrom(env, 'DOCUMENT_MAX_BYTES', 5_242_880);
  const minBytes = sizeFrom(env, 'DOCUMENT_MIN_BYTES', 51_200);
  if (minBytes > maxBytes) throw new Error('DOCUMENT_MIN_BYTES must not be larger than DOCUMENT_MAX_BYTES');
  const uploads = env.DOCUMENT_MAX_UPLOADS;
  return {
    maxBytes,
    minBytes,
    ...(uploads !== undefined && uploads !== '' ? { maxUploads: sizeFrom(env, 'DOCUMENT_MAX_UPLOADS', 50) } : {}),
  };
}

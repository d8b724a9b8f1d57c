/**
 * One document upload with progress (001 §4 'Document upload', §7): multipart, not encrypted, Bearer token.
 * fetch() cannot report upload progress, so this uses XMLHttpRequest; an AbortSignal cancels it.
 */
import { ApiRequestError, deviceId, SessionExpiredError } from '../../lib/secureFetch';

export interface UploadAnswer {
  fileName: string;
  documentKey: string;
  uploadStatus: string;
}

export interface UploadRequest {
  prospectId: string;
  token: string;
  file: File;
  documentKey: string;
  documentType: string;
  documentTitle?: string;
  signatoryId?: string;
  /** Fraction 0..1 of the bytes sent. */
  onProgress?: (fraction: number) => void;
  /** A renewed access token from x-access-token. */
  onAccessToken?: (token: string) => void;
  signal?: AbortSignal;
  /** The bank segment of the path (spec: rest/v1/banks/{bank}/...). */
  bank?: string;
}

export const GLITCH = 'We are facing a glitch at the moment, please try again later.';

/** The page's words for a failure the server did not word (English by default). */
export interface FailureWords {
  glitch: string;
  expired: string;
}

/**
 * Turns a failure into the applicant's message: the server's (the spec's, in the request's language: every call
 * sends Accept-Language), else the page's words for a glitch or an expired session.
 */
export function messageOf(error: unknown, words: FailureWords = { glitch: GLITCH, expired: 'Your session has expired' }): string {
  if (error instanceof ApiRequestError) return error.status >= 500 || !error.body?.errors?.length ? words.glitch : error.message;
  if (error instanceof SessionExpiredError) return words.expired;
  // Our own "could not reach" errors carry the English glitch: the page's words replace it.
  return error instanceof Error && error.message && error.message !== GLITCH ? error.message : words.glitch;
}

export function uploadUrl(bank: string, prospectId: string): string {
  return `/api/rest/v1/banks/${encodeURIComponent(bank)}/prospectId/${encodeURIComponent(prospectId)}/documents`;
}

export function uploadDocument(req: UploadRequest): Promise<UploadAnswer> {
  return new Promise((resolve, reject) => {
    if (req.signal?.aborted) return reject(new DOMException('Upload cancelled', 'AbortError'));
    const form = new FormData();
    form.append('documentKey', req.documentKey);
    form.append('documentType', req.documentType);
    if (req.documentTitle) form.append('documentTitle', req.documentTitle);
    if (req.signatoryId) form.append('signatoryId', req.signatoryId);
    form.append('file', req.file, req.file.name); // fields first: the server checks them before storing bytes

    const xhr = new XMLHttpRequest();
    xhr.open('POST', uploadUrl(req.bank ?? 'rak', req.prospectId));
    xhr.setRequestHeader('authorization', `Bearer ${req.token}`);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.setRequestHeader('device-id', deviceId());
    xhr.setRequestHeader('x-request-id', crypto.randomUUID());
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) req.onProgress?.(Math.min(1, e.loaded / e.total));
    };
    const onAbort = () => xhr.abort();
    req.signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => req.signal?.removeEventListener('abort', onAbort);
    xhr.onabort = () => {
      done();
      reject(new DOMException('Upload cancelled', 'AbortError'));
    };
    xhr.onerror = () => {
      done();
      reject(new Error(GLITCH));
    };
    xhr.onload = () => {
      done();
      const renewed = xhr.getResponseHeader('x-access-token');
      if (renewed) req.onAccessToken?.(renewed);
      let body: unknown;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300 && body) return resolve(body as UploadAnswer);
      if (xhr.status === 401 && !xhr.responseText) return reject(new SessionExpiredError());
      reject(new ApiRequestError(xhr.status, body as ApiRequestError['body']));
    };
    xhr.send(form);
  });
}

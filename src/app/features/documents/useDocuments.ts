/**
 * Server data of the documents pages: the list (swr, GET prospects/{id}/documents), delete and download of one
 * document, and the uploads in flight with their progress and errors per documentKey (001 §4).
 */
import { useCallback, useEffect, useRef } from 'react';
import { atom, useAtom, useAtomValue, useSetAtom } from '../../lib/jotai';
import { ApiRequestError, deviceId, SessionExpiredError } from '../../lib/secureFetch';
import { sessionAtom, sessionExpiredAtom, useApi } from '../session/session';
import { checkDocument } from './fileChecks';
import { currentLocale } from '../../i18n/localeStore';
import { uploadMessages } from '../../../shared/uploadMessages';
import { GLITCH, messageOf, uploadDocument, type UploadAnswer } from './uploadFile';
import { usePageT } from '../../i18n/usePageT';

export { messageOf };

const BANK = 'rak';

export { documentsKey, useProspectDocuments } from './documentsQuery';

/** One upload's state: progress while it runs, the error after a failure. */
export interface UploadState {
  fileName?: string;
  progress?: number;
  error?: string;
  /** Counts the refusals in this tab: each error is a new one, read out again even in the same words. */
  attempt?: number;
}

let attempts = 0;

/** Uploads by documentKey, for the tab (an upload keeps running if the applicant opens another page). */
export const uploadsAtom = atom<Record<string, UploadState>>({});
/** Set once the server refused an upload because the maximum number of uploads was reached. */
export const maxDocumentsReachedAtom = atom(false);
const controllers = new Map<string, AbortController>();

export interface UploadTarget {
  documentKey: string;
  documentType: string;
  documentTitle?: string;
  signatoryId?: string;
}

export function useUploads(prospectId: string | undefined, onUploaded: (answer: UploadAnswer) => void) {
  const [uploads, setUploads] = useAtom(uploadsAtom);
  const [session, setSession] = useAtom(sessionAtom);
  const setExpired = useSetAtom(sessionExpiredAtom);
  const setMaxReached = useSetAtom(maxDocumentsReachedAtom);
  const t = usePageT();
  const uploaded = useRef(onUploaded);
  useEffect(() => {
    uploaded.current = onUploaded;
  });
  const patch = useCallback(
    (key: string, next: UploadState | undefined) =>
      setUploads((all) => {
        const copy = { ...all };
        if (next) copy[key] = next;
        else delete copy[key];
        return copy;
      }),
    [setUploads],
  );

  const start = useCallback(
    async (target: UploadTarget, file: File) => {
      if (!prospectId || !session) return;
      const problem = await checkDocument(file, { messages: uploadMessages(currentLocale()) });
      if (problem) return patch(target.documentKey, { fileName: file.name, error: problem, attempt: ++attempts });
      controllers.get(target.documentKey)?.abort();
      const controller = new AbortController();
      controllers.set(target.documentKey, controller);
      patch(target.documentKey, { fileName: file.name, progress: 0 });
      try {
        const answer = await uploadDocument({
          ...target,
          prospectId,
          token: session.accessToken,
          file,
          bank: BANK,
          signal: controller.signal,
          onProgress: (progress) => !controller.signal.aborted && patch(target.documentKey, { fileName: file.name, progress }),
          onAccessToken: (accessToken) => setSession((s) => (s ? { ...s, accessToken } : s)),
        });
        patch(target.documentKey, undefined);
        uploaded.current(answer);
      } catch (error) {
        if (controller.signal.aborted) return patch(target.documentKey, undefined);
        if (error instanceof SessionExpiredError) setExpired(true);
        if (error instanceof ApiRequestError && error.body?.errors?.some((e) => e.errorCode === 'MAX_DOCUMENTS')) setMaxReached(true);
        patch(target.documentKey, { fileName: file.name, error: messageOf(error, { glitch: t('submit.glitch'), expired: t('documents.sessionExpired') }), attempt: ++attempts });
      } finally {
        if (controllers.get(target.documentKey) === controller) controllers.delete(target.documentKey);
      }
    },
    [prospectId, session, patch, setSession, setExpired, setMaxReached, t],
  );

  const cancel = useCallback((documentKey: string) => controllers.get(documentKey)?.abort(), []);
  const clear = useCallback((documentKey: string) => patch(documentKey, undefined), [patch]);
  return { uploads, start, cancel, clear };
}

export function useMaxDocumentsReached(): boolean {
  return useAtomValue(maxDocumentsReachedAtom);
}

/** Delete an 'other' document (the server keeps it counted and audited). */
export function useDeleteDocument(prospectId: string | undefined) {
  const api = useApi();
  return useCallback(
    async (documentKey: string) => {
      if (!prospectId) return;
      await api(`/api/banks/${BANK}/prospects/${encodeURIComponent(prospectId)}/documents/${encodeURIComponent(documentKey)}`, { method: 'DELETE' });
    },
    [api, prospectId],
  );
}

/** Downloads a document with the session's token and saves it under its name. */
export function useDownloadDocument(prospectId: string | undefined) {
  const session = useAtomValue(sessionAtom);
  return useCallback(
    async (documentKey: string, fileName: string) => {
      if (!prospectId || !session) return;
      const res = await fetch(`/api/banks/${BANK}/prospects/${encodeURIComponent(prospectId)}/documents/${encodeURIComponent(documentKey)}`, {
        headers: { authorization: `Bearer ${session.accessToken}`, 'device-id': deviceId() },
        cache: 'no-store',
      });
      if (!res.ok) throw new Error(GLITCH);
      const url = URL.createObjectURL(await res.blob());
      const a = document.createElement('a');
      a.href = url;
      a.download = fileName;
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    },
    [prospectId, session],
  );
}

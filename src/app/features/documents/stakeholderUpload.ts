/**
 * Uploads from a form's Upload widget (formContext.onUpload) for one stakeholder, e.g. its proof of
 * relationship: the same documents API as the Upload Documents page (uploadFile.ts), stored as that
 * stakeholder's document (signatoryId).
 */
import { useCallback } from 'react';
import { useAtom, useSetAtom } from '../../lib/jotai';
import { SessionExpiredError } from '../../lib/secureFetch';
import { sessionAtom, sessionExpiredAtom } from '../session/session';
import { messageOf, uploadDocument, type UploadAnswer } from './uploadFile';
import { useT } from '../../i18n/useT';

const BANK = 'rak';

/**
 * The widget's documentKey (its ui:options documentKey, e.g. "ProofOfRelationship") is the document type; the
 * key gets the stakeholder's id so every stakeholder has its own document. The widget checked type and size;
 * the server reads the content.
 */
export function useStakeholderUpload(prospectId: string | undefined) {
  const [session, setSession] = useAtom(sessionAtom);
  const setExpired = useSetAtom(sessionExpiredAtom);
  const t = useT();
  return useCallback(
    async (
      target: { signatoryId: string; name: string },
      file: File,
      options: { documentKey: string; documentTitle?: string; signal: AbortSignal; onProgress: (fraction: number) => void },
    ): Promise<UploadAnswer> => {
      const words = { glitch: t('common.glitch'), expired: t('session.expired') };
      if (!prospectId || !session) throw new Error(words.expired);
      try {
        return await uploadDocument({
          prospectId,
          token: session.accessToken,
          file,
          bank: BANK,
          documentKey: `${options.documentKey}-${target.signatoryId}`,
          documentType: options.documentKey,
          documentTitle: `${options.documentTitle ?? options.documentKey}${target.name ? ` - ${target.name}` : ''}`.slice(0, 200),
          signatoryId: target.signatoryId,
          signal: options.signal,
          onProgress: options.onProgress,
          onAccessToken: (accessToken) => setSession((s) => (s ? { ...s, accessToken } : s)),
        });
      } catch (error) {
        if (error instanceof SessionExpiredError) setExpired(true);
        if (error instanceof DOMException && error.name === 'AbortError') throw error;
        throw new Error(messageOf(error, words));
      }
    },
    [prospectId, session, setSession, setExpired, t],
  );
}

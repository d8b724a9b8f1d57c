import { useCallback } from 'react';
import { useSessionControls } from '../session/session';
import { type DocumentEntry, fileNameOf } from './documents';

/**
 * Downloads one document of a prospect (GET banks/{bank}/prospects/{id}/documents/{key}) with the agent's
 * token and saves it under its file name. Binary, so not through secureFetch's JSON handling.
 */
export function useDocumentDownload(bank = 'rak') {
  const { session, expire } = useSessionControls();
  return useCallback(
    async (prospectId: string, doc: DocumentEntry) => {
      const url = `/api/banks/${encodeURIComponent(bank)}/prospects/${encodeURIComponent(prospectId)}/documents/${encodeURIComponent(doc.documentKey)}`;
      const res = await fetch(url, { headers: session ? { authorization: `Bearer ${session.accessToken}` } : {}, cache: 'no-store' });
      if (res.status === 401) {
        expire();
        throw new Error('Your session has expired');
      }
      if (!res.ok) {
        const body = (await res.json().catch(() => null)) as { errors?: { message: string }[] } | null;
        throw new Error(body?.errors?.[0]?.message ?? `The document could not be downloaded (${res.status})`);
      }
      const blob = await res.blob();
      const name = fileNameOf(res.headers.get('content-disposition'), doc.fileName ?? doc.documentKey);
      const href = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = href;
      a.download = name;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(href), 10_000);
    },
    [bank, session, expire],
  );
}

import { useCallback } from 'react';
import { useAgentT } from '../../i18n/useAgentT';
import { useSessionControls } from '../session/session';
import { type DocumentEntry, fileNameOf } from './documents';

/**
 * Downloads a file of the API with the agent's token and saves it under the name of its Content-Disposition
 * (else `fallbackName`). Binary, so not through secureFetch's JSON handling.
 */
export function useAgentDownload() {
  const { session, expire } = useSessionControls();
  const t = useAgentT();
  return useCallback(
    async (url: string, fallbackName: string) => {
      const res = await fetch(url, { headers: session ? { authorization: `Bearer ${session.accessToken}` } : {}, cache: 'no-store' });
      if (res.status === 401) {
        void expire();
        throw new Error(t('agent.error.sessionExpired'));
      }
      if (!res.ok) {
        const body = (await res.json().catch(() => null)) as { errors?: { message: string }[] } | null;
        throw new Error(body?.errors?.[0]?.message ?? t('agent.error.download', { status: res.status }));
      }
      const blob = await res.blob();
      const name = fileNameOf(res.headers.get('content-disposition'), fallbackName);
      const href = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = href;
      a.download = name;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(href), 10_000);
    },
    [session, expire, t],
  );
}

/** Downloads one document of a prospect (GET banks/{bank}/prospects/{id}/documents/{key}) under its file name. */
export function useDocumentDownload(bank = 'rak') {
  const download = useAgentDownload();
  return useCallback(
    (prospectId: string, doc: DocumentEntry) =>
      download(
        `/api/banks/${encodeURIComponent(bank)}/prospects/${encodeURIComponent(prospectId)}/documents/${encodeURIComponent(doc.documentKey)}`,
        doc.fileName ?? doc.documentKey,
      ),
    [bank, download],
  );
}

/** Downloads the application in the bank's exchange format (GET agent/prospects/{id}/export?format=bank, docs/bank-format.md). */
export function useBankExport() {
  const download = useAgentDownload();
  return useCallback((prospectId: string) => download(`/api/agent/prospects/${encodeURIComponent(prospectId)}/export?format=bank`, `${prospectId}-bank.json`), [download]);
}

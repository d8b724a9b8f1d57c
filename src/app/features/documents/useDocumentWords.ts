import { useMemo } from 'react';
import { usePageT } from '../../i18n/usePageT';
import type { DocumentWords } from './documentList';

/** The documents' groups and lists named in the page's language (the documents panel, the review). */
export function useDocumentWords(): DocumentWords {
  const t = usePageT();
  return useMemo<DocumentWords>(
    () => ({
      company: t('documents.companyDocuments'),
      documentsOf: (name) => t('documents.documentsOf', { name }),
      stakeholder: t('documents.stakeholderDocuments'),
      kyc: t('documents.kycDocuments'),
      lists: {
        companyBankStatements: t('documents.companyBankStatements'),
        personalBankStatements: t('documents.personalBankStatements'),
        personalBackground: t('documents.personalBackground'),
      },
    }),
    [t],
  );
}

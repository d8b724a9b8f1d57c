import { useCallback, useContext } from 'react';
import { createIntl, IntlContext } from 'react-intl';
import en from 'virtual:app-messages/en';
import enStakeholders from 'virtual:app-messages/enStakeholders';
import type { StakeholderMessageId } from './enStakeholders';

type Values = Record<string, string | number>;
let english: ReturnType<typeof createIntl> | undefined;

/**
 * `t(id, values)` for the texts of enStakeholders.ts (the Company Stakeholders page), in the page's language (ar.ts
 * has them), English from enStakeholders as the default message: as usePageT, with a catalogue of its own so that
 * the stakeholders page carries its texts only.
 */
export function useStakeholdersT(): (id: StakeholderMessageId, values?: Values) => string {
  const intl = useContext(IntlContext) ?? (english ??= createIntl({ locale: 'en', messages: en }));
  return useCallback((id: StakeholderMessageId, values?: Values) => intl.formatMessage({ id, defaultMessage: enStakeholders[id] }, values), [intl]);
}

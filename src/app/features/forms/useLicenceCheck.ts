import { useCallback, useMemo, useRef, useState } from 'react';
import { secureFetch } from '../../lib/secureFetch';
import { currentLocale, useLocale } from '../../i18n/localeStore';
import { duplicateLicenceMessage } from '../../../shared/serverMessages';
import { useConfig } from '../config/useConfig';
import { useSession } from '../session/session';

/** The one field checked against other applications while it is entered (the server checks it again at submit). */
export const LICENCE_FIELD = 'organizationInfo.licenseNumber';
const LICENCE_INPUT_ID = 'root_organizationInfo_licenseNumber';
const LICENCE_TEXT = /^[A-Za-z0-9/-]{1,20}$/;

interface Answer {
  duplicate: boolean;
  message?: string;
}

/**
 * Asks the server whether another application has this trade licence number (POST
 * /api/prospects/{id}/licence-check) when the applicant leaves the field and again before the step is
 * continued, so a duplicate is known on the License step, not after eight screens at submit. Each distinct
 * number is asked once; the answer is a message for the field, or none, worded in the page's language from the
 * server's own source (src/shared/serverMessages.ts), so a switch of language rewords the message shown.
 */
export function useLicenceCheck(prospectId: string | undefined) {
  const session = useSession();
  const { data: config } = useConfig();
  const locale = useLocale();
  const [duplicateOf, setDuplicateOf] = useState<string>();
  const answers = useRef(new Map<string, boolean>());

  const check = useCallback(
    async (value: unknown): Promise<string | undefined> => {
      const number = typeof value === 'string' ? value : '';
      if (!prospectId || !session?.accessToken || !LICENCE_TEXT.test(number)) return undefined;
      let duplicate = answers.current.get(number);
      if (duplicate === undefined) {
        try {
          const res = await secureFetch<Answer>(`/api/prospects/${prospectId}/licence-check`, {
            method: 'POST',
            token: session.accessToken,
            publicKey: config?.publicKey ?? null,
            body: { licenseNumber: number },
          });
          duplicate = res.body?.duplicate === true;
          answers.current.set(number, duplicate);
        } catch {
          return undefined; // offline or limited: the submit checks it anyway
        }
      }
      setDuplicateOf(duplicate ? number : undefined);
      return duplicate ? duplicateLicenceMessage(currentLocale()) : undefined;
    },
    [prospectId, session?.accessToken, config?.publicKey],
  );

  const onBlur = useCallback((id: string, value: unknown) => void (id === LICENCE_INPUT_ID && check(value)), [check]);
  const error = useMemo(() => (duplicateOf === undefined ? undefined : { number: duplicateOf, message: duplicateLicenceMessage(locale) }), [duplicateOf, locale]);
  return { error, check, onBlur };
}

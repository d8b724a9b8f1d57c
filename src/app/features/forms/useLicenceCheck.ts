import { useCallback, useRef, useState } from 'react';
import { secureFetch } from '../../lib/secureFetch';
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
 * number is asked once; the answer is a message for the field, or none.
 */
export function useLicenceCheck(prospectId: string | undefined) {
  const session = useSession();
  const { data: config } = useConfig();
  const [error, setError] = useState<{ number: string; message: string }>();
  const answers = useRef(new Map<string, string | null>());

  const check = useCallback(
    async (value: unknown): Promise<string | undefined> => {
      const number = typeof value === 'string' ? value : '';
      if (!prospectId || !session?.accessToken || !LICENCE_TEXT.test(number)) return undefined;
      let message = answers.current.get(number);
      if (message === undefined) {
        try {
          const res = await secureFetch<Answer>(`/api/prospects/${prospectId}/licence-check`, {
            method: 'POST',
            token: session.accessToken,
            publicKey: config?.publicKey ?? null,
            body: { licenseNumber: number },
          });
          message = res.body?.duplicate ? (res.body.message ?? 'An application for this trade license number already exists') : null;
          answers.current.set(number, message);
        } catch {
          return undefined; // offline or limited: the submit checks it anyway
        }
      }
      setError(message ? { number, message } : undefined);
      return message ?? undefined;
    },
    [prospectId, session?.accessToken, config?.publicKey],
  );

  const onBlur = useCallback((id: string, value: unknown) => void (id === LICENCE_INPUT_ID && check(value)), [check]);
  return { error, check, onBlur };
}

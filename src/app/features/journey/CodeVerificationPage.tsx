import { Body1, Button, Caption1, Field, MessageBar, MessageBarBody, Spinner, Title2, makeStyles, tokens } from '@fluentui/react-components';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { Shell } from '../../components/Shell';
import { ApiRequestError, secureFetch } from '../../lib/secureFetch';
import { useSetAtom } from '../../lib/jotai';
import { useApplication, type Prospect } from '../application';
import { draftProspectAtom } from '../forms/draftAtom';
import { useConfig } from '../config/useConfig';
import { requestCustomerToken, useSessionControls } from '../session/session';
import { OtpInput } from './OtpInput';
import { basicInformationErrors, generateCode, readInvite, readPending, RESEND_SECONDS, verifyCode, writeInvite, writePending, writeReturnedErrors, type PendingCode } from './otp';
import { trackCode } from '../../lib/stepEvents';
import appMessages from 'virtual:app-messages/en';
import type { MessageId } from '../../i18n/en';
import { useT } from '../../i18n/useT';

const useStyles = makeStyles({
  // Fluent's Title and Body are inline: as blocks the heading stands above the intro, with room below each.
  heading: { display: 'block', margin: `0 0 ${tokens.spacingVerticalS}` },
  intro: { display: 'block', margin: 0 },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, maxWidth: '480px', marginTop: tokens.spacingVerticalL },
  actions: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'center', flexWrap: 'wrap' },
});

interface CreatedProspect {
  prospectId: string;
  version: number;
  status?: string;
  prospect: Prospect;
}

function secondsLeft(pending: PendingCode | undefined, now: number): number {
  if (!pending) return 0;
  return Math.max(0, Math.ceil((pending.generatedAt + RESEND_SECONDS * 1000 - now) / 1000));
}

const mask = (mobile: string) => (mobile.length > 3 ? `${'•'.repeat(mobile.length - 3)}${mobile.slice(-3)}` : mobile);

/**
 * The code page of both sign-ins: /business/VerifyOTP (new applicant: on success the application is created
 * and the journey goes on with company information) and /business/ComeBackVerification (returning applicant:
 * on success, the list of their applications).
 */
export default function CodeVerificationPage({ purpose }: { purpose: 'new' | 'comeback' }) {
  const styles = useStyles();
  const navigate = useNavigate();
  const t = useT();
  const { data: config } = useConfig();
  const publicKey = config?.publicKey ?? null;
  const { session, signIn } = useSessionControls();
  const app = useApplication();
  const [pending, setPending] = useState(readPending);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [attemptsLeft, setAttemptsLeft] = useState<number>();
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string>();
  const [now, setNow] = useState(Date.now);
  // One verification per distinct code: the code in flight and every code the server refused are never sent again.
  const inFlight = useRef<string>('');
  const rejected = useRef(new Set<string>());
  const setDraft = useSetAtom(draftProspectAtom);
  const boxes = useRef<{ focus(): void }>(null);

  const left = secondsLeft(pending, now);
  useEffect(() => {
    if (left <= 0) return;
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, [left]);

  const verify = async (otp: string) => {
    if (!pending || !session || busy) return;
    if (!/^\d{6}$/.test(otp)) {
      setError(t(otp.trim() ? 'verify.missingDigits' : 'verify.empty'));
      return;
    }
    if (rejected.current.has(otp) || inFlight.current === otp) {
      if (rejected.current.has(otp)) setError(t('verify.refused'));
      return;
    }
    inFlight.current = otp;
    setBusy(true);
    setError(undefined);
    setNotice(undefined);
    try {
      // Already verified (the application could not be created a moment ago): only the creation is retried.
      let customer = session.kind === 'customer' ? session : undefined;
      if (!customer) {
        const answer = await verifyCode(session.accessToken, publicKey, pending.target, otp);
        if (!answer.verified) {
          rejected.current.add(otp);
          setAttemptsLeft(answer.attemptsLeft);
          // The server's reason by its code, in the page's language.
          const reason = `verify.${answer.errorCode}`;
          setError(reason in appMessages ? t(reason as MessageId) : (answer.message ?? t('verify.wrong')));
          return;
        }
        customer = await requestCustomerToken(session);
        signIn(customer);
      }
      trackCode(purpose, 'verified');
      if (purpose === 'comeback') {
        writePending(undefined);
        navigate('/business/MyApplications', { replace: true });
        return;
      }
      const invite = readInvite();
      const res = await secureFetch<CreatedProspect>('/api/usertypes/sme/prospects', {
        method: 'POST',
        token: customer.accessToken,
        publicKey,
        body: { ...pending.draft, ...(invite.inviteToken ? { inviteToken: invite.inviteToken } : {}) },
      });
      const created = res.body!;
      await app.open(created.prospectId, created);
      // The OTP state and the basic-information draft end with the new application (spec 000 §4).
      writePending(undefined);
      writeInvite(undefined);
      setDraft(null);
      navigate('/business/CompanyInfo', { replace: true });
    } catch (e) {
      // The application was refused for what the applicant typed on the basic information page (a rule the page
      // could not check): back to that page, each message under its field, where it can be corrected.
      const back = purpose === 'new' && e instanceof ApiRequestError && e.status === 400 ? basicInformationErrors(e.body?.errors, config?.steps.applicantInfo?.schema) : undefined;
      if (back) {
        writeReturnedErrors(back);
        navigate('/business/ApplicantInfo', { replace: true });
        return;
      }
      setError(e instanceof ApiRequestError ? e.message : t('verify.checkFailed'));
    } finally {
      inFlight.current = '';
      setBusy(false);
    }
  };

  const resend = async () => {
    if (!pending || !session) return;
    setBusy(true);
    setError(undefined);
    try {
      const answer = await generateCode(session.accessToken, publicKey, pending.target);
      const next = { ...pending, generatedAt: Date.now(), attemptsAllowed: answer.attemptsAllowed };
      writePending(next);
      setPending(next);
      setNow(Date.now());
      setCode('');
      rejected.current.clear();
      setAttemptsLeft(undefined);
      setNotice(t('verify.resent'));
      // "Send a new code" now waits for the next one: the new code is typed from the first box, not lost with the focus.
      boxes.current?.focus();
    } catch (e) {
      setError(e instanceof ApiRequestError ? e.message : t('verify.resendFailed'));
    } finally {
      setBusy(false);
    }
  };

  if (!pending || pending.purpose !== purpose || (session?.kind !== 'device' && session?.kind !== 'customer')) {
    return <Navigate to={purpose === 'new' ? '/business/ApplicantInfo' : '/business/ComeBackLogin'} replace />;
  }

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void verify(code);
  };

  return (
    <Shell title={t('panel.verification')}>
      <Title2 as="h1" className={styles.heading}>
        {t('verify.title')}
      </Title2>
      <Body1 as="p" className={styles.intro}>
        {/* The number reads left to right inside an Arabic sentence too. */}
        {t('verify.sent', { mobile: `\u2066+${pending.target.countryCode.replace(/^\+/, '')}\u00a0${mask(pending.target.mobileNo)}\u2069` })}
      </Body1>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <Field
          label={t('verify.field')}
          validationState={error ? 'error' : 'none'}
          validationMessage={error ? <span id="otp-error">{error}</span> : undefined}
          hint={attemptsLeft !== undefined ? t('verify.attemptsLeft', { count: attemptsLeft }) : undefined}
        >
          <OtpInput
            ref={boxes}
            value={code}
            disabled={busy}
            invalid={!!error}
            describedBy={error ? 'otp-error' : undefined}
            startOver={rejected.current.has(code)}
            onChange={(next) => {
              setCode(next);
              // The error is about the code that was checked: editing clears it.
              if (error) setError(undefined);
              if (/^\d{6}$/.test(next)) void verify(next);
            }}
          />
        </Field>
        {notice && (
          <MessageBar intent="success">
            <MessageBarBody>{notice}</MessageBarBody>
          </MessageBar>
        )}
        <div className={styles.actions}>
          {/* While a request runs the buttons stay focusable (aria-disabled): a disabled button would drop the focus to the page. */}
          <Button appearance="primary" type="submit" disabledFocusable={busy} icon={busy ? <Spinner size="tiny" /> : undefined}>
            {busy ? t('verify.checking') : t('verify.confirm')}
          </Button>
          <Button appearance="secondary" disabled={!busy && left > 0} disabledFocusable={busy} onClick={() => void resend()}>
            {t('verify.resend')}
          </Button>
          <Caption1 role="timer" aria-live="off">
            {left > 0 ? t('verify.wait', { time: `0:${String(left).padStart(2, '0')}` }) : t('verify.noCode')}
          </Caption1>
        </div>
      </form>
    </Shell>
  );
}

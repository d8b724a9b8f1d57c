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
import { generateCode, readInvite, readPending, RESEND_SECONDS, verifyCode, writeInvite, writePending, type PendingCode } from './otp';
import { trackCode } from '../../lib/stepEvents';

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

  const left = secondsLeft(pending, now);
  useEffect(() => {
    if (left <= 0) return;
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, [left]);

  const verify = async (otp: string) => {
    if (!pending || !session || busy) return;
    if (!/^\d{6}$/.test(otp)) {
      setError(otp.trim() ? 'One-time code must have 6 digits: type the missing digits' : 'One-time code is not filled: type the 6 digits we sent you');
      return;
    }
    if (rejected.current.has(otp) || inFlight.current === otp) {
      if (rejected.current.has(otp)) setError('This code was not accepted: type the 6 digits again, or ask for a new code');
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
          setError(answer.message ?? 'The one-time code is not correct');
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
      setError(e instanceof ApiRequestError ? e.message : 'We could not check the code. Please check your connection and try again.');
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
      setNotice('We sent you a new code.');
    } catch (e) {
      setError(e instanceof ApiRequestError ? e.message : 'We could not send a new code. Please try again.');
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
    <Shell title="Confirm that it's you">
      <Title2 as="h1" className={styles.heading}>
        Confirm that it&apos;s you
      </Title2>
      <Body1 as="p" className={styles.intro}>
        We sent a 6-digit code to your mobile number +{pending.target.countryCode.replace(/^\+/, '')} {mask(pending.target.mobileNo)} and to your e-mail. Please enter it
        below.
      </Body1>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <Field
          label="One-time code"
          validationState={error ? 'error' : 'none'}
          validationMessage={error ? <span id="otp-error">{error}</span> : undefined}
          hint={attemptsLeft !== undefined ? `${attemptsLeft} attempt${attemptsLeft === 1 ? '' : 's'} left` : undefined}
        >
          <OtpInput
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
          <Button appearance="primary" type="submit" disabled={busy} icon={busy ? <Spinner size="tiny" /> : undefined}>
            {busy ? 'Checking' : 'Confirm'}
          </Button>
          <Button appearance="secondary" disabled={busy || left > 0} onClick={() => void resend()}>
            Send a new code
          </Button>
          <Caption1 role="timer" aria-live="off">
            {left > 0 ? `You can ask for a new code in 0:${String(left).padStart(2, '0')}` : "Didn't get the code? Ask for a new one."}
          </Caption1>
        </div>
      </form>
    </Shell>
  );
}

import { Body1, Button, Link, MessageBar, MessageBarBody, Spinner, Title2, makeStyles, tokens } from '@fluentui/react-components';
import type { ErrorSchema } from '@rjsf/utils';
import { type MouseEvent, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Shell } from '../../components/Shell';
import { useAtom, useAtomValue } from '../../lib/jotai';
import { ApiRequestError } from '../../lib/secureFetch';
import { toExtraErrors } from '../application';
import { useConfig } from '../config/useConfig';
import { draftProspectAtom } from '../forms/draftAtom';
import { StepForm } from '../forms/StepForm';
import { useStepValidator } from '../forms/stepValidator';
import { accountChoiceAtom } from '../products/accountChoice';
import { readProducts } from '../products/productsConfig';
import { requestDeviceToken, useSessionControls } from '../session/session';
import { generateCode, readInvite, readReturnedErrors, writePending, writeReturnedErrors, type CodeTarget } from './otp';
import { trackCode, trackStep } from '../../lib/stepEvents';
import { useT } from '../../i18n/useT';

type Obj = Record<string, unknown>;

export interface CodeRequestPageProps {
  purpose: 'new' | 'comeback';
}

/** The server's 'login.<field>' errors on the form's inputs (spec 000 §8: field paths are prefixed per page). */
function loginErrors(error: ApiRequestError, purpose: 'new' | 'comeback'): ErrorSchema | undefined {
  const byField: Record<string, string[]> = {};
  for (const e of error.body?.errors ?? []) {
    if (!e.field?.startsWith('login.')) continue;
    const field = e.field.slice('login.'.length);
    (byField[purpose === 'new' ? `applicantInfo.${field}` : field] ??= []).push(e.message);
  }
  return Object.keys(byField).length ? toExtraErrors(byField) : undefined;
}

/**
 * The first page of both sign-ins: /business/ApplicantInfo (a new applicant's basic information, kept as the
 * draft of the application) and /business/ComeBackLogin (a returning applicant's e-mail and mobile). Continue
 * gets a device token, asks the server to send a one-time code and moves to the code page.
 */
const useStyles = makeStyles({
  // Fluent's Title and Body are inline: as blocks the heading stands above the intro, with room below each.
  heading: { display: 'block', margin: `0 0 ${tokens.spacingVerticalS}` },
  intro: { display: 'block', margin: `0 0 ${tokens.spacingVerticalL}` },
});

export default function CodeRequestPage({ purpose }: CodeRequestPageProps) {
  const styles = useStyles();
  const navigate = useNavigate();
  // Fluent links in the bank's colours that still navigate inside the app (no page load).
  const go = (to: string) => (event: MouseEvent) => {
    event.preventDefault();
    navigate(to);
  };
  const { data: config, error: configError } = useConfig();
  const t = useT();
  const stepName = purpose === 'new' ? 'applicantInfo' : 'comeBackLogin';
  const validator = useStepValidator(config, [stepName]);
  const { signIn } = useSessionControls();
  const choice = useAtomValue(accountChoiceAtom);
  const [draft, setDraft] = useAtom(draftProspectAtom);
  const [login, setLogin] = useState<Obj>({ countryCode: '971' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  // The server's refusal of the application for a field of this page (carried from the code page), under that field.
  const [returned] = useState(() => (purpose === 'new' ? readReturnedErrors() : undefined));
  const [extraErrors, setExtraErrors] = useState<ErrorSchema | undefined>(() => (returned ? toExtraErrors(returned) : undefined));
  useEffect(() => {
    if (returned) writeReturnedErrors(undefined);
  }, [returned]);
  // ... and the focus on the first of those fields once the form is there.
  const formShown = !!config && !!validator;
  useEffect(() => {
    const first = returned && Object.keys(returned)[0];
    if (!formShown || !first) return;
    const id = ['root', ...first.split(/[.[\]]+/).filter(Boolean)].join('_');
    document.getElementById(id)?.focus();
  }, [formShown, returned]);

  const title = t(purpose === 'new' ? 'panel.startPages' : 'panel.comeBackLogin');

  if (configError || !config || !validator) {
    return (
      <Shell title={title}>
        {configError ? (
          <MessageBar intent="error">
            <MessageBarBody>{configError.message}</MessageBarBody>
          </MessageBar>
        ) : (
          <Spinner label={t('common.loading')} />
        )}
      </Shell>
    );
  }
  const step = config.steps[stepName];
  if (!step) throw new Error(`The configuration has no ${stepName} step`);

  const template = config.prospectTemplate as Obj;
  const invite = readInvite();
  const formData: Obj =
    purpose === 'new'
      ? (() => {
          const base = draft ?? structuredClone(template);
          const typed = (base.applicantInfo ?? {}) as Obj;
          // An invitation fills in what the agent typed; what the applicant typed since stays theirs.
          const invited = Object.fromEntries(Object.entries(invite.applicant ?? {}).filter(([k]) => typed[k] === undefined || typed[k] === '' || (k === 'countryCode' && !typed.mobileNo)));
          const applicant = { ...typed, ...invited, ...(invite.roCode && !typed.roCode ? { roCode: invite.roCode } : {}) };
          const applicationInfo = {
            ...(base.applicationInfo as Obj),
            ...(choice ? { accountType: choice.accountType, islamicBanking: choice.islamicBanking } : {}),
          };
          return { ...base, applicantInfo: applicant, applicationInfo };
        })()
      : login;

  const invitedAccount = (() => {
    const account = readProducts(config.products).accounts.find((a) => a.id === choice?.accountType);
    if (!account) return undefined;
    return choice?.islamicBanking ? `${account.islamic?.name ?? account.name} (RAKislamic)` : account.name;
  })();

  const onSubmit = async (data: Obj) => {
    const target: CodeTarget =
      purpose === 'new'
        ? (({ email, countryCode, mobileNo }) => ({ email, countryCode, mobileNo }))(data.applicantInfo as CodeTarget)
        : { email: String(data.email), countryCode: String(data.countryCode), mobileNo: String(data.mobileNo) };
    setBusy(true);
    setError(undefined);
    setExtraErrors(undefined);
    try {
      const device = await requestDeviceToken();
      signIn(device);
      const answer = await generateCode(device.accessToken, config.publicKey ?? null, target);
      writePending({ purpose, target, ...(purpose === 'new' ? { draft: data } : {}), generatedAt: Date.now(), attemptsAllowed: answer.attemptsAllowed });
      if (purpose === 'new') trackStep('applicantInfo');
      else trackCode('comeback', 'start');
      navigate(purpose === 'new' ? '/business/VerifyOTP' : '/business/ComeBackVerification');
    } catch (e) {
      const fields = e instanceof ApiRequestError ? loginErrors(e, purpose) : undefined;
      if (fields) setExtraErrors(fields);
      else setError(e instanceof ApiRequestError ? e.message : t('code.sendFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Shell title={title}>
      <Title2 as="h1" className={styles.heading}>
        {t(purpose === 'new' ? 'code.basicInformation' : 'code.welcomeBack')}
      </Title2>
      <Body1 as="p" className={styles.intro}>
        {t(purpose === 'new' ? 'code.introNew' : 'code.introBack')}
      </Body1>
      {purpose === 'new' && invite.applicant && invitedAccount && (
        <MessageBar intent="info" style={{ marginBottom: 16 }}>
          <MessageBarBody>
            {t('code.invited', { account: invitedAccount })}
          </MessageBarBody>
        </MessageBar>
      )}
      {error && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{error}</MessageBarBody>
        </MessageBar>
      )}
      <StepForm
        id={`step-${stepName}`}
        step={step}
        formData={formData}
        validator={validator}
        extraErrors={extraErrors}
        formContext={{ lists: config.lists, islamic: choice?.islamicBanking === true }}
        onChange={(data) => {
          if (purpose === 'new') setDraft(data as Obj);
          else setLogin(data as Obj);
          if (extraErrors) setExtraErrors(undefined);
        }}
        onSubmit={(data) => void onSubmit(data as Obj)}
      >
        <div style={{ display: 'flex', gap: 12, marginTop: 24, alignItems: 'center', flexWrap: 'wrap' }}>
          <Button appearance="primary" type="submit" disabled={busy} icon={busy ? <Spinner size="tiny" /> : undefined}>
            {busy ? t('code.sending') : t('common.continue')}
          </Button>
          {purpose === 'new' ? (
            <Link href="/business/ComeBackLogin" onClick={go('/business/ComeBackLogin')}>
              {t('code.alreadyApplied')}
            </Link>
          ) : (
            <Link href="/business/accounts" onClick={go('/business/accounts')}>
              {t('code.startNew')}
            </Link>
          )}
        </div>
      </StepForm>
    </Shell>
  );
}

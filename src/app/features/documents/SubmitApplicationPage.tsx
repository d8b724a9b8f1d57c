import { closedMessage, isSubmittedStatus, type Lifecycle } from '../../../content/lifecycle';
import { Body1, Button, Checkbox, MessageBar, MessageBarBody, MessageBarTitle, Spinner, Title2, makeStyles, tokens } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { STATUS_PATH } from '../journey/draftOnly';
import { useJourneyProgress } from '../journey/journeyProgress';
import { Shell } from '../../components/Shell';
import { track } from '../../lib/analytics';
import { useApplication, type ScreeningOutcome } from '../application';
import { useApi } from '../session/session';
import { isStopCode, screeningView, stopView, type ScreeningView } from './outcomes';
import { ApplicationNotice } from './ApplicationNotice';
import { StatusPage } from './StatusPage';
import { useConfig } from '../config/useConfig';
import { documentReviewGroups } from './documentList';
import { useDocumentWords } from './useDocumentWords';
import { type EditedStakeholder, SummaryView } from '../summary/SummaryView';
import { useProspectDocuments } from './useDocuments';
import { usePageT } from '../../i18n/usePageT';
import { useT } from '../../i18n/useT';
import { messageOf } from './useDocuments';

const useStyles = makeStyles({
  heading: { margin: `${tokens.spacingVerticalS} 0` },
  intro: { margin: `0 0 ${tokens.spacingVerticalS}` },
  list: { margin: `${tokens.spacingVerticalS} 0`, paddingLeft: tokens.spacingHorizontalXL },
  actions: { display: 'flex', gap: tokens.spacingHorizontalM, marginTop: tokens.spacingVerticalXXL, flexWrap: 'wrap' },
  // The number may not fit beside its label on a 320 px phone: it wraps rather than widening the page.
  summary: {
    display: 'grid',
    gridTemplateColumns: 'max-content minmax(0, 1fr)',
    gap: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalL}`,
    margin: `${tokens.spacingVerticalL} 0`,
    '& dd': { margin: 0, overflowWrap: 'anywhere', minWidth: 0 },
  },
});

export const SUBMITTED_PATH = '/business/ApplicationSubmitted';

/** Where each section's Edit link leads: the page the applicant answered it on. */
const EDIT_PATHS: Record<string, string> = {
  companyInfo: '/business/CompanyInfo',
  stakeholderPerson: '/business/StakeholdersInfo',
  stakeholderCompany: '/business/StakeholdersInfo',
  finalQuestionsCompany: '/business/FinalQuestions',
  finalQuestionsSignatory: '/business/FinalQuestions',
  documents: '/business/UploadDocuments',
  selectServices: '/business/SelectServices',
};

export const SUBMIT_PATH = '/business/SubmitApplication';

/** The pages of config flows (FlowPage): their Edit opens the section's step. */
const FLOW_PAGES = new Set(['/business/CompanyInfo', '/business/FinalQuestions', '/business/SelectServices']);

/**
 * The Edit link of a section: its page, at the section's step (on a flow page `edit`, and `signatory` for a
 * signatory's final questions; on the stakeholders page that stakeholder's wizard at the step's number); Continue
 * there comes back to this review.
 */
export function editPathOf(flow: string, step?: string, stakeholder?: EditedStakeholder): string | undefined {
  const path = EDIT_PATHS[flow];
  if (!path) return undefined;
  const at: Record<string, string> = {};
  if (step && FLOW_PAGES.has(path)) {
    at.edit = step;
    if (stakeholder) at.signatory = String(stakeholder.index);
  } else if (stakeholder && path === '/business/StakeholdersInfo') {
    at.stakeholder = stakeholder.id;
    at.step = String(stakeholder.stepNumber);
  }
  const query = new URLSearchParams({ ...at, returnTo: SUBMIT_PATH });
  return `${path}?${query}`;
}

/**
 * The last confirmation (step 6's related route): submit, then the pre-screening outcome decides what comes
 * next: "Application submitted", or the status page of the check that stopped it. A reload after the
 * submission asks the server for the screening result again instead of submitting twice.
 */
export default function SubmitApplicationPage() {
  const styles = useStyles();
  const navigate = useNavigate();
  const app = useApplication();
  const done = useJourneyProgress();
  const api = useApi();
  const [confirmed, setConfirmed] = useState(false);
  const t = usePageT();
  const documentWords = useDocumentWords();
  const common = useT();
  const [sending, setSending] = useState(false);
  const [problems, setProblems] = useState<string[]>([]);
  const [outcome, setOutcome] = useState<ScreeningView>();
  const { data: config } = useConfig();
  const documents = useProspectDocuments(app.prospectId ?? undefined);

  const show = (view: ScreeningView) => {
    if (view.kind === 'submitted') navigate(SUBMITTED_PATH, { replace: true });
    else setOutcome(view);
  };

  const alreadySubmitted = isSubmittedStatus(app.status);
  // A closed application (declined, accounts opened; Back after its outcome) is not screened again: its status page says where it stands.
  const closed = !outcome && !sending && !!app.status && !!closedMessage((config?.lifecycle ?? undefined) as Lifecycle | undefined, app.status);
  useEffect(() => {
    if (!alreadySubmitted || closed || outcome || sending || !app.prospectId) return;
    let live = true;
    api<ScreeningOutcome>(`/api/prospects/${encodeURIComponent(app.prospectId)}/screening`, { method: 'POST', body: {} })
      .then((res) => live && show(screeningView(res.body)))
      .catch((error: unknown) => live && setProblems([messageOf(error, { glitch: t('submit.glitch'), expired: t('documents.sessionExpired') })]));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per submitted application
  }, [alreadySubmitted, app.prospectId]);

  if (closed) return <Navigate to={STATUS_PATH} replace />;
  if (outcome?.kind === 'status') return <StatusPage view={outcome.view} />;
  if (app.stop && !alreadySubmitted) return <StatusPage view={stopView(app.stop)} />;

  const submit = async () => {
    setSending(true);
    setProblems([]);
    try {
      const result = await app.submit();
      if (result.ok) {
        const info = (app.prospect?.applicationInfo ?? {}) as { accountType?: string };
        track({ event: 'form submitted', screenName: 'SubmitApplication', ...(info.accountType ? { productName: info.accountType } : {}) });
        return show(screeningView(result.preScreening));
      }
      // A prospect stop code ends the journey on its status page; a conflict (reloaded) is told here instead.
      if (result.stop && isStopCode(result.stop.code)) return setOutcome({ kind: 'status', view: stopView(result.stop) });
      // Changed elsewhere: the application was reloaded and the store's notice (shown above) asks to check and submit again.
      if (result.stop?.code === 'VERSION_CONFLICT') return setConfirmed(false);
      if (result.stop) return setProblems([result.stop.message]);
      const messages = Object.values(result.fieldErrors ?? {}).flat();
      setProblems(messages.length ? messages : [t('submit.glitch')]);
    } catch (error) {
      setProblems([messageOf(error, { glitch: t('submit.glitch'), expired: t('documents.sessionExpired') })]);
    } finally {
      setSending(false);
    }
  };

  return (
    <Shell title={common('panel.startPages')} done={done}>
      <Title2 as="h1" block className={styles.heading}>
        {t('submit.title')}
      </Title2>
      <ApplicationNotice />
      {alreadySubmitted && problems.length === 0 ? (
        <Spinner label={t('submit.checking')} />
      ) : (
        <>
          <Body1 as="p" block className={styles.intro}>
            {t('submit.intro')}
          </Body1>
          <dl className={styles.summary}>
            {/* The number the applicant quotes: the same on Application submitted, My applications and the status page (the one the bank searches by). */}
            <dt>{t('submit.number')}</dt>
            <dd>{app.prospectId}</dd>
          </dl>
          {config && app.prospect ? (
            <SummaryView config={config} prospect={app.prospect as Record<string, unknown>} documents={documents.data ? documentReviewGroups(documents.data, documentWords, t('documents.otherTitle')) : undefined} editPath={editPathOf} />
          ) : (
            <Spinner size="small" label={t('submit.loadingAnswers')} />
          )}
          <Checkbox
            checked={confirmed}
            onChange={(_, d) => setConfirmed(d.checked === true)}
            label={t('submit.confirm')}
          />
        </>
      )}
      {problems.length > 0 && (
        <MessageBar intent="error" role="alert" layout="multiline">
          <MessageBarBody>
            <MessageBarTitle>{t('submit.failed')}</MessageBarTitle>
            <ul className={styles.list}>
              {problems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          </MessageBarBody>
        </MessageBar>
      )}
      {!alreadySubmitted && (
        <div className={styles.actions}>
          <Button onClick={() => navigate('/business/SelectServices')}>{common('common.back')}</Button>
          <Button onClick={() => navigate('/business/UploadDocuments')}>{t('submit.documents')}</Button>
          <Button appearance="primary" disabled={!confirmed || sending} onClick={() => void submit()} icon={sending ? <Spinner size="tiny" /> : undefined}>
            {t('submit.submit')}
          </Button>
        </div>
      )}
    </Shell>
  );
}

import { returnPath } from '../journey/returnPath';
import { Body1, Button, MessageBar, MessageBarBody, Spinner, Text, makeStyles, tokens, typographyStyles } from '@fluentui/react-components';
import { INCOMPLETE_KEYWORDS } from '../../../validation/errors';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { RJSFSchema } from '@rjsf/utils';
import { type FormContext, preloadWidgets } from '../../../../widgets';
import { Shell } from '../../components/Shell';
import { applicationStore, LEFT_DRAFT_CODES, SaveStatus, toExtraErrors, useApplication, type Prospect } from '../application';
import { useRefreshOnFocus } from '../application/refreshOnFocus';
import { useConfig } from '../config/useConfig';
import { useDraftOnly } from '../journey/draftOnly';
import { useJourneyProgress } from '../journey/journeyProgress';
import { firstIncompleteStep, isDone, pageSteps, type PageStep } from '../journey/journeySteps';
import { StepForm } from './StepForm';
import { LICENCE_FIELD, useLicenceCheck } from './useLicenceCheck';
import { prefetchStepValidator, useStepValidator } from './stepValidator';
import { applyLogic, logicOf, visibleStepErrors } from './formLogic';
import { trackPageDone, trackStep } from '../../lib/stepEvents';
import { errorsOnOtherSteps, refusedAt } from './errorSteps';
import { OtherStepErrors } from './OtherStepErrors';
import { ApplicationNotice } from '../documents/ApplicationNotice';
import type { MessageId } from '../../i18n/en';
import { useT } from '../../i18n/useT';

/** Keywords that only say "not filled yet": such an edit may still be auto-saved (as on the server). */
/** One definition with the server's (src/validation/errors.ts). */
const INCOMPLETE = INCOMPLETE_KEYWORDS;

/** A stop code's status page (rare on a form step): loaded when a stop comes, not with every step. */
const StopStatus = lazy(() => import('./stopStatus'));

const useStyles = makeStyles({
  top: { display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  actions: { display: 'flex', gap: '12px', marginTop: '24px', flexWrap: 'wrap' },
  heading: { ...typographyStyles.title2, margin: `${tokens.spacingVerticalS} 0`, ':focus': { outline: 'none' } },
});

export interface FlowPageProps {
  /** The config flows this page walks, in order (a per-signatory flow repeats for each stakeholder it applies to). */
  flows: string[];
  /** Left-panel title of the page. */
  /** The left panel's title, by its id in the app's catalogue. */
  panelTitle: MessageId;
  /** Where "Continue" on the last step goes. */
  next: string;
}

/**
 * The prospect sections a company step works on: its schema's top-level properties, and applicationInfo
 * (x-list variants follow /applicationInfo/islamicBanking). The form gets only these, not the whole prospect
 * with its 50 stakeholders, which RJSF would otherwise compare and copy on every keystroke. Undefined when
 * the schema's root is not a plain set of properties (then the whole prospect, as before).
 */
function sectionsOf(schema: RJSFSchema | undefined): string[] | undefined {
  if (!schema?.properties || ['allOf', 'anyOf', 'oneOf', 'if', '$ref', 'dependencies', 'patternProperties', 'additionalProperties'].some((k) => k in schema)) return undefined;
  return [...new Set([...Object.keys(schema.properties), 'applicationInfo'])];
}

function pick(prospect: Prospect, sections: string[]): Prospect {
  const out: Prospect = {};
  for (const k of sections) if (k in prospect) out[k] = prospect[k];
  return out;
}

/** The step's part of the prospect, the same object while none of its sections changed. */
function useStepData(prospect: Prospect | undefined, s: PageStep | undefined, sections: string[] | undefined): unknown {
  const kept = useRef<Prospect>(undefined);
  if (!prospect || !s) return undefined;
  if (s.signatoryIndex !== undefined) return dataAt(prospect, s);
  if (!sections) return prospect;
  const next = pick(prospect, sections);
  const prev = kept.current;
  const keys = Object.keys(next);
  if (prev && keys.length === Object.keys(prev).length && keys.every((k) => prev[k] === next[k])) return prev;
  kept.current = next;
  return next;
}

function setAt(prospect: Prospect, s: PageStep, data: unknown, sections?: string[]): Prospect {
  if (s.signatoryIndex === undefined) {
    if (!sections) return data as Prospect;
    // The form had only its sections: put them back, leaving the rest of the prospect as it is.
    const next: Prospect = { ...prospect };
    for (const k of sections) {
      if (data && typeof data === 'object' && k in data) next[k] = (data as Prospect)[k];
      else delete next[k];
    }
    return next;
  }
  const list: unknown[] = [...(prospect.signatoryInfo ?? [])];
  list[s.signatoryIndex] = data;
  return { ...prospect, signatoryInfo: list };
}

function dataAt(prospect: Prospect, s: PageStep): unknown {
  if (s.signatoryIndex === undefined) return prospect;
  return prospect.signatoryInfo?.[s.signatoryIndex] ?? {};
}

/**
 * A page of steps driven by the config flows (company information, final questions, select services). Each
 * step is a schema of the config rendered by StepForm; edits go to the application runtime (saved 500 ms
 * after the last keystroke when valid); "Continue" saves the step as COMPLETED and moves on. The step is in
 * the URL (?step=2) so back/forward and reload keep the place; without one the page opens at the first step
 * that is not completed.
 */
export default function FlowPage({ flows: flowIds, panelTitle: panelTitleId, next }: FlowPageProps) {
  const t = useT();
  const panelTitle = t(panelTitleId);
  const styles = useStyles();
  const { data: config, error } = useConfig();
  const app = useApplication();
  // A change saved in another tab shows when this tab comes back to the front.
  useRefreshOnFocus();
  const leftDraft = useDraftOnly();
  const done = useJourneyProgress();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const [busy, setBusy] = useState(false);
  const [stepError, setStepError] = useState<string>();
  const heading = useRef<HTMLHeadingElement>(null);
  const steps = useMemo(() => (config ? pageSteps(config.flows, flowIds, app.prospect) : []), [config, flowIds, app.prospect]);

  const requested = Number(params.get('step') ?? '0');
  // Edit from the review (SubmitApplication): ?edit=<step id> opens that step, and Continue goes back to ?returnTo.
  // A signatory's step names the signatory too (?signatory=<index>); without it, the first one's.
  const editedSignatory = params.get('signatory');
  const edited = steps.findIndex((s) => s.step === params.get('edit') && (editedSignatory === null || String(s.signatoryIndex) === editedSignatory));
  const returnTo = returnPath(params.get('returnTo'));
  const resumeAt = edited >= 0 ? edited : Math.max(firstIncompleteStep(steps, app.completedSteps), 0);
  const index = steps.length === 0 ? 0 : Math.min(Math.max((requested || resumeAt + 1) - 1, 0), steps.length - 1);
  const current = steps[index];
  const stepDef = current && config ? config.steps[current.step] : undefined;
  // The lazily loaded widgets of this step and the next load with the validators, not after them.
  const nextStepDef = config && steps[index + 1] ? config.steps[steps[index + 1]!.step] : undefined;
  useEffect(() => {
    void preloadWidgets(stepDef?.uiSchema);
    void preloadWidgets(nextStepDef?.uiSchema);
  }, [stepDef, nextStepDef]);
  // The validators of this step only (its module, cut by the server from the version's); the next step's module
  // loads when the browser is idle, so that Continue finds it there. Known once the application is (it picks the step).
  const stepName = app.prospect ? (current?.step ?? '') : undefined;
  const validator = useStepValidator(config, stepName === undefined ? undefined : stepName ? [stepName] : []);
  const nextStepName = app.prospect ? steps[index + 1]?.step : undefined;
  useEffect(() => {
    if (config && nextStepName) prefetchStepValidator(config, nextStepName);
  }, [config, nextStepName]);
  const sections = useMemo(() => sectionsOf(stepDef?.schema as RJSFSchema | undefined), [stepDef]);
  const formData = useStepData(app.prospect, current, sections);
  const scope = current?.signatoryIndex === undefined ? '' : `/signatoryInfo/${current.signatoryIndex}`;
  const licence = useLicenceCheck(app.prospectId);
  const licenceNumber = app.prospect?.organizationInfo?.licenseNumber;
  const licenceError = licence.error && licence.error.number === licenceNumber ? licence.error.message : undefined;
  const extraErrors = useMemo(
    () => toExtraErrors(licenceError && !scope ? { ...app.fieldErrors, [LICENCE_FIELD]: [licenceError] } : app.fieldErrors, scope),
    [app.fieldErrors, scope, licenceError],
  );
  // What the form logic hides in the document now: those fields are neither shown nor validated.
  const result = useMemo(() => (config && app.prospect ? logicOf(config, app.prospect) : undefined), [config, app.prospect]);
  const logic = useMemo(() => result && { result, base: scope }, [result, scope]);
  // Server errors of fields this step does not show: named by their step, with a link to it.
  const otherSteps = useMemo(
    () => (config && current ? errorsOnOtherSteps(config, app.prospect, app.fieldErrors, current) : []),
    [config, app.prospect, app.fieldErrors, current],
  );
  // What the status line says of a refused save: this step's highlighted field, or where else its reasons are.
  const refusedWhere = useMemo(
    () => (config && current ? refusedAt(config, app.prospect, app.fieldErrors, current) : 'answers'),
    [config, app.prospect, app.fieldErrors, current],
  );
  const islamic = app.prospect?.applicationInfo?.islamicBanking === true;
  const stepId = current?.step;
  const formContext = useMemo<FormContext | undefined>(
    () =>
      config && {
        lists: config.lists,
        islamic,
        products: config.products as FormContext['products'],
        // The express offer's Yes / No, thanks answers the step: the form is submitted once RJSF has the choice.
        onExpressChoice: () => requestAnimationFrame(() => (document.getElementById(`step-${stepId}`) as HTMLFormElement | null)?.requestSubmit()),
      },
    [config, islamic, stepId],
  );

  // Opened without a step (from the one-time code, a link, My applications): the step it resumes at is written into
  // the address in place, so that Back from the next step returns to this one, not to wherever the page would resume.
  const pinned = useRef(false);
  useEffect(() => {
    // A step change moves focus to its heading so keyboard and screen-reader users start at the top.
    if (params.get('step') && !pinned.current) heading.current?.focus();
    pinned.current = false;
  }, [params]);
  const loaded = !!app.prospect && steps.length > 0;
  useEffect(() => {
    if (!loaded || params.get('step') || params.get('edit')) return;
    pinned.current = true;
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.set('step', String(index + 1));
        return next;
      },
      { replace: true },
    );
  }, [loaded, params, index, setParams]);

  if (leftDraft) return leftDraft;
  if (error || app.loadError) {
    return (
      <Shell title={panelTitle} done={done}>
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{error?.message ?? app.loadError}</MessageBarBody>
        </MessageBar>
      </Shell>
    );
  }
  // A stop code (invalid prospect, expired) ends the journey on its status page: a heading and a way on, as the other pages.
  if (app.stop) {
    return (
      <Suspense
        fallback={
          <Shell title={panelTitle} done={done}>
            <Spinner label={t('flow.loading')} />
          </Shell>
        }
      >
        <StopStatus stop={app.stop} panelTitle={panelTitle} />
      </Suspense>
    );
  }
  if (!config || !validator || !app.prospect) {
    return (
      <Shell title={panelTitle} done={done}>
        <Spinner label={t('flow.loading')} />
      </Shell>
    );
  }
  const prospect = app.prospect;
  if (!current) {
    return (
      <Shell title={panelTitle} done={done}>
        <Body1 as="p">{t('flow.nothing')}</Body1>
        <Button appearance="primary" onClick={() => navigate(next)}>
          {t('common.continue')}
        </Button>
      </Shell>
    );
  }
  const step = config.steps[current.step];
  if (!step) throw new Error(`The configuration has no step ${current.step}`);
  const goTo = (i: number) => {
    setParams((p) => {
      const n = new URLSearchParams(p);
      n.set('step', String(i + 1));
      return n;
    });
    window.scrollTo(0, 0);
  };

  const onContinue = async (data: unknown) => {
    setBusy(true);
    setStepError(undefined);
    // A trade licence number another application has stops the step here, with the message on the field.
    const asksLicence = !scope && (step.schema as RJSFSchema).properties?.organizationInfo !== undefined && JSON.stringify((step.schema as RJSFSchema).properties?.organizationInfo).includes('"licenseNumber"');
    const typedLicence = asksLicence ? (data as { organizationInfo?: { licenseNumber?: unknown } }).organizationInfo?.licenseNumber : undefined;
    if (typedLicence !== undefined && (await licence.check(typedLicence))) {
      app.edit(applyLogic(config, setAt(prospect, current, data, sections), prospect));
      setBusy(false);
      return;
    }
    app.edit(applyLogic(config, setAt(prospect, current, data, sections), prospect), { valid: true });
    const result = await app.continueStep(current.step, current.signatoryIndex !== undefined ? { signatoryIndex: current.signatoryIndex } : undefined);
    setBusy(false);
    if (result.ok) {
      const productName = prospect.applicationInfo?.accountType;
      trackStep(current.step, productName);
      if (returnTo) navigate(returnTo);
      else if (index + 1 < steps.length) goTo(index + 1);
      else {
        trackPageDone(flowIds[0]!.startsWith('finalQuestions') ? 'finalQuestions' : flowIds[0]!, productName);
        navigate(next);
      }
    } else if (result.stop) {
      // A conflict reloaded the application and says so in the notice; a stop shows its message.
      // (12012 / APPLICATION_CLOSED: the application left the draft; the reloaded status routes to its status page, which says why.)
      if (result.stop.code !== 'VERSION_CONFLICT' && !LEFT_DRAFT_CODES.has(result.stop.code)) setStepError(result.stop.message);
    } else if (!result.fieldErrors || Object.keys(result.fieldErrors).length === 0) {
      // (Field errors show on their fields, those of other steps in the list above the form.)
      setStepError(t('flow.saveFailed'));
    }
  };

  return (
    <Shell title={panelTitle} done={done}>
      <div className={styles.top}>
        <Text size={200}>
          {t('flow.stepOf', { n: index + 1, total: steps.length })}
          {isDone(app.completedSteps, current) ? t('steps.completed') : ''}
        </Text>
        <SaveStatus refusedAt={refusedWhere} />
      </div>
      <h1 ref={heading} tabIndex={-1} className={styles.heading}>
        {current.title}
        {current.signatoryName ? `: ${current.signatoryName}` : ''}
      </h1>
      <ApplicationNotice />
      {stepError && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{stepError}</MessageBarBody>
        </MessageBar>
      )}
      <OtherStepErrors steps={otherSteps} />
      <StepForm
        key={`${current.step}-${current.signatoryIndex ?? ''}`}
        id={`step-${current.step}`}
        step={step}
        formData={formData}
        validator={validator}
        rootData={prospect}
        extraErrors={extraErrors}
        formContext={formContext!}
        logic={logic}
        changesAfterPaint
        onTyping={app.typing}
        onTyped={app.typed}
        onChange={(data) => {
          // After the paint (changesAfterPaint): the store's prospect is the freshest, should it have changed since this render.
          const before = applicationStore().getSnapshot().prospect ?? prospect;
          // Derived values of every step, clearing and hidden answers follow the edit (as on the server).
          const next = applyLogic(config, setAt(before, current, data, sections), before);
          const own = current.signatoryIndex === undefined ? next : dataAt(next, current);
          // The whole prospect is checked, as the server would (list variants read other sections); hidden fields are not.
          const found = visibleStepErrors(validator.fieldErrors(step.schema as RJSFSchema, own), logicOf(config, next).hidden, scope);
          const wrong = found.filter((e) => !INCOMPLETE.has(e.keyword));
          app.edit(next, { valid: wrong.length === 0 });
        }}
        onSubmit={(data) => void onContinue(data)}
        onBlur={licence.onBlur}
      >
        <div className={styles.actions}>
          {index > 0 && <Button onClick={() => goTo(index - 1)}>{t('common.back')}</Button>}
          <Button appearance="primary" type="submit" disabled={busy} icon={busy ? <Spinner size="tiny" /> : undefined}>
            {busy ? t('flow.saving') : t('common.continue')}
          </Button>
        </div>
      </StepForm>
    </Shell>
  );
}

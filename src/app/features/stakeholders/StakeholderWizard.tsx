import { Button, makeStyles, MessageBar, MessageBarBody, Text, Title3, tokens } from '@fluentui/react-components';
import type { ErrorSchema, RJSFSchema } from '@rjsf/utils';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import type { FieldError } from '../../../validation/errors';
import type { FormValidator } from '../../../validation/rjsfValidator';
import type { FormContext } from '../../../../widgets/FormContext';
import type { AppConfig } from '../config/useConfig';
import { StepForm } from '../forms/StepForm';
import type { StepLogic } from '../forms/useShownErrors';
import { flowOf, type Stakeholder } from './stakeholderRules';
import { useT } from '../../i18n/useT';
import { useStakeholdersT } from '../../i18n/useStakeholdersT';

const useStyles = makeStyles({
  root: {
    marginTop: tokens.spacingVerticalL,
    padding: tokens.spacingHorizontalL,
    border: `1px solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusLarge,
  },
  heading: { margin: `${tokens.spacingVerticalXS} 0`, ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}` } },
  buttons: { display: 'flex', gap: tokens.spacingHorizontalM, marginTop: tokens.spacingVerticalXXL, flexWrap: 'wrap' },
});

export interface StakeholderWizardProps {
  config: AppConfig;
  /** The open step's validators (undefined while its module loads: the form shows that it is loading). */
  validator: FormValidator | undefined;
  stakeholder: Stakeholder;
  index: number;
  /** Islamic banking: list variants and wording of the widgets. */
  islamic: boolean;
  /** Display name of the stakeholder ("Priya Nair", "Stakeholder 2"). */
  name: string;
  /** 0-based step of the stakeholder's flow. */
  stepIndex: number;
  /** Server field errors and list rules (shares over 100 %) on this stakeholder's fields. */
  extraErrors?: ErrorSchema;
  /** What the form logic hides now (not validated). */
  logic?: StepLogic;
  onStep(stepIndex: number): void;
  /** Every change of the step's data (already with its derived fields applied by the page). */
  onChange(next: Stakeholder, stepSchema: RJSFSchema): void;
  /** A typed change waits for typing to pause before it comes through onChange (StepForm's onTyping). */
  onTyping?(): void;
  /** The typed change has been handed over (StepForm's onTyped), whether or not it changed anything. */
  onTyped?(): void;
  /**
   * "Continue": saves the step as COMPLETED; resolves false when the server refused it (`noticed`: the page's
   * notice, shown in the wizard, says why).
   */
  onContinue(step: string, next: Stakeholder, stepSchema: RJSFSchema): Promise<{ ok: boolean; message?: string; noticed?: boolean }>;
  /** The application's notice (changed elsewhere), shown where the applicant is working. */
  notice?: ReactNode;
  onClose(): void;
  /** Stores an Upload widget's file on the server as this stakeholder's document (formContext.onUpload). */
  onUpload?: FormContext['onUpload'];
  /** The stored files' names by document key (formContext.uploadedFileNames: the proof of relationship by its file). */
  uploadedFileNames?: FormContext['uploadedFileNames'];
}

/**
 * The open stakeholder's wizard: the stakeholderPerson flow (6 steps) or stakeholderCompany (1 step) of the
 * config, one RJSF step at a time; the step's data is the stakeholder itself (flow scope /signatoryInfo/*).
 * Focus moves to the step's heading whenever the step changes, so keyboard and screen-reader users follow.
 */
export function StakeholderWizard(props: StakeholderWizardProps) {
  const { config, validator, stakeholder, index, islamic, name, stepIndex, extraErrors, logic, onStep, onChange, onTyping, onTyped, onContinue, onClose, onUpload, uploadedFileNames, notice } = props;
  const styles = useStyles();
  const t = useT();
  const st = useStakeholdersT();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const flowId = flowOf(stakeholder);
  const flow = config.flows[flowId];
  const steps = flow?.steps ?? [];
  const at = Math.min(Math.max(stepIndex, 0), Math.max(steps.length - 1, 0));
  const current = steps[at];
  const step = current ? config.steps[current.step] : undefined;

  useEffect(() => {
    headingRef.current?.focus();
  }, [flowId, at, stakeholder.signatoryId]);

  const formContext = useMemo(() => ({ lists: config.lists, islamic, onUpload, uploadedFileNames }), [config.lists, islamic, onUpload, uploadedFileNames]);

  if (!flow || !current || !step) {
    return (
      <MessageBar intent="error">
        <MessageBarBody>{st('stakeholders.noSteps', { flow: flowId })}</MessageBarBody>
      </MessageBar>
    );
  }
  const schema = step.schema as RJSFSchema;

  return (
    <section className={styles.root} aria-labelledby={`stakeholder-step-${index}`}>
      <Text size={200} block>
        {st('stakeholders.wizardStep', { name, n: at + 1, total: steps.length })}
      </Text>
      <h2 id={`stakeholder-step-${index}`} tabIndex={-1} ref={headingRef} className={styles.heading}>
        <Title3>{current.title}</Title3>
      </h2>
      {notice}
      {problem && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{problem}</MessageBarBody>
        </MessageBar>
      )}
      <StepForm
        key={`${stakeholder.signatoryId ?? index}-${current.step}`}
        id={`stakeholder-${current.step}`}
        step={step}
        formData={stakeholder}
        validator={validator}
        formContext={formContext}
        extraErrors={extraErrors}
        logic={logic}
        changesAfterPaint
        onTyping={onTyping}
        onTyped={onTyped}
        onChange={(data) => onChange(data as Stakeholder, schema)}
        onSubmit={async (data) => {
          if (busy) return;
          setBusy(true);
          setProblem(undefined);
          try {
            const result = await onContinue(current.step, data as Stakeholder, schema);
            if (!result.ok) setProblem(result.noticed ? undefined : (result.message ?? st('stakeholders.notSaved')));
            else if (at + 1 < steps.length) onStep(at + 1);
            else onClose();
          } finally {
            setBusy(false);
          }
        }}
      >
        <div className={styles.buttons}>
          {at > 0 && <Button onClick={() => onStep(at - 1)}>{t('common.back')}</Button>}
          <Button appearance="primary" type="submit" disabled={busy}>
            {busy ? t('save.saving') : t('common.continue')}
          </Button>
          <Button appearance="subtle" onClick={onClose}>
            {st('stakeholders.close')}
          </Button>
        </div>
      </StepForm>
    </section>
  );
}

/** List-rule errors of one stakeholder (pointer /<index>/...) as RJSF extraErrors relative to it. */
export function listErrorsFor(errors: FieldError[], index: number): ErrorSchema | undefined {
  const prefix = `/${index}/`;
  const root: Record<string, unknown> = {};
  let any = false;
  for (const e of errors) {
    if (!e.path.startsWith(prefix)) continue;
    any = true;
    let node = root;
    for (const part of e.path.slice(prefix.length).split('/')) node = (node[part] ??= {}) as Record<string, unknown>;
    node.__errors = [...((node.__errors as string[] | undefined) ?? []), e.message];
  }
  return any ? (root as ErrorSchema) : undefined;
}

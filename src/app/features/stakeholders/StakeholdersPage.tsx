import { Body1, Button, makeStyles, MessageBar, MessageBarBody, Spinner, Text, Title2, tokens } from '@fluentui/react-components';
import { INCOMPLETE_KEYWORDS } from '../../../validation/errors';
import { Add20Regular } from '@fluentui/react-icons';
import type { RJSFSchema } from '@rjsf/utils';
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Shell } from '../../components/Shell';
import { track } from '../../lib/analytics';
import type { FieldError } from '../../../validation/errors';
import type { FormValidator } from '../../../validation/rjsfValidator';
import { applicationStore, SaveStatus, toExtraErrors, useApplication } from '../application';
import { useRefreshOnFocus } from '../application/refreshOnFocus';
import type { CompletedStep, Prospect } from '../application/contract';
import { type AppConfig, useConfig } from '../config/useConfig';
import { useDraftOnly } from '../journey/draftOnly';
import { preloadWidgets } from '../../../../widgets';
import { prefetchStepValidator, useStepValidator } from '../forms/stepValidator';
import { STAKEHOLDER_LIST_MODULE } from '../../../validation/standalone';
import { applyLogic, logicOf, visibleStepErrors } from '../forms/formLogic';
import { StakeholderCard, type StakeholderCardProps } from './StakeholderCard';
import {
  addStakeholder,
  completion,
  editStakeholder,
  flowOf,
  continueCheck,
  idOf,
  maxStakeholders,
  removeStakeholder,
  replaceStakeholder,
  type Stakeholder,
  stakeholdersOf,
  summarise,
} from './stakeholderRules';
import { listErrorsFor, StakeholderWizard } from './StakeholderWizard';
import { useStakeholderUpload } from '../documents/stakeholderUpload';
import { fileNamesByKey } from '../documents/documentList';
import { useProspectDocuments } from '../documents/documentsQuery';
import { ApplicationNotice } from '../documents/ApplicationNotice';
import type { UploadOptions } from '../../../../widgets/FormContext';
import { useContinueTarget } from '../journey/returnPath';
import { useT } from '../../i18n/useT';
import { useStakeholdersT } from '../../i18n/useStakeholdersT';

/** The page's own validators: the stakeholder list's module. */
const LIST_MODULE = [STAKEHOLDER_LIST_MODULE] as const;

const FINAL_QUESTIONS = '/business/FinalQuestions';

/** Analytics step names of spec 001 §2 ("company stakeholder (personal information, signatory rights, ...)"). */
const STEP_EVENTS: Record<string, string> = {
  stakeholderPersonalInfo: 'company stakeholder personal information',
  stakeholderCompanyInfo: 'company stakeholder personal information',
  stakeholderSignatory: 'company stakeholder signatory rights',
  stakeholderShareholding: 'company stakeholder shareholding',
  stakeholderNationality: 'company stakeholder nationality',
  stakeholderResidence: 'company stakeholder country of residence',
  stakeholderContact: 'company stakeholder preferred contact',
};
/** Errors that only say "not filled yet": the server stores such data on an automatic save. */
/** One definition with the server's (src/validation/errors.ts). */
const INCOMPLETE = INCOMPLETE_KEYWORDS;

const useStyles = makeStyles({
  list: { listStyleType: 'none', padding: 0, margin: `${tokens.spacingVerticalL} 0`, display: 'grid', gap: tokens.spacingVerticalS },
  // Cards out of the viewport are neither laid out nor painted until scrolled to (they stay in the accessibility
  // tree and in find-in-page); the remembered size ('auto') keeps the scrollbar steady.
  item: { contentVisibility: 'auto', containIntrinsicSize: 'auto 96px' },
  toolbar: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap', marginTop: tokens.spacingVerticalM },
  footer: { marginTop: tokens.spacingVerticalXXL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, alignItems: 'flex-start' },
  reasons: { margin: 0, paddingLeft: tokens.spacingHorizontalL, color: tokens.colorNeutralForeground2 },
});

type CardData = Omit<StakeholderCardProps, 'selected' | 'onEdit' | 'onRemove'>;

/** The cards; memoised on the card data, which only changes when something a card shows changes. */
const StakeholderList = memo(function StakeholderList({
  cards,
  selectedId,
  onEdit,
  onRemove,
  label,
}: {
  label?: string;
  cards: CardData[];
  selectedId: string | null;
  onEdit: StakeholderCardProps['onEdit'];
  onRemove: StakeholderCardProps['onRemove'];
}) {
  const styles = useStyles();
  const t = useStakeholdersT();
  if (cards.length === 0) return <Body1 as="p">{t('stakeholders.none')}</Body1>;
  return (
    <ul className={styles.list} aria-label={label ?? t('stakeholders.list')}>
      {cards.map((c) => (
        <li key={c.id} className={styles.item}>
          <StakeholderCard {...c} selected={c.id === selectedId} onEdit={onEdit} onRemove={onRemove} />
        </li>
      ))}
    </ul>
  );
});

/** A card's data, rebuilt only when the stakeholder or its steps changed (same object otherwise). */
function useCards(config: AppConfig | undefined, list: Stakeholder[], completed: CompletedStep[]): CardData[] {
  const cache = useRef(new WeakMap<Stakeholder, { completed: CompletedStep[]; position: number; card: CardData }>());
  const previous = useRef<CardData[]>([]);
  return useMemo(() => {
    if (!config) return [];
    const cards = list.map((s, i) => {
      const hit = cache.current.get(s);
      if (hit && hit.completed === completed && hit.position === i + 1) return hit.card;
      const next: CardData = { id: idOf(s, i), position: i + 1, ...summarise(s), ...completion(config, completed, s, i) };
      const old = previous.current[i];
      // Same content as before (a save replaced the object): keep the old one so the card does not re-render.
      const card = old && (Object.keys(next) as (keyof CardData)[]).every((k) => old[k] === next[k]) ? old : next;
      cache.current.set(s, { completed, position: i + 1, card });
      return card;
    });
    previous.current = cards;
    return cards;
  }, [config, list, completed]);
}

/** The previous array while it holds the same items: typing in one stakeholder leaves the list of the others as it is. */
function useSameItems<T>(items: T[]): T[] {
  const kept = useRef(items);
  const prev = kept.current;
  if (prev !== items && (prev.length !== items.length || items.some((item, i) => item !== prev[i]))) kept.current = items;
  return kept.current;
}

/** A key of what "Continue" depends on (shares, signatories, completion), so the list is validated only when it changes. */
function listKey(cards: CardData[]): string {
  return cards.map((c) => `${c.percentage ?? ''}|${c.signatory ? 1 : 0}|${c.company ? 1 : 0}|${c.done}/${c.total}/${c.next}`).join(',');
}

/**
 * Company Stakeholders (/business/StakeholdersInfo): the stakeholder cards, each opening its wizard, and
 * "Continue" to the final questions once the shares add up to 100 % and there is a signatory. The open
 * stakeholder and its step are in the URL (?stakeholder=<id>&step=2), so back/forward and reload keep them.
 */
export default function StakeholdersPage() {
  const styles = useStyles();
  const t = useT();
  const st = useStakeholdersT();
  const app = useApplication();
  // A change saved in another tab shows when this tab comes back to the front.
  useRefreshOnFocus();
  const leftDraft = useDraftOnly();
  const { data: config, error: configError } = useConfig();
  // The list's rules (the share rule, Continue) for the page; the open wizard's step adds its own module.
  const validator = useStepValidator(config, LIST_MODULE);
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const selectedId = params.get('stakeholder');
  const stepIndex = Math.max(Number(params.get('step') ?? '1') - 1, 0) || 0;
  const [removing, setRemoving] = useState<string | null>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  const openerRef = useRef<HTMLElement | null>(null);
  const [listErrors, setListErrors] = useState<FieldError[]>([]);

  const list = useMemo(() => stakeholdersOf(app.prospect), [app.prospect]);
  const cards = useCards(config, list, app.completedSteps);
  const max = config ? maxStakeholders(config) : 50;
  const selectedIndex = selectedId === null ? -1 : list.findIndex((s, i) => idOf(s, i) === selectedId);
  const selected = selectedIndex >= 0 ? list[selectedIndex] : undefined;
  const wizardSteps = (config && selected && config.flows[flowOf(selected)]?.steps) || [];
  const wizardAt = Math.min(stepIndex, Math.max(wizardSteps.length - 1, 0));
  const wizardStep = wizardSteps[wizardAt]?.step;
  const stepValidator = useStepValidator(config, wizardStep ? [STAKEHOLDER_LIST_MODULE, wizardStep] : undefined);
  const nextWizardStep = wizardSteps[wizardAt + 1]?.step;
  useEffect(() => {
    if (!config || !nextWizardStep) return;
    prefetchStepValidator(config, nextWizardStep);
    // The next step's lazily loaded widgets (its upload, its searchable lists) too, so that Continue finds them.
    void preloadWidgets(config.steps[nextWizardStep]?.uiSchema);
  }, [config, nextWizardStep]);
  // The cards above and below the open wizard: the same arrays while the cards are, so the lists skip typing.
  const above = useSameItems(useMemo(() => (selectedIndex >= 0 ? cards.slice(0, selectedIndex + 1) : cards), [cards, selectedIndex]));
  const below = useSameItems(useMemo(() => (selectedIndex >= 0 ? cards.slice(selectedIndex + 1) : []), [cards, selectedIndex]));

  // Latest values for the stable callbacks the memoised cards receive.
  const latest = useRef({ params, list, completed: app.completedSteps, flows: config?.flows });
  latest.current = { params, list, completed: app.completedSteps, flows: config?.flows };

  const select = useCallback(
    (id: string | null, step = 1) => {
      const next = new URLSearchParams(latest.current.params);
      if (id === null) {
        next.delete('stakeholder');
        next.delete('step');
      } else {
        next.set('stakeholder', id);
        next.set('step', String(step));
      }
      setParams(next);
    },
    [setParams],
  );

  const onEdit = useCallback(
    (id: string, opener: HTMLButtonElement) => {
      openerRef.current = opener;
      // Resume where this stakeholder was left (the step its card names as incomplete); a complete one opens at
      // its first step, so a change (e.g. the percentage) does not start on the last step with Back to press.
      const { list: all, completed, flows } = latest.current;
      const index = all.findIndex((s, i) => idOf(s, i) === id);
      const state = index >= 0 && flows ? completion({ flows }, completed, all[index]!, index) : undefined;
      select(id, state && state.done < state.total ? state.next + 1 : 1);
    },
    [select],
  );
  // Upload widgets of the open stakeholder (proof of relationship): stored as its document on the server.
  const upload = useStakeholderUpload(app.prospectId);
  const uploadName = selected ? summarise(selected).name : '';
  // The uploaded files by key (the field holds the key): named by their file after a reload or a language switch.
  const documents = useProspectDocuments(app.prospectId);
  const uploadedFileNames = useMemo(() => fileNamesByKey(documents.data), [documents.data]);
  const refreshDocuments = documents.mutate;
  const onUpload = useCallback(
    async (file: File, options: UploadOptions) => {
      if (!selectedId) throw new Error(st('stakeholders.openFirst'));
      const answer = await upload({ signatoryId: selectedId, name: uploadName }, file, options);
      void refreshDocuments();
      return answer;
    },
    [upload, selectedId, uploadName, st, refreshDocuments],
  );
  const onRemove = useCallback((id: string, opener: HTMLButtonElement) => {
    openerRef.current = opener;
    setRemoving(id);
  }, []);

  /** The freshest prospect: the store's, so two changes before a re-render never overwrite each other. */
  const current = (): Prospect | undefined => applicationStore().getSnapshot().prospect ?? app.prospect;

  const add = () => {
    const prospect = current();
    if (!prospect || stakeholdersOf(prospect).length >= max) return;
    const { prospect: next, signatoryId } = addStakeholder(prospect);
    app.edit(next, { valid: true });
    track({ event: 'company stakeholder add new', screenName: 'stakeholdersInfo' });
    openerRef.current = null;
    select(signatoryId);
  };

  const confirmRemove = () => {
    const prospect = current();
    const id = removing;
    setRemoving(null);
    if (!prospect || id === null) return;
    app.edit(removeStakeholder(prospect, id), { valid: true });
    setListErrors([]);
    // Spec 001 §4: removing selects none.
    select(null);
    requestAnimationFrame(() => addRef.current?.focus());
  };

  const close = useCallback(() => {
    const id = latest.current.params.get('stakeholder');
    select(null);
    requestAnimationFrame(() => {
      const opener = openerRef.current?.isConnected ? openerRef.current : document.querySelector<HTMLElement>(`[data-stakeholder-edit="${id}"]`);
      opener?.focus();
    });
  }, [select]);

  /** Validates one edit: the step's own schema, and the list's share rule only when the share changed. */
  const checkEdit = (schema: RJSFSchema, prev: Stakeholder | undefined, next: Stakeholder, nextProspect: Prospect, v: FormValidator): boolean => {
    const nextList = stakeholdersOf(nextProspect);
    const hidden = config ? logicOf(config, nextProspect).hidden : new Set<string>();
    const stepOk = visibleStepErrors(v.fieldErrors(schema, next), hidden, `/signatoryInfo/${selectedIndex}`).every((e) => INCOMPLETE.has(e.keyword));
    const pct = (s: Stakeholder | undefined) => (s?.kycDetails as { shareHoldingPercentage?: unknown } | undefined)?.shareHoldingPercentage;
    let listOk = listErrors.length === 0;
    if (config?.stakeholderList && (pct(prev) !== pct(next) || !prev)) {
      const found = v.fieldErrors(config.stakeholderList as RJSFSchema, nextList).filter((e) => !INCOMPLETE.has(e.keyword));
      setListErrors(found);
      listOk = found.length === 0;
    }
    return stepOk && listOk;
  };

  const onChange = (data: Stakeholder, schema: RJSFSchema) => {
    const prospect = current();
    if (!prospect || !stepValidator || !config || selectedIndex < 0) return;
    const prev = stakeholdersOf(prospect)[selectedIndex];
    if (!prev) return;
    const next = editStakeholder(config, prev, data);
    // RJSF reports its defaults when a step opens: nothing changed, nothing to save.
    if (JSON.stringify(next) === JSON.stringify(prev)) return;
    // Derived values, clearing and hidden answers of the whole application follow the edit (as on the server).
    const nextProspect = applyLogic(config, replaceStakeholder(prospect, selectedIndex, next), prospect);
    const valid = checkEdit(schema, prev, stakeholdersOf(nextProspect)[selectedIndex] ?? next, nextProspect, stepValidator);
    app.edit(nextProspect, { valid });
  };

  const onContinueStep = async (step: string, data: Stakeholder) => {
    const prospect = current();
    if (!prospect || selectedIndex < 0) return { ok: false, message: st('stakeholders.noApplication') };
    const prev = stakeholdersOf(prospect)[selectedIndex];
    const next = config ? editStakeholder(config, prev ?? data, data) : data;
    if (next !== prev) {
      const replaced = replaceStakeholder(prospect, selectedIndex, next);
      app.edit(config ? applyLogic(config, replaced, prospect) : replaced, { valid: true });
    }
    const result = await app.continueStep(step, { signatoryIndex: selectedIndex });
    if (result.ok) {
      const event = STEP_EVENTS[step];
      if (event) track({ event, screenName: 'stakeholdersInfo' });
      return { ok: true };
    }
    // Changed elsewhere: the notice says so (the applicant's answers are kept on screen).
    if (result.stop?.code === 'VERSION_CONFLICT' && applicationStore().getSnapshot().notice) return { ok: false, noticed: true };
    const messages = [...new Set(Object.values(result.fieldErrors ?? {}).flat())];
    return { ok: false, message: result.stop?.message ?? (messages.length ? st('stakeholders.notSavedBecause', { messages: messages.join('; ') }) : undefined) };
  };

  const completeSchema = useMemo(
    () => (config?.stakeholderList && typeof config.stakeholderList.$id === 'string' ? ({ $ref: `${config.stakeholderList.$id}#/definitions/complete` } as RJSFSchema) : undefined),
    [config],
  );
  const key = listKey(cards);
  const check = useMemo(
    () => {
      const incomplete = cards.filter((c) => c.total === 0 || c.done < c.total).length;
      return continueCheck(list, (l) => (validator && completeSchema ? validator.fieldErrors(completeSchema, l) : []), incomplete, (count) => st('stakeholders.incomplete', { count }));
    },
    // Only what Continue depends on: not every keystroke in a name (the language: the reasons' words).
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [key, validator, completeSchema, st],
  );

  const result = useMemo(() => (config && app.prospect ? logicOf(config, app.prospect) : undefined), [config, app.prospect]);
  const logic = useMemo(() => (result && selectedIndex >= 0 ? { result, base: `/signatoryInfo/${selectedIndex}` } : undefined), [result, selectedIndex]);

  const extraErrors = useMemo(() => {
    if (selectedIndex < 0) return undefined;
    const server = toExtraErrors(app.fieldErrors, `/signatoryInfo/${selectedIndex}`);
    const local = listErrorsFor(listErrors, selectedIndex);
    if (!local) return Object.keys(server).length ? server : undefined;
    return { ...server, ...local };
  }, [app.fieldErrors, listErrors, selectedIndex]);

  // A stakeholder in the URL that no longer exists (removed in another tab): show the list only.
  useEffect(() => {
    if (selectedId !== null && app.prospect && selectedIndex < 0) select(null);
  }, [selectedId, selectedIndex, app.prospect, select]);

  const continueTo = useContinueTarget(FINAL_QUESTIONS);
  const goOn = async () => {
    if (!check.ok) return;
    await app.flush();
    track({ event: 'company stakeholder submitted', screenName: 'stakeholdersInfo' });
    navigate(continueTo);
  };

  if (leftDraft) return leftDraft;
  if (configError || app.loadError) {
    return (
      <Shell title={st('stakeholders.panel')}>
        <MessageBar intent="error">
          <MessageBarBody>{configError?.message ?? app.loadError}</MessageBarBody>
        </MessageBar>
      </Shell>
    );
  }
  if (!config || !validator || !app.prospect) {
    return (
      <Shell title={st('stakeholders.panel')}>
        <Spinner label={t('flow.loading')} />
      </Shell>
    );
  }

  const full = list.length >= max;
  const notice = <ApplicationNotice />;
  const removingCard = cards.find((c) => c.id === removing);
  const islamic = app.prospect.applicationInfo?.islamicBanking === true;

  return (
    <Shell title={st('stakeholders.panel')}>
      <Title2 as="h1" block>
        {t('journey.3')}
      </Title2>
      <Body1 as="p">{st('stakeholders.intro')}</Body1>
      {/* A refused save's reasons: the open wizard's highlighted fields, else those below the list (Continue's). */}
      <SaveStatus refusedAt={extraErrors ? 'field' : check.ok ? 'answers' : 'list'} />
      {!selected && notice}
      <StakeholderList cards={above} selectedId={selected ? selectedId : null} onEdit={onEdit} onRemove={onRemove} />
      {selected && (
        <StakeholderWizard
          config={config}
          validator={stepValidator}
          stakeholder={selected}
          index={selectedIndex}
          islamic={islamic}
          name={cards[selectedIndex]?.name || st('stakeholders.unnamed', { n: selectedIndex + 1 })}
          stepIndex={stepIndex}
          extraErrors={extraErrors}
          logic={logic}
          onStep={(n) => select(selectedId, n + 1)}
          onChange={onChange}
          onTyping={app.typing}
          onTyped={app.typed}
          onContinue={onContinueStep}
          onClose={close}
          onUpload={onUpload}
          uploadedFileNames={uploadedFileNames}
          notice={notice}
        />
      )}
      {selected && selectedIndex + 1 < cards.length && (
        <StakeholderList label={st('stakeholders.listMore')} cards={below} selectedId={null} onEdit={onEdit} onRemove={onRemove} />
      )}
      <div className={styles.toolbar}>
        <Button ref={addRef} icon={<Add20Regular />} onClick={add} disabledFocusable={full} aria-describedby={full ? 'stakeholders-full' : undefined}>
          {st('stakeholders.add')}
        </Button>
        {full && (
          <Text id="stakeholders-full" size={200}>
            {st('stakeholders.max', { max })}
          </Text>
        )}
      </div>
      <div className={styles.footer}>
        <Text id="stakeholders-totals">
          {st('stakeholders.totals', { percentage: check.totalPercentage, signatories: check.signatories })}
        </Text>
        {!check.ok && (
          <ul className={styles.reasons} id="stakeholders-continue-reasons" aria-label={st('stakeholders.whyNot')}>
            {check.reasons.map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ul>
        )}
        <Button
          appearance="primary"
          aria-label={st(continueTo === FINAL_QUESTIONS ? 'stakeholders.continueFinal' : 'stakeholders.continueReview')}
          disabledFocusable={!check.ok}
          aria-describedby={check.ok ? 'stakeholders-totals' : 'stakeholders-totals stakeholders-continue-reasons'}
          onClick={() => void goOn()}
        >
          {t('common.continue')}
        </Button>
      </div>
      <ConfirmDialog
        open={removing !== null}
        onConfirm={confirmRemove}
        onCancel={() => {
          setRemoving(null);
          requestAnimationFrame(() => openerRef.current?.focus());
        }}
      >
        {removingCard ? st('stakeholders.removeConfirm', { name: removingCard.name || st('stakeholders.unnamed', { n: removingCard.position }) }) : null}
      </ConfirmDialog>
    </Shell>
  );
}

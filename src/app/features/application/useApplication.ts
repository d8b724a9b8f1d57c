import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { useApi, useSession } from '../session/session';
import { readCompletedSteps, statusOf } from './completedSteps';
import type { ApplicationRuntime, Prospect } from './contract';
import { applicationStore, type StopState } from './store';

/** The contract plus what the journey pages also need (loading, stop state, notices, opening an application). */
export interface ApplicationRuntimeExt extends ApplicationRuntime {
  /** Server status of the application (e.g. SUBMITTED). */
  status: string | undefined;
  loading: boolean;
  loadError: string | undefined;
  /** Set when the server stopped the application: the status pages show it. */
  stop: StopState | undefined;
  /** A message for the applicant (a conflict reloaded the application). */
  notice: string | undefined;
  /** The answers the notice is about (dotted paths): the notice names them with their steps. */
  noticeFields: string[];
  dismissNotice(): void;
  /** Local edits the server has not accepted yet. */
  dirty: boolean;
  /** Opens an application: after creating it (pass the POST answer) or from the applicant's list. */
  open(prospectId: string, answer?: { prospectId: string; version: number; status?: string; prospect: Prospect }): Promise<void>;
  /** Forgets the application in this tab (logout). */
  close(): void;
  /** Removes a server error once the applicant edits that field (dotted path). */
  clearFieldError(path: string): void;
  /** An edit is being typed and comes through edit() when typing pauses (StepForm's onTyping): saves wait for it. */
  typing(): void;
  /** The typed edit was handed over (StepForm's onTyped), whether or not the page made an edit of it. */
  typed(): void;
}

export function useApplication(): ApplicationRuntimeExt {
  const store = applicationStore();
  const api = useApi();
  const session = useSession();
  const snap = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);

  useEffect(() => {
    if (!session) return;
    store.connect(api, session);
    void store.ensureLoaded();
  }, [store, api, session, snap.prospectId]);

  // Read from freeField5 and the stakeholders' ids only: the same array while those stay (a keystroke in a name keeps
  // it, so the stakeholder cards, which compare it, stay as they are).
  const free = (snap.prospect?.freeFieldsInfo as { freeField5?: unknown } | undefined)?.freeField5;
  const ids = ((snap.prospect?.signatoryInfo ?? []) as { signatoryId?: unknown }[]).map((s, i) => String(s?.signatoryId ?? i)).join('\u0000');
  const hasProspect = snap.prospect !== undefined;
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const completedSteps = useMemo(() => readCompletedSteps(snap.prospect), [hasProspect, free, ids]);

  return useMemo<ApplicationRuntimeExt>(
    () => ({
      prospectId: snap.prospectId,
      prospect: snap.prospect,
      version: snap.version,
      status: snap.status,
      saveState: snap.saveState,
      fieldErrors: snap.fieldErrors,
      loading: snap.loading || (!!snap.prospectId && !snap.prospect && !snap.loadError && !snap.stop),
      loadError: snap.loadError,
      stop: snap.stop,
      notice: snap.notice,
      noticeFields: snap.noticeFields,
      dirty: snap.dirty,
      completedSteps,
      edit: (next, options) => store.edit(next, options?.valid !== false),
      continueStep: (step, options) => store.continueStep(step, options?.signatoryIndex),
      submit: () => store.submit(),
      flush: () => store.flush(),
      reload: () => store.load(),
      stepStatus: (flowId, step, signatoryId) => statusOf(completedSteps, flowId, step, signatoryId),
      dismissNotice: () => store.dismissNotice(),
      open: (id, answer) => {
        store.connect(api, session);
        return store.open(id, answer);
      },
      close: () => store.close(),
      clearFieldError: (path) => store.clearFieldError(path),
      typing: () => store.typing(),
      typed: () => store.typed(),
    }),
    [snap, completedSteps, store, api, session],
  );
}

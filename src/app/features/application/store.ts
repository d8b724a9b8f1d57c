/**
 * The one application store of the tab: the local copy of the prospect (session storage, so a reload loses
 * nothing), the save queue, the server's field errors and the stop state. React reads it through
 * useApplication() (useSyncExternalStore); it lives outside React so that every page shares one queue.
 */
import { ApiRequestError, SessionExpiredError } from '../../lib/secureFetch';
import { currentLocale } from '../../i18n/localeStore';
import type { ApiCall, ContinueResult, Prospect, SaveState, ScreeningOutcome, SubmitResult } from './contract';
import { fieldErrorsOf, withoutChanged } from './serverFieldErrors';
import { SaveQueue, type SaveJob, type SendOutcome } from './saveQueue';

/** Sections only the server writes (src/server/routes/prospects.ts): always taken from its answer. */
export const SERVER_OWNED = ['generalInfo', 'documents', 'screeningInfo', 'prospectStatusInfo', 'freeFieldsInfo'];

/** Prospect error codes that end the journey in a stop state (spec 001 §4). */
import { ALREADY_SUBMITTED, STOP_CODES } from '../../../shared/stopCodes';
import { applySectionChanges, RETURN_MINIMAL } from '../../../shared/minimalAnswer';
import type { PatchOperation } from '../../../shared/jsonPatch';

/** The store's own words (outside React, so not through react-intl): in the page's language. */
const STORE_TEXTS = {
  en: { notLoaded: 'The application could not be loaded', noApplication: 'There is no application open in this tab.' },
  ar: { notLoaded: 'تعذّر تحميل الطلب', noApplication: 'لا يوجد طلب مفتوح في علامة التبويب هذه.' },
} as const;
const storeText = (key: keyof (typeof STORE_TEXTS)['en']) => STORE_TEXTS[currentLocale()][key];

export { STOP_CODES };

export { fieldErrorsOf, relativeField } from './serverFieldErrors';


/**
 * 409 codes that say the application is no longer a draft the applicant may change: submitted (12012) or in a
 * final state (APPLICATION_CLOSED, src/server/prospects/writePolicy.ts). Not a version conflict.
 */
export const LEFT_DRAFT_CODES: ReadonlySet<string> = new Set([ALREADY_SUBMITTED.errorCode, 'APPLICATION_CLOSED']);

/** Pages on which the timed auto-save runs (spec 000 §4). */
const AUTO_SAVE_VIEWS = /\/business\/(CompanyInfo|StakeholdersInfo|FinalQuestions|UploadDocuments|SelectServices)\b/;

/** The spec does not give the timed auto-save interval; half a minute keeps at most that much typing at risk. */
export const AUTO_SAVE_INTERVAL_MS = 30_000;

const STORAGE_KEY = 'qa.application';
/** ../forms/draftAtom.ts: Basic Information's answers, kept until the application is created. */
const DRAFT_KEY = 'qa.draftProspect';

/**
 * A keystroke's copy goes to session storage this long after the last one (and at once when the tab is
 * hidden or left), not per keystroke: a prospect with 50 stakeholders takes milliseconds to serialise.
 */
export const PERSIST_DELAY_MS = 300;


export interface StopState {
  code: string;
  message: string;
}

export interface ApplicationSnapshot {
  prospectId: string | undefined;
  prospect: Prospect | undefined;
  version: number | undefined;
  status: string | undefined;
  saveState: SaveState;
  fieldErrors: Record<string, string[]>;
  loading: boolean;
  /** Loading the prospect failed (not a stop): shown with a retry. */
  loadError: string | undefined;
  stop: StopState | undefined;
  /** A message for the applicant, e.g. after a conflict reloaded the application. */
  notice: string | undefined;
  /** The answers the notice is about (dotted paths; a conflict's answers changed here and elsewhere): named under it. */
  noticeFields: string[];
  /** Local edits not yet accepted by the server. */
  dirty: boolean;
}

interface ProspectAnswer {
  prospectId: string;
  version: number;
  status?: string;
  prospect: Prospect;
  /** In a short answer (Prefer: return=minimal): sections no longer stored. */
  removedSections?: string[];
  preScreening?: ScreeningOutcome;
}

interface Persisted {
  prospectId: string;
  prospect: Prospect;
  version: number;
  status?: string;
  dirty: boolean;
  /** The server's copy of `version` while there are unsaved edits (what they were made against). */
  base?: Prospect;
  /**
   * A conflict's answers the applicant has not confirmed (the store's `held`), with its notice and their fields: a
   * reload keeps asking them, and saves nothing over the other change until they save explicitly.
   */
  held?: true;
  notice?: string;
  noticeFields?: string[];
}

const EMPTY: ApplicationSnapshot = {
  prospectId: undefined,
  prospect: undefined,
  version: undefined,
  status: undefined,
  saveState: 'saved',
  fieldErrors: {},
  loading: false,
  loadError: undefined,
  stop: undefined,
  notice: undefined,
  noticeFields: [],
  dirty: false,
};

function isNetworkError(error: unknown): boolean {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return true;
  return error instanceof TypeError;
}

function readPersisted(): Persisted | undefined {
  try {
    const raw = globalThis.sessionStorage?.getItem(STORAGE_KEY);
    return raw ? (JSON.parse(raw) as Persisted) : undefined;
  } catch {
    return undefined;
  }
}

type SaveResult = SubmitResult & { expired?: boolean };
type Base = { prospectId: string; version: number; prospect: Prospect };
export type { Base, ProspectAnswer, SaveResult };

export class ApplicationStore {
  private snap: ApplicationSnapshot = EMPTY;
  private readonly listeners = new Set<() => void>();
  /** @internal (./rebase.ts, as are the other members without `private`) */
  api: ApiCall | undefined;
  /** The session's refresh token (none: no timed auto-save). */
  private token: string | undefined;
  /**
   * The refresh token of the session the server answered 401 for (a logout in another tab, a revoked session): no
   * automatic save goes with it (each would be one more 401). The answers stay in the tab, dirty and kept in session
   * storage; a new sign-in (another token) ends this, and open() or Continue sends them.
   */
  private dead: string | undefined;
  queue: SaveQueue<SaveResult> | undefined;
  private editSeq = 0;
  /** The server's copy (as this caller sees it) of the version last loaded or saved: what a patch save is made against. */
  serverCopy: Base | undefined;
  /** A conflict kept the applicant's answers: automatic saves wait for their next explicit save (continue, submit). */
  held = false;
  /** The copy came from session storage (a reload): the server's is fetched before anything is saved. */
  private restored = false;
  /** @internal A load of the server's copy under way (a page load, the tab back in front): saves wait for it. */
  refreshing: Promise<unknown> | undefined;
  private lastEditValid = true;
  private loadingId: string | undefined;
  private autoTimer: ReturnType<typeof setInterval> | undefined;
  private persistTimer: ReturnType<typeof setTimeout> | undefined;
  /** A copy held back while an edit is typed (typing()): written after the typed edit, or when typing ends without one. */
  private persistHeld = false;
  /** Writes a pending copy before the page goes away (reload, close, another app in front on a phone). */
  private readonly onLeave = () => {
    if (this.persistTimer !== undefined || this.persistHeld) this.persist();
  };
  private readonly onVisibility = () => {
    if (document.visibilityState === 'hidden') this.onLeave();
  };
  private readonly onOnline = () => this.queue?.setOnline(true);
  private readonly onOffline = () => this.queue?.setOnline(false);

  constructor() {
    if (typeof window !== 'undefined' && typeof document !== 'undefined') {
      window.addEventListener('pagehide', this.onLeave);
      document.addEventListener('visibilitychange', this.onVisibility);
    }
    const saved = readPersisted();
    if (saved?.prospectId) {
      this.snap = {
        ...EMPTY,
        prospectId: saved.prospectId,
        prospect: saved.prospect,
        version: saved.version,
        status: saved.status,
        dirty: saved.dirty,
        notice: saved.notice,
        noticeFields: saved.noticeFields ?? [],
      };
      if (saved.base) this.serverCopy = { prospectId: saved.prospectId, version: saved.version, prospect: saved.base };
      this.held = !!saved.held;
      this.restored = true;
    }
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): ApplicationSnapshot => this.snap;

  /** The signed-in caller: set by every useApplication() render (the token changes on renewal). */
  connect(api: ApiCall, session: { refreshToken?: string } | null): void {
    this.api = api;
    this.token = session?.refreshToken;
    // A page load shows the server's copy: the kept one paints first and is replaced (edits rebased) when it answers.
    if (this.restored) {
      this.restored = false;
      this.refreshing = import('./rebase')
        .then((m) => m.rebaseOnLatest(this, SERVER_OWNED))
        .finally(() => (this.refreshing = undefined));
    }
    if (!this.queue) this.start();
  }

  /** Opens an application: the kept local copy when it is this one (unsaved edits are sent), else the server's. */
  async open(prospectId: string, answer?: ProspectAnswer): Promise<void> {
    if (answer) {
      this.queue?.clear();
      this.restored = this.held = false;
      this.serverCopy = { prospectId, version: answer.version, prospect: answer.prospect };
      this.set({ ...EMPTY, prospectId, prospect: answer.prospect, version: answer.version, status: answer.status, saveState: this.queue?.saveState ?? 'saved' });
      return;
    }
    if (this.snap.prospectId === prospectId && this.snap.prospect) {
      if (this.snap.dirty && !this.snap.stop) this.queue?.edit(true);
      return;
    }
    this.queue?.clear();
    this.set({ ...EMPTY, prospectId, saveState: this.queue?.saveState ?? 'saved' });
    await this.load();
  }

  /** Loads the prospect if the store knows an id but has no copy yet (a fresh tab, after a conflict). */
  async ensureLoaded(): Promise<void> {
    if (this.snap.prospectId && !this.snap.prospect && !this.snap.loading && !this.snap.loadError && !this.snap.stop) await this.load();
  }

  /** Forgets the application (logout, another applicant). */
  close(): void {
    this.queue?.clear();
    this.held = false;
    this.set({ ...EMPTY, saveState: this.queue?.saveState ?? 'saved' });
  }

  async load(): Promise<void> {
    const id = this.snap.prospectId;
    if (!id || !this.api || this.loadingId === id) return;
    this.loadingId = id;
    this.restored = this.held = false;
    this.set({ loading: true, loadError: undefined });
    try {
      const res = await this.api<ProspectAnswer>(`/api/usertypes/sme/prospects/${encodeURIComponent(id)}`);
      const a = res.body!;
      if (this.snap.prospectId !== id) return;
      this.serverCopy = { prospectId: id, version: a.version, prospect: a.prospect };
      this.set({ prospect: a.prospect, version: a.version, status: a.status, loading: false, dirty: false, fieldErrors: {} });
    } catch (error) {
      if (this.snap.prospectId !== id) return;
      const stop = this.stopOf(error);
      this.set({
        loading: false,
        ...(stop ? { stop } : { loadError: error instanceof SessionExpiredError ? undefined : (error as Error).message || storeText('notLoaded') }),
      });
    } finally {
      this.loadingId = undefined;
    }
  }

  edit(next: Prospect, valid = true): void {
    if (!this.snap.prospectId || this.snap.stop) {
      this.set({ prospect: next });
      return;
    }
    this.editSeq += 1;
    this.lastEditValid = valid;
    // Offline, the stored copy is the only one besides memory: it is written at once.
    const offline = this.snap.saveState === 'offline' || (typeof navigator !== 'undefined' && navigator.onLine === false);
    const fieldErrors = withoutChanged(this.snap.fieldErrors, this.snap.prospect, next);
    this.set({ prospect: next, dirty: true, ...(fieldErrors !== this.snap.fieldErrors ? { fieldErrors } : {}) }, !offline);
    if (!this.dead || this.dead !== this.token) this.queue?.edit(valid);
  }

  /** An edit is being typed; the form hands it over (edit()) once typing pauses: see SaveQueue.typing. */
  typing(): void {
    // The copy of an earlier edit waits for the typed one, as its save does: written between two keys (a pause, the
    // value handed over, then typing on), its serialisation would delay the next key's paint.
    if (this.persistTimer !== undefined) {
      clearTimeout(this.persistTimer);
      this.persistTimer = undefined;
      this.persistHeld = true;
    }
    if (this.snap.prospectId && !this.snap.stop) this.queue?.typing();
  }

  /** The typed edit was handed over, with or without an edit (changed back): see SaveQueue.typed. */
  typed(): void {
    if (this.persistHeld) this.persistSoon();
    this.queue?.typed();
  }

  /** Drops a server error once the applicant changed that field. */
  clearFieldError(path: string): void {
    if (!(path in this.snap.fieldErrors)) return;
    const rest = { ...this.snap.fieldErrors };
    delete rest[path];
    this.set({ fieldErrors: rest });
  }

  dismissNotice(): void {
    this.set({ notice: undefined, noticeFields: [] });
  }

  async continueStep(step: string, signatoryIndex?: number): Promise<ContinueResult> {
    return this.request({ saveType: 'save', actionType: 'continue', step, ...(signatoryIndex !== undefined ? { signatoryIndex } : {}) });
  }

  async submit(): Promise<SubmitResult> {
    // The page sends a submit only once the applicant has confirmed the declaration.
    return this.request({ saveType: 'submit', declaration: true });
  }

  async flush(): Promise<void> {
    await this.queue?.flush();
  }

  private async request(job: SaveJob): Promise<SaveResult> {
    if (this.snap.stop) return { ok: false, stop: this.snap.stop };
    if (!this.queue || !this.snap.prospectId) return { ok: false, stop: { code: 'NO_PROSPECT', message: storeText('noApplication') } };
    return this.queue.request(job);
  }

  private start(): void {
    this.queue = new SaveQueue<SaveResult>({
      send: (job) => this.send(job),
      onState: (saveState) => this.set({ saveState }),
      online: typeof navigator === 'undefined' ? true : navigator.onLine !== false,
    });
    if (typeof window !== 'undefined') {
      window.addEventListener('online', this.onOnline);
      window.addEventListener('offline', this.onOffline);
    }
    // Spec 000 §4: the timed auto-save runs only with no error, both tokens, and on one of the journey pages.
    this.autoTimer = setInterval(() => {
      if (!this.snap.dirty || !this.lastEditValid || this.snap.stop || Object.keys(this.snap.fieldErrors).length > 0) return;
      if (!this.token || this.token === this.dead || typeof location === 'undefined' || !AUTO_SAVE_VIEWS.test(location.pathname)) return;
      if (!this.queue?.busy) this.queue?.edit(true);
    }, AUTO_SAVE_INTERVAL_MS);
    if (this.snap.dirty && this.snap.prospectId) this.queue.edit(this.lastEditValid);
  }

  stopOf(error: unknown): StopState | undefined {
    if (!(error instanceof ApiRequestError)) return undefined;
    const hit = error.body?.errors?.find((e) => STOP_CODES.has(e.errorCode));
    return hit ? { code: hit.errorCode, message: hit.message } : undefined;
  }

  private async send(job: SaveJob): Promise<SendOutcome<SaveResult>> {
    // A reloaded tab first takes the server's copy (its edits rebased onto it): never a save against a stale version.
    if (this.refreshing) await this.refreshing;
    if (this.held) {
      // A conflict kept answers the applicant has not confirmed: only their explicit save sends them.
      if (job.saveType === 'auto') return { kind: 'refused', result: { ok: false }, held: true };
      this.held = false;
      this.persist();
    }
    for (let attempt = 0; ; attempt++) {
      const id = this.snap.prospectId;
      const prospect = this.snap.prospect;
      if (!id || !prospect || !this.api || this.snap.version === undefined) {
        return { kind: 'refused', result: { ok: false, stop: { code: 'NO_PROSPECT', message: storeText('noApplication') } } };
      }
      const seq = this.editSeq;
      try {
        // The server answers only the sections that differ from this copy (src/shared/minimalAnswer.ts), when it can.
        const res = await this.api<ProspectAnswer>(`/api/usertypes/sme/prospects/${encodeURIComponent(id)}`, {
          method: 'PUT',
          headers: { prefer: RETURN_MINIMAL },
          body: { ...job, ...(await this.saveBody(id, prospect)), version: this.snap.version },
          // The queue backs off on a 503 itself (and shows "retrying"), with the edits made meanwhile in the next try.
          shedRetries: 0,
        });
        const a = res.body!;
        if (this.snap.prospectId !== id) return { kind: 'done', result: { ok: true } };
        const minimal = res.headers.get('preference-applied') === RETURN_MINIMAL;
        const stored = minimal ? applySectionChanges(prospect, { prospect: a.prospect, removedSections: a.removedSections ?? [] }) : a.prospect;
        this.serverCopy = { prospectId: id, version: a.version, prospect: stored };
        const untouched = this.editSeq === seq;
        const server: Prospect = {};
        for (const k of SERVER_OWNED) if (k in stored) server[k] = stored[k];
        this.set({
          // Edits made while this save was in flight stay; the server's own sections are taken either way.
          prospect: untouched ? stored : { ...this.snap.prospect, ...server },
          version: a.version,
          status: a.status,
          dirty: !untouched,
          fieldErrors: {},
          notice: this.snap.notice,
        });
        return { kind: 'done', result: { ok: true, ...(a.preScreening ? { preScreening: a.preScreening } : {}) } };
      } catch (error) {
        if (error instanceof SessionExpiredError) {
          this.dead = this.token;
          return { kind: 'refused', result: { ok: false, expired: true }, ended: true };
        }
        if (!(error instanceof ApiRequestError)) return isNetworkError(error) ? { kind: 'offline' } : { kind: 'retry' };
        if (error.status >= 500 || error.status === 429 || error.status === 408) return { kind: 'retry' };
        if (error.status === 400 && error.body?.errors?.some((e) => e.errorCode === 'INVALID_PATCH')) {
          // The copy the patch was made against is not the server's: the same save goes again at once with the whole
          // document (no back-off, no "retrying": a Continue waiting for it succeeds; the answer is the new base).
          this.serverCopy = undefined;
          if (attempt < 2) continue;
          return { kind: 'retry' };
        }
        if (error.status === 409) {
          // Changed elsewhere (another tab, an agent) or no longer a draft: ./rebase.ts, loaded on demand.
          const r = await import('./rebase').then((m) => m.onConflict(this, SERVER_OWNED, job, error, attempt, LEFT_DRAFT_CODES));
          if (!('again' in r)) return r;
          job = r.again;
          continue;
        }
        const stop = this.stopOf(error);
        if (stop) {
          this.set({ stop });
          return { kind: 'refused', result: { ok: false, stop } };
        }
        const fieldErrors = fieldErrorsOf(error);
        if (job.saveType !== 'auto' || error.body?.errorType === 'FieldsValidation') this.set({ fieldErrors });
        return { kind: 'refused', result: { ok: false, fieldErrors }, invalid: true };
      }
    }
  }

  /**
   * What a save sends: a JSON Patch (RFC 6902, src/shared/jsonPatch.ts) against the server's copy of the version
   * this tab holds, when it has that copy and the patch is the smaller; the whole client part otherwise. The patch
   * code loads with the first save (the landing page, which shares this store's chunk, never saves).
   */
  private async saveBody(prospectId: string, prospect: Prospect): Promise<{ prospect: Prospect } | { patch: PatchOperation[] }> {
    const full = clientPart(prospect);
    const base = this.serverCopy;
    if (base && base.prospectId === prospectId && base.version === this.snap.version) {
      const { createPatch } = await import('../../../shared/jsonPatch');
      const patch = createPatch(clientPart(base.prospect), full);
      if (JSON.stringify(patch).length < JSON.stringify(full).length) return { patch };
    }
    return { prospect: full };
  }

  /** `typing`: an edit of the applicant, whose copy is written to session storage a little later (PERSIST_DELAY_MS). */
  set(patch: Partial<ApplicationSnapshot>, typing = false): void {
    this.snap = { ...this.snap, ...patch };
    if ('prospect' in patch || 'prospectId' in patch || 'version' in patch || 'dirty' in patch || 'notice' in patch) {
      if (typing) this.persistSoon();
      else this.persist();
    }
    for (const l of this.listeners) l();
  }

  private persistSoon(): void {
    this.persistHeld = false;
    if (this.persistTimer !== undefined) clearTimeout(this.persistTimer);
    this.persistTimer = setTimeout(() => this.persist(), PERSIST_DELAY_MS);
  }

  /** Writes the copy now (and drops a pending delayed write). Public for the tests and a page about to leave. */
  persist(): void {
    if (this.persistTimer !== undefined) clearTimeout(this.persistTimer);
    this.persistTimer = undefined;
    this.persistHeld = false;
    try {
      const { prospectId, prospect, version, status, dirty, notice, noticeFields } = this.snap;
      if (prospectId && prospect && version !== undefined) {
        // Unsaved edits keep the copy they were made against, from which a reloaded tab rebases them.
        const base = dirty && this.serverCopy?.version === version ? this.serverCopy.prospect : undefined;
        const persisted: Persisted = { prospectId, prospect, version, status, dirty, base, held: this.held || undefined, notice, noticeFields };
        globalThis.sessionStorage?.setItem(STORAGE_KEY, JSON.stringify(persisted));
      } else if (!prospectId) {
        globalThis.sessionStorage?.removeItem(STORAGE_KEY);
        // Closed (logout, the session's end): the answers typed before the application existed go with it.
        if (!this.snap.prospect) globalThis.sessionStorage?.removeItem(DRAFT_KEY);
      }
    } catch {
      // Storage full or blocked: the copy in memory still goes to the server.
    }
  }
}

/** The server ignores its own sections; not sending them keeps the (encrypted) body small. */
function clientPart(prospect: Prospect): Prospect {
  const out: Prospect = {};
  for (const [k, v] of Object.entries(prospect)) if (!SERVER_OWNED.includes(k)) out[k] = v;
  return out;
}

let shared: ApplicationStore | undefined;

/** The tab's store (created on first use). */
export function applicationStore(): ApplicationStore {
  return (shared ??= new ApplicationStore());
}

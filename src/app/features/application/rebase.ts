/**
 * Rebasing the applicant's edits onto the server's latest copy (a 409 "changed elsewhere", a page load): a
 * three-way merge of the copy the edits were made against (`base`: the version this tab last loaded or saved),
 * the tab's copy (`local`: with the edits) and the server's (`latest`). What only one side changed is taken from
 * that side; what both changed to different values is a conflict, for which the applicant's value is kept (it is
 * on their screen) and its path reported, so that the store asks them instead of saving over the other change.
 *
 * Objects merge key by key. Lists whose items all carry a `signatoryId` (the stakeholders) merge item by item by
 * that id, not by position: a stakeholder removed in another tab never shifts this tab's edit onto the next
 * one. Other lists, and values, are whole: changed on both sides (differently) they conflict.
 *
 * Loaded on demand by the store (the first conflict or page load with a kept copy), not with every page.
 */
import type { ApiRequestError } from '../../lib/secureFetch';
import type { SaveJob, SendOutcome } from './saveQueue';
import type { ApplicationStore, ProspectAnswer, SaveResult } from './store';
import type { Prospect } from './contract';

type Json = unknown;

/** The outcome: the merged document and the JSON pointers changed on both sides to different values. */
export interface Rebased<T> {
  merged: T;
  conflicts: string[];
}

const isObject = (v: Json): v is Record<string, Json> => typeof v === 'object' && v !== null && !Array.isArray(v);

function equal(a: Json, b: Json): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((v, i) => equal(v, b[i]));
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a).filter((k) => a[k] !== undefined);
    return keys.length === Object.keys(b).filter((k) => b[k] !== undefined).length && keys.every((k) => equal(a[k], b[k]));
  }
  return false;
}

const escape = (key: string) => key.replaceAll('~', '~0').replaceAll('/', '~1');

/** The item's id when every item of the list is an object with a distinct string `signatoryId`. */
function idsOf(list: Json): string[] | undefined {
  if (!Array.isArray(list)) return undefined;
  const ids = list.map((item) => (isObject(item) && typeof item.signatoryId === 'string' ? item.signatoryId : undefined));
  if (ids.some((id) => id === undefined) || new Set(ids).size !== ids.length) return undefined;
  return ids as string[];
}

function mergeById(base: Json[], local: Json[], latest: Json[], ids: [string[], string[], string[]], path: string, conflicts: string[]): Json[] {
  const [baseIds, localIds, latestIds] = ids;
  const at = (list: Json[], listIds: string[], id: string) => {
    const i = listIds.indexOf(id);
    return i < 0 ? undefined : list[i];
  };
  const out: Json[] = [];
  // The server's order first (items it has); then the ones only this tab added, in this tab's order.
  for (const id of latestIds) {
    const merged = merge(at(base, baseIds, id), at(local, localIds, id), at(latest, latestIds, id), `${path}/${escape(id)}`, conflicts);
    if (merged !== undefined) out.push(merged);
  }
  for (const id of localIds) {
    if (latestIds.includes(id)) continue;
    // Removed on the server: gone, unless this tab changed it since (a conflict: the applicant's copy stays).
    const merged = merge(at(base, baseIds, id), at(local, localIds, id), undefined, `${path}/${escape(id)}`, conflicts);
    if (merged !== undefined) out.push(merged);
  }
  return out;
}

function merge(base: Json, local: Json, latest: Json, path: string, conflicts: string[]): Json {
  if (equal(local, base)) return latest;
  if (equal(latest, base) || equal(local, latest)) return local;
  if (isObject(local) && isObject(latest)) {
    const from = isObject(base) ? base : {};
    const out: Record<string, Json> = {};
    for (const key of new Set([...Object.keys(latest), ...Object.keys(local)])) {
      const merged = merge(from[key], local[key], latest[key], `${path}/${escape(key)}`, conflicts);
      if (merged !== undefined) out[key] = merged;
    }
    return out;
  }
  const localIds = idsOf(local);
  const latestIds = idsOf(latest);
  const baseIds = base === undefined ? [] : idsOf(base);
  if (localIds && latestIds && baseIds) {
    return mergeById((base ?? []) as Json[], local as Json[], latest as Json[], [baseIds, localIds, latestIds], path, conflicts);
  }
  conflicts.push(path || '/');
  return local;
}

/**
 * Merges the tab's edits (`local` against `base`) onto `latest`. Without a base (a copy kept from before this
 * tab knew its version), every value both copies have and that differs is taken as a conflict.
 */
export function rebase<T>(base: T | undefined, local: T, latest: T): Rebased<T> {
  const conflicts: string[] = [];
  const merged = merge(base, local, latest, '', conflicts);
  return { merged: merged as T, conflicts };
}

type Doc = Record<string, unknown>;

/**
 * What the store tells the applicant after a change made elsewhere (a 409, or a page load that found a newer copy),
 * in the language of the page. Their own words: the store's chunk (every page's entry) does not carry them.
 */
export const CONFLICT_TEXTS = {
  en: {
    kept: 'Your application was changed elsewhere, and some of the answers you changed here were changed there too. We kept your answers on screen but did not save them: please check them, then continue to save them.',
    submit: 'Your application was changed elsewhere, so we loaded the latest version and did not submit it. Please check it and submit it again.',
  },
  ar: {
    kept: 'تم تعديل طلبك في مكان آخر، وعُدّلت هناك أيضًا بعض الإجابات التي غيّرتها هنا. أبقينا إجاباتك على الشاشة دون حفظها: يرجى مراجعتها ثم المتابعة لحفظها.',
    submit: 'تم تعديل طلبك في مكان آخر، لذا حمّلنا أحدث نسخة منه ولم نقدّمه. يرجى مراجعته وتقديمه مرة أخرى.',
  },
} as const;

export interface RebasedProspect {
  /** The tab's copy to show: the server's latest with the applicant's edits on it (their value where both changed). */
  prospect: Doc;
  /** Edits of the applicant that the server does not have yet. */
  dirty: boolean;
  /** Paths both sides changed to different values: the applicant is asked, nothing is saved over the other change. */
  conflicts: string[];
  /** What to tell the applicant (undefined: the edits merged cleanly, nothing to say). */
  notice?: string;
  /** The conflicts as dotted field paths of `prospect` ("signatoryInfo[1].kycDetails.email"), to name them. */
  noticeFields: string[];
}

/**
 * A conflict's JSON pointer (a stakeholder named by its signatoryId, as the merge keys them) as the dotted path of
 * the field in `doc`, the stakeholder by its position there: what the journey's step lookup reads.
 */
export function dottedFieldPath(pointer: string, doc: Json): string {
  let at: Json = doc;
  let out = '';
  for (const raw of pointer.split('/').slice(1)) {
    const key = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    const ids = idsOf(at);
    if (Array.isArray(at)) {
      const index = ids ? ids.indexOf(key) : Number(key);
      out += `[${index < 0 ? key : index}]`;
      at = at[index];
    } else {
      out += out ? `.${key}` : key;
      at = isObject(at) ? at[key] : undefined;
    }
  }
  return out;
}

/**
 * The tab's copy after the server answered `latest`: `local` (the tab's client sections, undefined when it has no
 * unsaved edits) rebased from `base` onto it. The server's own sections (`serverOwned`) always come from `latest`.
 * `submit`: a submit was refused, which the applicant must check and send again even when the edits merged.
 */
export function rebaseOnto(base: Doc | undefined, local: Doc | undefined, latest: Doc, serverOwned: readonly string[], locale: string, submit = false): RebasedProspect {
  const texts = CONFLICT_TEXTS[locale === 'ar' ? 'ar' : 'en'];
  const theirs: Doc = {};
  for (const [k, v] of Object.entries(latest)) if (!serverOwned.includes(k)) theirs[k] = v;
  const { merged, conflicts } = local ? rebase<Doc>(base, local, theirs) : { merged: theirs, conflicts: [] };
  const prospect: Doc = { ...merged };
  for (const k of serverOwned) if (k in latest) prospect[k] = latest[k];
  const notice = conflicts.length > 0 ? texts.kept : submit ? texts.submit : undefined;
  const noticeFields = [...new Set(conflicts.map((c) => dottedFieldPath(c, prospect)))];
  return { prospect, dirty: !equal(merged, theirs), conflicts, noticeFields, ...(notice ? { notice } : {}) };
}

/** The page's language, as the app set it on <html> (src/app/i18n/I18nProvider.tsx): no import of the app's own. */
const pageLocale = () => globalThis.document?.documentElement.lang ?? 'en';


/**
 * The store's rebase (a 409, a page load): loads the server's latest copy and takes it with the tab's unsaved edits
 * rebased onto it. `clean`: they merged (send them again); false: a conflict (the applicant's answers kept on screen,
 * automatic saves held until their next explicit save, a notice). Undefined when the copy could not be loaded
 * (nothing changed; a stop code is set as the store's stop). `job` (a save refused with 409) comes back naming its
 * stakeholder where that one is now (one removed elsewhere moves the others up).
 */
export async function rebaseOnLatest(
  store: ApplicationStore,
  serverOwned: readonly string[],
  job: SaveJob = { saveType: 'auto' },
  /** The tab back in front: when the server still has this tab's version and status, nothing is replaced. */
  keepWhenUnchanged = false,
): Promise<{ clean: boolean; job: SaveJob } | undefined> {
  const snap = () => store.getSnapshot();
  const id = snap().prospectId;
  if (!id || !store.api) return undefined;
  const ids = () => (snap().prospect?.signatoryInfo ?? []).map((s) => (s as { signatoryId?: string }).signatoryId);
  const signatoryId = job.signatoryIndex === undefined ? undefined : ids()[job.signatoryIndex];
  let a: ProspectAnswer;
  try {
    a = (await store.api<ProspectAnswer>(`/api/usertypes/sme/prospects/${encodeURIComponent(id)}`)).body!;
  } catch (error) {
    const stop = store.stopOf(error);
    if (stop && snap().prospectId === id) store.set({ stop });
    return undefined;
  }
  const { prospect, dirty, version } = snap();
  if (snap().prospectId !== id) return undefined;
  const copy = store.serverCopy;
  if (keepWhenUnchanged && a.version === version && a.status === snap().status) return { clean: !store.held, job };
  const clientPart = (p: Prospect) => Object.fromEntries(Object.entries(p).filter(([k]) => !serverOwned.includes(k)));
  const base = copy?.prospectId === id && copy.version === version ? clientPart(copy.prospect) : undefined;
  const r = rebaseOnto(base, dirty && prospect ? clientPart(prospect) : undefined, a.prospect, serverOwned, pageLocale(), job.saveType === 'submit');
  store.serverCopy = { prospectId: id, version: a.version, prospect: a.prospect };
  // Still held while the answers a conflict kept are unsaved (a reload, the tab back in front): the applicant's
  // explicit save (which clears it first) sends them, never an automatic one.
  store.held = r.conflicts.length > 0 || (store.held && r.dirty);
  store.set({
    prospect: r.prospect,
    version: a.version,
    status: a.status,
    dirty: r.dirty,
    ...(r.notice ? { notice: r.notice, noticeFields: r.noticeFields } : {}),
  });
  const index = signatoryId === undefined ? -1 : ids().indexOf(signatoryId);
  return { clean: !store.held, job: index < 0 ? job : { ...job, signatoryIndex: index } };
}

/**
 * The tab back in front (visible again, or its window focused: both come together) takes the server's copy, so a
 * change saved in another tab shows without a reload; at most once in this long (as SWR's focus throttle).
 */
export const FOCUS_REFRESH_MS = 5_000;
let lastFocusRefresh = 0;

/**
 * The tab came back to the front (the store's visibilitychange and focus listeners): the server's copy is loaded and
 * the unsaved edits rebased onto it, as after a 409 (what only the other tab changed is taken, the applicant's own
 * edits stay, an answer both changed is kept on screen with a notice). Not while a save or another load is under way
 * (its answer, or its 409, brings the latest copy), nor more than once per FOCUS_REFRESH_MS; an unchanged version
 * changes nothing on the page. Saves wait for it (store.refreshing).
 */
export function refreshOnFocus(store: ApplicationStore, serverOwned: readonly string[]): void {
  const { prospect, stop, loading } = store.getSnapshot();
  if (!prospect || stop || loading || !store.api || store.refreshing || store.queue?.busy || Date.now() - lastFocusRefresh < FOCUS_REFRESH_MS) return;
  lastFocusRefresh = Date.now();
  const run: Promise<unknown> = rebaseOnLatest(store, serverOwned, undefined, true).finally(() => {
    if (store.refreshing === run) store.refreshing = undefined;
  });
  store.refreshing = run;
}

/**
 * A save refused with 409 (the store's send, ./store.ts). The application left the draft in the meantime
 * (submitted, declined, accounts opened: another tab, the bank): its latest copy is loaded (its status routes the
 * steps to the status page) and the server's reason said. A stop code stops it. Changed elsewhere (another tab, an
 * agent): the applicant's edits are rebased onto the latest copy and the save goes again (`again`, at most three
 * tries in all); where both changed the same answer, the applicant's stays on screen, they are told, and nothing is
 * saved until they save explicitly. A refused submit is never sent again by itself: the applicant checks it first.
 */
export async function onConflict(
  store: ApplicationStore,
  serverOwned: readonly string[],
  job: SaveJob,
  error: ApiRequestError,
  attempt: number,
  /** The store's LEFT_DRAFT_CODES (no import of the store's module: this chunk stays apart from the entry). */
  leftDraft: ReadonlySet<string>,
): Promise<SendOutcome<SaveResult> | { again: SaveJob }> {
  const closed = error.body?.errors?.find((e) => leftDraft.has(e.errorCode));
  if (closed) {
    store.set({ notice: closed.message, noticeFields: [] });
    store.queue?.clear();
    await store.load();
    return { kind: 'refused', result: { ok: false, stop: { code: closed.errorCode, message: closed.message } } };
  }
  const stop = store.stopOf(error);
  if (stop) store.set({ stop });
  const r = stop ? undefined : await rebaseOnLatest(store, serverOwned, job);
  const now = store.getSnapshot();
  if (!r) return now.stop ? { kind: 'refused', result: { ok: false, stop: now.stop } } : { kind: 'retry' };
  if (r.clean && job.saveType !== 'submit' && attempt < 2) return { again: r.job };
  if (r.clean && now.dirty) store.queue?.edit(true);
  return { kind: 'refused', result: { ok: false, stop: { code: 'VERSION_CONFLICT', message: now.notice ?? '' } }, held: !r.clean };
}

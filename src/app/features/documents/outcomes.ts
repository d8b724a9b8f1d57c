/**
 * What a screening result or a stop code shows (001 §4 'Screening outcomes', §8): pure functions over the
 * catalogue in schemas/outcomes.json, so wording and buttons are data, not code.
 */
import catalogueJson from '../../../../schemas/outcomes.json';
import type { ScreeningOutcome } from '../application';

export type OutcomeImage = 'callback' | 'declined';

export interface OutcomeButton {
  label: string;
  action: string;
  appearance?: 'primary' | 'secondary';
}

interface Entry {
  /** The catalogue's name of the check (Dedupe, BlackList, ...): for reference, never shown. */
  name?: string;
  message?: string;
  image?: string;
  buttons?: OutcomeButton[];
  variants?: Record<string, Omit<Entry, 'variants'>>;
}

export interface OutcomeCatalogue {
  default: { message: string; image: string; buttons: OutcomeButton[] };
  generic: { title: string; message: string };
  outcomeButtons: Record<string, OutcomeButton[]>;
  outcomeImages: Record<string, string>;
  screening: Record<string, Entry>;
  stopCodes: Record<string, Entry>;
  actions: Record<string, { to: string; flag?: string }>;
}

export const outcomeCatalogue = catalogueJson as unknown as OutcomeCatalogue;

/** A status page: icon, message and buttons. */
export interface StatusView {
  /** The check or code it comes from (screeningType, stop code), for analytics and tests. */
  reason: string;
  outcome?: string;
  /** The catalogue's name of the check, never shown to the applicant. */
  name?: string;
  message: string;
  image: OutcomeImage;
  buttons: OutcomeButton[];
  /** What the view was made from, so that the page can take its texts from the config's catalogue (the applicant's language). */
  source: { stop: { code: string; message?: string } } | { reason: string | undefined; outcome: string | undefined };
}

export type ScreeningView = { kind: 'submitted'; outcome: string } | { kind: 'status'; view: StatusView };

export interface ScreeningResult {
  screeningType?: string;
  screeningStatus?: string;
  screeningReason?: string;
  screeningFlag?: boolean;
}

const NO_MATCH = 'No Match';
const SUBMITTED_OUTCOMES = new Set(['SUCCESS', 'WITH_RO']);

const asImage = (value: string | undefined, fallback: OutcomeImage): OutcomeImage =>
  value === 'callback' || value === 'declined' ? value : fallback;

function resultsOf(pre: ScreeningOutcome): ScreeningResult[] {
  const list = pre.screeningResults;
  return Array.isArray(list) ? (list.filter((r) => r && typeof r === 'object') as ScreeningResult[]) : [];
}

/** The check that decided the overall outcome: a matched result with that outcome, else any matched one. */
export function decidingResult(pre: ScreeningOutcome): ScreeningResult | undefined {
  const overall = String(pre.statusOverAll ?? pre.reasonCode ?? '');
  const matched = resultsOf(pre).filter((r) => (r.screeningReason ? r.screeningReason !== NO_MATCH : r.screeningStatus !== undefined && r.screeningStatus !== 'SUCCESS'));
  return matched.find((r) => r.screeningStatus === overall) ?? matched[0];
}

/** The status page of one reason (a screeningType) with an outcome, from the catalogue; the default when unknown. */
export function statusFor(reason: string | undefined, outcome: string | undefined, catalogue: OutcomeCatalogue = outcomeCatalogue): StatusView {
  const entry = reason ? catalogue.screening[reason] : undefined;
  const variant = entry && outcome ? entry.variants?.[outcome] : undefined;
  const byOutcome = outcome ? catalogue.outcomeButtons[outcome] : undefined;
  const fallbackImage = asImage(outcome ? catalogue.outcomeImages[outcome] : undefined, asImage(catalogue.default.image, 'declined'));
  return {
    reason: reason ?? 'default',
    source: { reason, outcome },
    ...(outcome ? { outcome } : {}),
    ...(entry?.name ? { name: entry.name } : {}),
    message: variant?.message ?? entry?.message ?? catalogue.default.message,
    image: asImage(variant?.image ?? entry?.image, fallbackImage),
    buttons: variant?.buttons ?? entry?.buttons ?? byOutcome ?? catalogue.default.buttons,
  };
}

/**
 * After submit (or when a submitted application is opened again): 'submitted' when screening passed (SUCCESS or
 * WITH_RO with no check matched), otherwise the status page of the deciding check.
 */
export function screeningView(pre: ScreeningOutcome | undefined, catalogue: OutcomeCatalogue = outcomeCatalogue): ScreeningView {
  const overall = pre ? String(pre.statusOverAll ?? pre.reasonCode ?? '') : '';
  if (!pre || !overall) return { kind: 'submitted', outcome: 'SUCCESS' };
  const deciding = decidingResult(pre);
  if (!deciding && SUBMITTED_OUTCOMES.has(overall)) return { kind: 'submitted', outcome: overall };
  const reason = deciding?.screeningReason && deciding.screeningReason !== NO_MATCH ? deciding.screeningReason : deciding?.screeningType;
  return { kind: 'status', view: statusFor(reason ?? (typeof pre.screeningReason === 'string' ? pre.screeningReason : undefined), overall, catalogue) };
}

/** Whether a code ends the application on a status page (the catalogue's stop codes), not a message on the form. */
export function isStopCode(code: string, catalogue: OutcomeCatalogue = outcomeCatalogue): boolean {
  return Object.hasOwn(catalogue.stopCodes, code);
}

/** A prospect stop code (12012, 12002, EXP101, MAX_DOCUMENTS, ...): its catalogue message, else the server's, else the default. */
export function stopView(stop: { code: string; message?: string }, catalogue: OutcomeCatalogue = outcomeCatalogue): StatusView {
  const entry = catalogue.stopCodes[stop.code];
  return {
    reason: stop.code,
    source: { stop: { code: stop.code, ...(stop.message !== undefined ? { message: stop.message } : {}) } },
    message: entry?.message ?? (stop.message?.trim() || catalogue.default.message),
    image: asImage(entry?.image, asImage(catalogue.default.image, 'declined')),
    buttons: entry?.buttons ?? catalogue.default.buttons,
  };
}

/** Where a button goes: an external address when its flag holds one, else a route in this app. */
export function actionTarget(action: string, flags: Record<string, unknown> = {}, catalogue: OutcomeCatalogue = outcomeCatalogue) {
  const a = catalogue.actions[action] ?? catalogue.actions.products ?? { to: '/business/accounts' };
  const external = a.flag ? flags[a.flag] : undefined;
  if (typeof external === 'string' && /^https?:\/\//i.test(external.trim())) return { external: true as const, href: external.trim() };
  return { external: false as const, href: a.to };
}

/**
 * The same view with the texts of another catalogue: the config endpoint's, in the applicant's language (the bundled
 * catalogue is the English fallback while the config loads). A catalogue without the shape of outcomes.json is ignored.
 */
export function inCatalogue(view: StatusView, catalogue: unknown): StatusView {
  const c = catalogue as Partial<OutcomeCatalogue> | null | undefined;
  if (!c || typeof c !== 'object' || !c.screening || !c.stopCodes || !c.default || !c.outcomeButtons || !c.outcomeImages) return view;
  const full = c as OutcomeCatalogue;
  return 'stop' in view.source ? stopView(view.source.stop, full) : statusFor(view.source.reason, view.source.outcome, full);
}

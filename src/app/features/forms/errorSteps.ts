/**
 * Which step a server field error belongs to, so that an error the open step cannot show (a save refused for a
 * field of another step, a submit checking every step) names that step and links to it (issue 11, item 5).
 * A field belongs to the first step of the journey (JOURNEY_PAGES order) whose schema declares its path, for a
 * per-signatory step the path inside that stakeholder.
 */
import type { Prospect, RefusedAt } from '../application/contract';
import type { AppConfig } from '../config/useConfig';
import { JOURNEY_PAGES, pageSteps, type PageStep } from '../journey/journeySteps';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);

/** "signatoryInfo[0].kycDetails.dateOfBirth" -> ["signatoryInfo", "0", "kycDetails", "dateOfBirth"] */
const segmentsOf = (dotted: string) => dotted.replace(/\[(\d+)\]/g, '.$1').split('.').filter(Boolean);

/** Whether a JSON schema declares `path` (properties, array items, and the branches of allOf / anyOf / oneOf / if-then-else). */
export function declares(schema: unknown, path: string[]): boolean {
  if (!isObj(schema)) return false;
  if (path.length === 0) return true;
  const [head, ...rest] = path as [string, ...string[]];
  if (/^\d+$/.test(head) && schema.items !== undefined) {
    const items = Array.isArray(schema.items) ? schema.items[Number(head)] : schema.items;
    if (declares(items, rest)) return true;
  }
  if (isObj(schema.properties) && head in schema.properties && declares(schema.properties[head], rest)) return true;
  for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
    const list = schema[key];
    if (Array.isArray(list) && list.some((s) => declares(s, path))) return true;
  }
  return ['then', 'else'].some((k) => declares(schema[k], path));
}

/** The `title` of the field `path` declares in a JSON schema (the branches as `declares` reads them), if it has one. */
export function fieldTitle(schema: unknown, path: string[]): string | undefined {
  if (!isObj(schema)) return undefined;
  if (path.length === 0) return typeof schema.title === 'string' ? schema.title : undefined;
  const [head, ...rest] = path as [string, ...string[]];
  const inside: unknown[] = [];
  if (/^\d+$/.test(head) && schema.items !== undefined) inside.push(Array.isArray(schema.items) ? schema.items[Number(head)] : schema.items);
  if (isObj(schema.properties) && head in schema.properties) inside.push(schema.properties[head]);
  for (const s of inside) {
    const title = fieldTitle(s, rest);
    if (title) return title;
  }
  for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
    const list = schema[key];
    for (const s of Array.isArray(list) ? list : []) {
      const title = fieldTitle(s, path);
      if (title) return title;
    }
  }
  for (const k of ['then', 'else']) {
    const title = fieldTitle(schema[k], path);
    if (title) return title;
  }
  return undefined;
}

export interface ErrorStep {
  step: string;
  signatoryIndex?: number;
  /** What the person reads: the step's title, with the stakeholder's name for a per-signatory step. */
  title: string;
  /** Where the step opens; undefined when this person has no page for it. */
  href: string | undefined;
  messages: string[];
}

export interface StepPlace {
  page: string;
  step: PageStep;
  /** 1-based position of the step on its page (for a stakeholder: in that stakeholder's wizard). */
  position: number;
}

/** Every step of the journey with its page and position, in the journey's order. */
export function journeyPlaces(config: Pick<AppConfig, 'flows'>, prospect: Prospect | undefined): StepPlace[] {
  const out: StepPlace[] = [];
  for (const page of JOURNEY_PAGES) {
    const steps = pageSteps(config.flows as never, page.flows, prospect);
    const perStakeholder = new Map<string, number>();
    steps.forEach((step, i) => {
      let position = i + 1;
      if (page.path === '/business/StakeholdersInfo') {
        const key = `${step.flowId}@${step.signatoryIndex}`;
        position = (perStakeholder.get(key) ?? 0) + 1;
        perStakeholder.set(key, position);
      }
      out.push({ page: page.path, step, position });
    });
  }
  return out;
}

/** The customer's link to a step: its page with ?step=N, a stakeholder's wizard at that step. */
export function customerHref(place: StepPlace): string {
  if (place.page === '/business/StakeholdersInfo') return `${place.page}?stakeholder=${encodeURIComponent(place.step.signatoryId ?? '')}&step=${place.position}`;
  return `${place.page}?step=${place.position}`;
}

/** The first step of `places` whose schema declares the field `segments` (of a per-signatory step: inside its stakeholder). */
function placeOf(config: Pick<AppConfig, 'steps'>, places: StepPlace[], segments: string[]): StepPlace | undefined {
  return places.find(({ step }) => {
    const schema = config.steps[step.step]?.schema;
    if (step.signatoryIndex === undefined) return declares(schema, segments);
    return segments[0] === 'signatoryInfo' && segments[1] === String(step.signatoryIndex) && declares(schema, segments.slice(2));
  });
}

/**
 * The field errors (dotted paths relative to the prospect) that belong to a step other than `here`, grouped by step
 * in journey order. Errors of no step (the form itself) and of `here` are left to the form.
 */
export function errorsOnOtherSteps(
  config: Pick<AppConfig, 'flows' | 'steps'>,
  prospect: Prospect | undefined,
  fieldErrors: Record<string, string[]> | undefined,
  here: { step: string; signatoryIndex?: number } | undefined,
  hrefOf: (place: StepPlace) => string | undefined = customerHref,
): ErrorStep[] {
  const entries = Object.entries(fieldErrors ?? {}).filter(([path, messages]) => path !== '' && messages.length > 0);
  if (entries.length === 0) return [];
  const places = journeyPlaces(config, prospect);
  const found = new Map<StepPlace, string[]>();
  for (const [path, messages] of entries) {
    const place = placeOf(config, places, segmentsOf(path));
    if (!place || (here && place.step.step === here.step && place.step.signatoryIndex === here.signatoryIndex)) continue;
    found.set(place, [...(found.get(place) ?? []), ...messages]);
  }
  return places
    .filter((p) => found.has(p))
    .map((p) => ({
      step: p.step.step,
      ...(p.step.signatoryIndex === undefined ? {} : { signatoryIndex: p.step.signatoryIndex }),
      title: p.step.signatoryName ? `${p.step.title}: ${p.step.signatoryName}` : p.step.title,
      href: hrefOf(p),
      messages: [...new Set(found.get(p))],
    }));
}

/**
 * The steps the answers `paths` (dotted, of the prospect) are on, in journey order, each with the titles of those
 * answers as its messages (an answer without a title names its step only): what a notice about them lists.
 */
export function stepsOfFields(config: Pick<AppConfig, 'flows' | 'steps'>, prospect: Prospect | undefined, paths: readonly string[]): ErrorStep[] {
  const places = journeyPlaces(config, prospect);
  const titled: Record<string, string[]> = {};
  for (const path of paths) {
    const segments = segmentsOf(path);
    const place = placeOf(config, places, segments);
    if (!place) continue;
    const inStep = place.step.signatoryIndex === undefined ? segments : segments.slice(2);
    const title = fieldTitle(config.steps[place.step.step]?.schema, inStep);
    // errorsOnOtherSteps groups by step; an untitled answer still brings its step (with no words of its own).
    titled[path] = title ? [title] : [''];
  }
  return errorsOnOtherSteps(config, prospect, titled, undefined).map((s) => ({ ...s, messages: s.messages.filter(Boolean) }));
}

/**
 * Where a journey page shows the server's field errors of a refused save (its status line names it): the open step
 * highlights its own fields; errors only of other steps are in the list of steps that need attention; errors no step
 * declares (or none: a refusal without field errors) are shown nowhere, so the status asks to check the answers.
 */
export function refusedAt(
  config: Pick<AppConfig, 'flows' | 'steps'>,
  prospect: Prospect | undefined,
  fieldErrors: Record<string, string[]> | undefined,
  here: { step: string; signatoryIndex?: number },
): RefusedAt {
  const steps = errorsOnOtherSteps(config, prospect, fieldErrors, undefined, () => undefined);
  if (steps.some((s) => s.step === here.step && s.signatoryIndex === here.signatoryIndex)) return 'field';
  return steps.length > 0 ? 'steps' : 'answers';
}

import { stakeholderFlows } from '../../../shared/stakeholderFlows';
import { evaluateLogic } from '../../../validation/logic';
import type { AppConfig } from '../config/useConfig';

type Obj = Record<string, unknown>;
type Schema = Obj;

export interface OverviewRow {
  /** Prospect pointer of the value, e.g. /organizationInfo/companyName. */
  path: string;
  label: string;
  value: string;
}

export interface OverviewSection {
  /** Flow title, step title and, for a stakeholder, whose data it is. */
  title: string;
  rows: OverviewRow[];
  /** The flow (page) and step the answers were given on: the summary groups by flow and links Edit to it. */
  flow?: string;
  flowTitle?: string;
  step?: string;
  stepTitle?: string;
  /** The step's place in its flow (1-based): a stakeholder's wizard opens it by number. */
  stepNumber?: number;
}

const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);
const empty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

/** Local "#/definitions/x" references of a bundled step schema. */
function deref(schema: Schema, root: Schema): Schema {
  let current = schema;
  for (let i = 0; i < 10 && typeof current.$ref === 'string' && current.$ref.startsWith('#/'); i++) {
    const target = current.$ref
      .slice(2)
      .split('/')
      .reduce<unknown>((node, key) => (isObj(node) ? node[key.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined), root);
    if (!isObj(target)) break;
    const { $ref: _ignored, ...rest } = current;
    current = { ...target, ...rest };
  }
  return current;
}

/** Properties declared by the schema, including those only declared in its conditional branches. */
function propertiesOf(schema: Schema, root: Schema): Record<string, Schema> {
  const out: Record<string, Schema> = {};
  const visit = (s: unknown, depth: number) => {
    if (!isObj(s) || depth > 4) return;
    const d = deref(s, root);
    if (isObj(d.properties)) {
      for (const [k, v] of Object.entries(d.properties)) {
        if (!isObj(v)) continue;
        // Keep the richest declaration (one with a title or nested properties wins over a bare constraint).
        const prev = out[k];
        if (!prev || (!prev.title && v.title) || (!prev.properties && v.properties)) out[k] = { ...(prev ?? {}), ...v };
      }
    }
    for (const key of ['allOf', 'anyOf', 'oneOf']) if (Array.isArray(d[key])) (d[key] as unknown[]).forEach((x) => visit(x, depth + 1));
    visit(d.then, depth + 1);
    visit(d.else, depth + 1);
  };
  visit(schema, 0);
  return out;
}

function listLabel(config: AppConfig, schema: Schema, value: string): string {
  const spec = schema['x-list'];
  const name = isObj(spec) && typeof spec.list === 'string' ? spec.list : undefined;
  if (!name) return value;
  const find = (options: { value: string; label: string; children?: unknown[] }[] | undefined): string | undefined => {
    for (const o of options ?? []) {
      if (o.value === value) return o.label;
      const nested = find(o.children as never);
      if (nested) return nested;
    }
    return undefined;
  };
  const lists = [name, ...(Array.isArray((spec as Obj).variants) ? ((spec as Obj).variants as Obj[]).map((v) => String(v.list)) : [])];
  for (const l of lists) {
    const label = find(config.lists[l]?.options);
    if (label) return label;
  }
  return value;
}

function enumLabel(schema: Schema, ui: Obj, value: unknown): string | undefined {
  if (Array.isArray(schema.enum) && Array.isArray(ui['ui:enumNames'])) {
    const i = schema.enum.indexOf(value);
    if (i >= 0) return String((ui['ui:enumNames'] as unknown[])[i]);
  }
  for (const key of ['oneOf', 'anyOf']) {
    if (Array.isArray(schema[key])) {
      const match = (schema[key] as Obj[]).find((o) => isObj(o) && o.const === value && typeof o.title === 'string');
      if (match) return String(match.title);
    }
  }
  return undefined;
}

/** The summary's own words in the reader's language (the page passes them; English by default). */
export interface OverviewWords {
  locale: 'en' | 'ar';
  yes: string;
  no: string;
  notUploaded: string;
  uploaded: string;
  /** A stakeholder not named yet: "Stakeholder 2". */
  stakeholder(n: number): string;
  /** The file name of an uploaded document by its key, when the page has the documents list. */
  fileOf?(documentKey: string): string | undefined;
}

export const ENGLISH_OVERVIEW_WORDS: OverviewWords = { locale: 'en', yes: 'Yes', no: 'No', notUploaded: 'Not uploaded', uploaded: 'Uploaded', stakeholder: (n) => `Stakeholder ${n}` };

/**
 * A form's Upload widget (e.g. a stakeholder's proof of relationship) stores the key of the uploaded document:
 * the reader sees the file's name and that it is uploaded, as the widget shows it, never the key.
 */
function uploadedValue(documentKey: string, words: OverviewWords): string {
  const file = words.fileOf?.(documentKey);
  return file ? `${file} (${words.uploaded})` : words.uploaded;
}

/** Dates in the local (UAE, day first) format: 12 Mar 2024; in Arabic 12 مارس 2024 (Western digits, as UAE banks print them). */
const localDates = {
  en: new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }),
  ar: new Intl.DateTimeFormat('ar-AE-u-nu-latn', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }),
};
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function formatDate(value: string, locale: OverviewWords['locale'] = 'en'): string {
  const m = ISO_DATE.exec(value);
  if (!m) return value;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return Number.isNaN(date.getTime()) ? value : localDates[locale].format(date);
}

/** A value as the applicant and the agent read it: list labels, Yes/No, dates in the local format. */
export function formatValue(config: AppConfig, schema: Schema, ui: Obj, value: unknown, words: OverviewWords = ENGLISH_OVERVIEW_WORDS): string {
  if (typeof value === 'boolean') return value ? words.yes : words.no;
  const named = enumLabel(schema, ui, value);
  if (named) return named;
  if (typeof value === 'string') {
    if (value === 'Y') return words.yes;
    if (value === 'N') return words.no;
    if (schema.format === 'date' || ISO_DATE.test(value)) return formatDate(value, words.locale);
    return listLabel(config, schema, value);
  }
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) {
    // A list of codes takes its labels from the array's list (x-list on the array) or from the items' own.
    const items = isObj(schema.items) ? (schema.items as Schema) : {};
    const itemSchema = items['x-list'] || !schema['x-list'] ? items : { ...items, 'x-list': schema['x-list'] };
    const itemUi = isObj(ui.items) ? (ui.items as Obj) : Array.isArray(ui['ui:enumNames']) ? { 'ui:enumNames': ui['ui:enumNames'] } : {};
    return value.map((v) => formatValue(config, itemSchema, itemUi, v, words)).join(words.locale === 'ar' ? '، ' : ', ');
  }
  return JSON.stringify(value);
}

/** An upload field ({ fileName, uploadStatus }): its file name, or "Not uploaded". */
const isUpload = (props: Record<string, Schema>) => 'uploadStatus' in props && 'fileName' in props;

const labelOf = (schema: Schema, ui: Obj): string | undefined => {
  const l = ui['ui:title'] ?? schema.title ?? schema['x-label'];
  return typeof l === 'string' && l.trim() ? l.trim() : undefined;
};

const hidden = (ui: Obj) => ui['ui:widget'] === 'hidden' || (isObj(ui['ui:options']) && (ui['ui:options'] as Obj).hidden === true);

/**
 * The rows of one step: every leaf the step's schema declares and the prospect holds, labelled with the
 * schema's titles (nested titles joined with " · ", array items numbered). Nothing is listed by hand.
 */
export function stepRows(config: AppConfig, step: { schema: Schema; uiSchema: Obj }, data: unknown, base = '', words: OverviewWords = ENGLISH_OVERVIEW_WORDS): OverviewRow[] {
  const root = step.schema;
  const rows: OverviewRow[] = [];
  const walk = (schema: Schema, ui: Obj, value: unknown, path: string, labels: string[], item = false) => {
    const s = deref(schema, root);
    if (hidden(ui) || empty(value)) return;
    // The step's own title is the section's title; an array item is named by its array (numbered), not by the
    // items' own title, and a label equal to the one before it is not repeated ("Industry · Industry").
    const label = path === '' || item ? undefined : labelOf(s, ui);
    const here = label && label !== labels.at(-1) ? [...labels, label] : labels;
    const props = propertiesOf(s, root);
    if (isObj(value) && isUpload(props)) {
      const file = typeof value.fileName === 'string' && value.fileName ? value.fileName : words.notUploaded;
      rows.push({ path: base + path, label: here.join(' · ') || path, value: file });
      return;
    }
    if (isObj(value) && Object.keys(props).length > 0) {
      for (const [key, child] of Object.entries(props)) {
        walk(child, isObj(ui[key]) ? (ui[key] as Obj) : {}, value[key], `${path}/${key}`, here);
      }
      return;
    }
    if (Array.isArray(value) && isObj(s.items) && value.some(isObj)) {
      const itemUi = isObj(ui.items) ? (ui.items as Obj) : {};
      const several = value.length > 1;
      value.forEach((entry, i) => {
        const named = several && here.length ? [...here.slice(0, -1), `${here.at(-1)} ${i + 1}`] : here;
        walk(s.items as Schema, itemUi, entry, `${path}/${i}`, named, true);
      });
      return;
    }
    if (isObj(value)) return; // an object the schema does not describe is left out
    const shown = ui['ui:widget'] === 'Upload' && typeof value === 'string' ? uploadedValue(value, words) : formatValue(config, s, ui, value, words);
    rows.push({ path: base + path, label: here.join(' · ') || labelOf(s, ui) || path, value: shown });
  };
  walk(root, step.uiSchema, data, '', []);
  return rows;
}

function stakeholderName(s: Obj, i: number, words: OverviewWords): string {
  const k = isObj(s.kycDetails) ? s.kycDetails : {};
  const person = [k.firstName, k.middleName, k.lastName].filter((x) => typeof x === 'string' && x).join(' ');
  const info = isObj(s.signatoryCompanyInfo) ? s.signatoryCompanyInfo : {};
  const company = typeof info.companyName === 'string' ? info.companyName : typeof k.companyName === 'string' ? k.companyName : '';
  return person || company || (typeof s.fullName === 'string' ? s.fullName : '') || words.stakeholder(i + 1);
}

/**
 * The whole prospect by sections, in flow order: the prospect's flows (scope ""), then each stakeholder's
 * flows (scope "/signatoryInfo/*"). A value shown by an earlier step is not repeated.
 */
export function prospectOverview(
  config: AppConfig,
  prospect: Obj,
  words: OverviewWords = ENGLISH_OVERVIEW_WORDS,
): { sections: OverviewSection[]; stakeholders: { name: string; id: string; index: number; sections: OverviewSection[] }[] } {
  const seen = new Set<string>();
  // Answers the form logic hides (stale "Site visit: Yes" beside a reason for no visit) are not shown.
  const { hidden } = evaluateLogic(config, prospect);
  const isHidden = (path: string) => {
    for (let p = path; p; p = p.slice(0, p.lastIndexOf('/'))) if (hidden.has(p)) return true;
    return false;
  };
  const fresh = (rows: OverviewRow[]) =>
    rows.filter((r) => {
      if (seen.has(r.path) || isHidden(r.path)) return false;
      seen.add(r.path);
      return true;
    });
  const sections: OverviewSection[] = [];
  for (const [flowName, flow] of Object.entries(config.flows)) {
    if (flow.scope !== '') continue;
    for (const fs of flow.steps) {
      const step = config.steps[fs.step];
      if (!step) continue;
      const rows = fresh(stepRows(config, step as never, prospect, '', words));
      if (rows.length) sections.push({ title: flow.title === fs.title ? fs.title : `${flow.title}: ${fs.title}`, rows, flow: flowName, flowTitle: flow.title, step: fs.step, stepTitle: fs.title });
    }
  }
  const list = Array.isArray(prospect.signatoryInfo) ? (prospect.signatoryInfo as unknown[]).filter(isObj) : [];
  const stakeholders = list.map((s, i) => {
    const out: OverviewSection[] = [];
    for (const name of stakeholderFlows(config.flows, s)) {
      const flow = config.flows[name]!;
      for (const fs of flow.steps) {
        const step = config.steps[fs.step];
        if (!step) continue;
        const rows = fresh(stepRows(config, step as never, s, `/signatoryInfo/${i}`, words));
        if (rows.length) out.push({ title: fs.title, rows, flow: name, flowTitle: flow.title, step: fs.step, stepTitle: fs.title, stepNumber: flow.steps.indexOf(fs) + 1 });
      }
    }
    return { name: stakeholderName(s, i, words), id: String(s.signatoryId ?? i), index: i, sections: out };
  });
  return { sections, stakeholders };
}

import type { BuiltContent } from '../../content/contentTypes';
import type { Problem } from './draft';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);
const esc = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * The names `ui:widget` may use: RJSF's own widgets and the ones registered in widgets/index.ts (kept in step
 * by test/unit/studioWidgets.test.ts). An unknown name makes RJSF fail to render the step.
 */
export const KNOWN_WIDGETS = new Set([
  // RJSF defaults (core)
  'AltDateTimeWidget', 'AltDateWidget', 'CheckboxesWidget', 'CheckboxWidget', 'ColorWidget', 'DateTimeWidget', 'DateWidget',
  'EmailWidget', 'FileWidget', 'HiddenWidget', 'PasswordWidget', 'RadioWidget', 'RangeWidget', 'SelectWidget', 'TextareaWidget',
  'TextWidget', 'TimeWidget', 'UpDownWidget', 'URLWidget',
  'alt-date', 'alt-datetime', 'checkbox', 'checkboxes', 'color', 'date', 'datetime', 'email', 'file', 'hidden', 'password',
  'radio', 'range', 'select', 'text', 'textarea', 'time', 'updown', 'uri', 'hostname', 'ipv4', 'ipv6', 'data-url', 'date-time', 'files',
  // widgets/index.ts
  'ListSelect', 'LargeListSelect', 'MultiListSelect', 'YesNo', 'DateInput', 'EmiratesId', 'Giin', 'Percentage', 'Upload',
  'PackageCards', 'ExpressOffer', 'Checkbox',
]);

/** What a UI schema node can refer to: the properties of an object (merged over its branches) and its items. */
interface Shape {
  properties: Map<string, Obj[]>;
  open: boolean;
  items: Obj[];
}

function resolve(root: Obj, node: Obj, seen: Set<Obj> = new Set()): Obj[] {
  if (seen.has(node)) return [];
  seen.add(node);
  const out: Obj[] = [node];
  const ref = node.$ref;
  if (typeof ref === 'string' && ref.startsWith('#')) {
    const target = ref
      .slice(1)
      .split('/')
      .filter(Boolean)
      .map((s) => decodeURIComponent(s).replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce<unknown>((cur, key) => (isObj(cur) ? cur[key] : undefined), root);
    if (isObj(target)) out.push(...resolve(root, target, seen));
  }
  for (const key of ['allOf', 'anyOf', 'oneOf']) {
    const list = node[key];
    if (Array.isArray(list)) for (const sub of list) if (isObj(sub)) out.push(...resolve(root, sub, seen));
  }
  for (const key of ['if', 'then', 'else']) if (isObj(node[key])) out.push(...resolve(root, node[key] as Obj, seen));
  if (isObj(node.dependencies)) for (const sub of Object.values(node.dependencies)) if (isObj(sub)) out.push(...resolve(root, sub, seen));
  return out;
}

function shapeOf(root: Obj, nodes: Obj[]): Shape {
  const shape: Shape = { properties: new Map(), open: false, items: [] };
  for (const node of nodes.flatMap((n) => resolve(root, n))) {
    if (isObj(node.properties)) {
      for (const [name, sub] of Object.entries(node.properties)) {
        if (!isObj(sub)) continue;
        shape.properties.set(name, [...(shape.properties.get(name) ?? []), sub]);
      }
    }
    if (isObj(node.additionalProperties) || isObj(node.patternProperties)) shape.open = true;
    if (isObj(node.items)) shape.items.push(node.items);
  }
  return shape;
}

function checkNode(step: string, root: Obj, schemaNodes: Obj[], ui: Obj, pointer: string, problems: Problem[]): void {
  const path = `steps/${step}.ui.json`;
  const shape = shapeOf(root, schemaNodes);
  const widget = ui['ui:widget'];
  if (widget !== undefined && (typeof widget !== 'string' || !KNOWN_WIDGETS.has(widget))) {
    problems.push({ path, pointer: `${pointer}/ui:widget`, message: `Unknown widget ${JSON.stringify(widget)}; use one of the registered widgets (${[...KNOWN_WIDGETS].filter((w) => /^[A-Z]/.test(w) && !w.endsWith('Widget')).join(', ')}) or RJSF's` });
  }
  const order = ui['ui:order'];
  if (order !== undefined) {
    if (!Array.isArray(order) || !order.every((o) => typeof o === 'string')) {
      problems.push({ path, pointer: `${pointer}/ui:order`, message: 'ui:order must be a list of field names' });
    } else if (shape.properties.size > 0) {
      for (const name of order) {
        if (name !== '*' && !shape.properties.has(name)) {
          problems.push({ path, pointer: `${pointer}/ui:order`, message: `ui:order names "${name}", which is not a field of the step schema` });
        }
      }
      if (!order.includes('*')) {
        for (const name of shape.properties.keys()) {
          if (!order.includes(name)) problems.push({ path, pointer: `${pointer}/ui:order`, message: `ui:order leaves out the field "${name}" (add it, or "*")` });
        }
      }
    }
  }
  for (const [key, value] of Object.entries(ui)) {
    if (key.startsWith('ui:')) continue;
    const at = `${pointer}/${esc(key)}`;
    if (key === 'items' && shape.items.length > 0) {
      if (isObj(value)) checkNode(step, root, shape.items, value, at, problems);
      continue;
    }
    const sub = shape.properties.get(key);
    if (!sub) {
      if (!shape.open) problems.push({ path, pointer: at, message: `The UI schema refers to "${key}", which is not a field of the step schema` });
      continue;
    }
    if (isObj(value)) checkNode(step, root, sub, value, at, problems);
    else problems.push({ path, pointer: at, message: `The UI schema of "${key}" must be an object` });
  }
}

/** The UI schemas of a draft (or of some steps) against their (bundled) step schemas: fields, ui:order, widgets. */
export function uiSchemaProblems(built: BuiltContent, files: Record<string, unknown>, steps?: string[]): Problem[] {
  const problems: Problem[] = [];
  for (const path of Object.keys(files)) {
    const step = /^steps\/([A-Za-z0-9]+)\.ui\.json$/.exec(path)?.[1];
    if (!step || (steps && !steps.includes(step))) continue;
    const def = built.steps[step];
    if (!def) {
      problems.push({ path, message: `UI schema without a step schema (steps/${step}.schema.json)` });
      continue;
    }
    checkNode(step, def.schema as Obj, [def.schema as Obj], def.uiSchema, '', problems);
  }
  return problems;
}

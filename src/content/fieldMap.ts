import type { AnySchemaObject } from 'ajv';
import type { BuiltContent } from './contentTypes';
import { SCHEMA_BASE } from './contentTypes';
import { NON_PROSPECT_FLOWS } from '../shared/stakeholderFlows';
import { derivedPaths } from '../validation/logic';

/**
 * Every field a prospect may hold, and who may write it: the union of the properties declared by the steps that
 * edit the prospect (flow scope "" and "/signatoryInfo/*"), the prospect and stakeholder-list schemas and
 * serverFields.schema.json. The server refuses any other key (schemas are closed as a whole: a step declares only
 * the part of a section it edits, so `additionalProperties: false` on a step would refuse its neighbours' fields).
 * `x-writer` on a schema node says who writes it and everything below it: applicant (the default, agents may
 * write it too), agent (relationship officers only) or server (nobody through the API).
 */

export const WRITERS = ['applicant', 'agent', 'server'] as const;
export type Writer = (typeof WRITERS)[number];

export { NON_PROSPECT_FLOWS };

export interface FieldNode {
  /** Who writes this field (undefined: as its parent; the root is the applicant's). */
  writer?: Writer;
  label?: string;
  props: Map<string, FieldNode>;
  items?: FieldNode;
  /** Keys beyond `props` are allowed (additionalProperties/patternProperties, or a node that declares nothing). */
  open: boolean;
}

export interface FieldMap {
  root: FieldNode;
  /** Inconsistencies: a field given two different writers, an opened object, a key that is a prototype name. */
  problems: string[];
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);
const newNode = (): FieldNode => ({ props: new Map(), open: false });
export const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

function resolve(ref: string, base: string, registry: ReadonlyMap<string, AnySchemaObject>): { schema: unknown; base: string } {
  const absolute = new URL(ref, base).href;
  const [doc = '', fragment = ''] = absolute.split('#');
  let node: unknown = registry.get(doc);
  for (const part of fragment.split('/').slice(1)) node = isObj(node) ? node[decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
  return { schema: node, base: doc };
}

function build(content: Pick<BuiltContent, 'registry' | 'flows' | 'steps'>): FieldMap {
  const root = newNode();
  const problems: string[] = [];
  const walk = (schema: unknown, node: FieldNode, base: string, where: string, refs: ReadonlySet<string>): void => {
    if (!isObj(schema)) return;
    if (typeof schema.$ref === 'string') {
      const key = new URL(schema.$ref, base).href;
      if (!refs.has(key)) {
        const target = resolve(schema.$ref, base, content.registry);
        walk(target.schema, node, target.base, where, new Set([...refs, key]));
      }
    }
    const writer = schema['x-writer'] as Writer | undefined;
    if (writer) {
      if (node.writer && node.writer !== writer) problems.push(`${where}: written by ${node.writer} and by ${writer}`);
      node.writer = writer;
    }
    // A file's own title names a page ("Personal Information"), not a field: only titles inside a file label fields.
    if (where !== '' && typeof schema.title === 'string' && schema.title && !node.label) node.label = schema.title;
    if (schema.additionalProperties === true || isObj(schema.additionalProperties) || isObj(schema.patternProperties)) node.open = true;
    if (isObj(schema.properties)) {
      for (const [key, sub] of Object.entries(schema.properties)) {
        if (FORBIDDEN_KEYS.has(key)) problems.push(`${where}/${key}: "${key}" cannot be a field name`);
        let child = node.props.get(key);
        if (!child) node.props.set(key, (child = newNode()));
        walk(sub, child, base, `${where}/${key}`, refs);
      }
    }
    const items = Array.isArray(schema.items) ? schema.items : isObj(schema.items) ? [schema.items] : [];
    for (const sub of items) walk(sub, (node.items ??= newNode()), base, `${where}/*`, refs);
    for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
      const list = schema[key];
      if (Array.isArray(list)) for (const sub of list) walk(sub, node, base, where, refs);
    }
    // Conditions (`if`, `not`, `contains`) only test fields; what they declare in `then`/`else` can be stored.
    walk(schema.then, node, base, where, refs);
    walk(schema.else, node, base, where, refs);
    if (isObj(schema.dependencies)) for (const sub of Object.values(schema.dependencies)) walk(sub, node, base, where, refs);
  };

  const stakeholder = () => {
    let list = root.props.get('signatoryInfo');
    if (!list) root.props.set('signatoryInfo', (list = newNode()));
    return (list.items ??= newNode());
  };
  const walkFile = (path: string, node: FieldNode) => {
    const id = SCHEMA_BASE + path;
    if (content.registry.has(id)) walk(content.registry.get(id), node, id, '', new Set());
  };
  // The stakeholder list is named by its own schema (not by the first step that happens to show it, e.g. the debit
  // card names of Select Services): "Company Stakeholders 2 · Marital status" in the audit trail.
  const listTitle = (content.registry.get(SCHEMA_BASE + 'stakeholderList.schema.json') as Obj | undefined)?.title;
  if (typeof listTitle === 'string' && listTitle) {
    const list = root.props.get('signatoryInfo') ?? newNode();
    root.props.set('signatoryInfo', list);
    list.label = listTitle;
  }
  for (const [name, flow] of Object.entries(content.flows)) {
    if (NON_PROSPECT_FLOWS.includes(name) || (flow.scope !== '' && flow.scope !== '/signatoryInfo/*')) continue;
    for (const { step } of flow.steps) walkFile(`steps/${step}.schema.json`, flow.scope === '' ? root : stakeholder());
  }
  walkFile('prospect.schema.json', root);
  walkFile('serverFields.schema.json', root);
  const list = root.props.get('signatoryInfo');
  if (list) walkFile('stakeholderList.schema.json', list);
  // A derived value (a `ui:logic.derive` target) is a field too: the form-logic engine recomputes it on every save.
  for (const path of derivedPaths(content)) {
    let at = root;
    for (const part of path) {
      if (part === '*' || /^\d+$/.test(part)) at = at.items ??= newNode();
      else {
        let child = at.props.get(part);
        if (!child) at.props.set(part, (child = newNode()));
        at = child;
      }
    }
  }
  markOpenLeaves(root, '', problems);
  return { root, problems };
}

/**
 * A node that declares no property and no items holds a value of its own (string, number, a free-form object the
 * server writes): it is open. An opened object outside the server's sections is a problem: schemas stay closed.
 */
function markOpenLeaves(node: FieldNode, where: string, problems: string[], writer: Writer = 'applicant'): void {
  const own = node.writer ?? writer;
  if (node.open && own !== 'server') problems.push(`${where || '/'}: additionalProperties or patternProperties open an object the applicant or an agent writes`);
  if (node.props.size === 0 && !node.items) node.open = true;
  for (const [key, child] of node.props) markOpenLeaves(child, `${where}/${key}`, problems, own);
  if (node.items) markOpenLeaves(node.items, `${where}/*`, problems, own);
}

const cache = new WeakMap<object, FieldMap>();

/** The field map of a content version (computed once per version). */
export function fieldMap(content: Pick<BuiltContent, 'registry' | 'flows' | 'steps'>): FieldMap {
  let map = cache.get(content.registry);
  if (!map) cache.set(content.registry, (map = build(content)));
  return map;
}

/** Every field (JSON pointer, "*" for array items) whose effective writer is not the applicant. */
export function ownedFields(map: FieldMap): { pointer: string; writer: Writer }[] {
  const out: { pointer: string; writer: Writer }[] = [];
  const visit = (node: FieldNode, pointer: string, inherited: Writer) => {
    const own = node.writer ?? inherited;
    if (own !== inherited) out.push({ pointer, writer: own });
    for (const [key, child] of node.props) visit(child, `${pointer}/${key}`, own);
    if (node.items) visit(node.items, `${pointer}/*`, own);
  };
  visit(map.root, '', 'applicant');
  return out;
}

/**
 * The words of a field's pointer for people (the audit trail): the schemas' titles along the path, an array
 * item numbered after its array's title ("Top customers 2 · Name"), a title equal to the one before it not
 * repeated. Undefined when no schema titles the field.
 */
export function fieldLabel(map: FieldMap, pointer: string): string | undefined {
  const parts = pointer.split('/').slice(1).map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  const labels: string[] = [];
  let node: FieldNode | undefined = map.root;
  let leafLabel: string | undefined;
  for (const part of parts) {
    if (!node) return undefined;
    if (/^\d+$/.test(part) && node.items) {
      // An item is named by its list and number; its own title (a definition's, e.g. "EID ping") is not repeated.
      if (labels.length) labels[labels.length - 1] = `${labels.at(-1)} ${Number(part) + 1}`;
      node = node.items;
      leafLabel = labels.at(-1);
      continue;
    } else {
      node = node.props.get(part);
    }
    leafLabel = node?.label;
    if (node?.label && node.label !== labels.at(-1)) labels.push(node.label);
  }
  if (!leafLabel && !labels.length) return undefined;
  // A field without a title of its own is named by its key after its titled parents (never by the parents alone).
  if (!leafLabel) labels.push(parts.at(-1)!);
  // The last three titles say enough ("Company stakeholders 2 · Personal details · First name").
  return labels.slice(-3).join(' · ');
}

/**
 * The studio's form view: reading and changing one field of a step (label, help, required, limits, options,
 * messages) in the schema and UI schema the same way the repo's schemas are written (schemas/README.md):
 * label = `title` (or `ui:title` when the UI schema overrides it), help = `ui:help`, messages through ajv-errors
 * `errorMessage` (required ones on the parent object). Every function returns new documents.
 */

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => !!v && typeof v === 'object' && !Array.isArray(v);

/** A field by property names from the root; "*" steps into an array's items. */
export type FieldPath = string[];

export interface FieldEntry {
  path: FieldPath;
  /** "organizationInfo.companyName" */
  key: string;
  label: string;
  type: string;
  /** Objects hold fields (a new field can be added there). */
  isObject: boolean;
  depth: number;
}

export interface FieldState {
  type: string;
  label: string;
  help: string;
  required: boolean;
  requiredMessage: string;
  maxLength?: number;
  pattern?: string;
  enumValues?: string[];
  /** ajv-errors messages of the field, by keyword (an errorMessage string counts for every keyword: key "*"). */
  messages: Record<string, string>;
}

export const fieldKey = (path: FieldPath) => path.join('.');

function typeOf(node: Json): string {
  if (Array.isArray(node.type)) return node.type.join(' | ');
  if (typeof node.type === 'string') return node.type;
  if (node.$ref) return 'ref';
  if (node.properties) return 'object';
  return 'any';
}

/** The schema node of a field (undefined when the path does not exist). */
export function schemaNode(schema: Json, path: FieldPath): Json | undefined {
  let node: unknown = schema;
  for (const segment of path) {
    if (!isObject(node)) return undefined;
    node = segment === '*' ? node.items : isObject(node.properties) ? node.properties[segment] : undefined;
  }
  return isObject(node) ? node : undefined;
}

/** The UI schema node of a field, created on the way when `create` is set. */
function uiNode(ui: Json, path: FieldPath, create: boolean): Json | undefined {
  let node: Json = ui;
  for (const segment of path) {
    const key = segment === '*' ? 'items' : segment;
    if (!isObject(node[key])) {
      if (!create) return undefined;
      node[key] = {};
    }
    node = node[key] as Json;
  }
  return node;
}

/** Every field of a step schema, parents before children, nested objects and array items included. */
export function listFields(schema: Json): FieldEntry[] {
  const out: FieldEntry[] = [];
  const walk = (node: Json, path: FieldPath) => {
    const props = isObject(node.properties) ? node.properties : {};
    for (const [name, child] of Object.entries(props)) {
      if (!isObject(child)) continue;
      const p = [...path, name];
      const label = typeof child.title === 'string' && child.title ? child.title : name;
      out.push({ path: p, key: fieldKey(p), label, type: typeOf(child), isObject: isObject(child.properties), depth: path.length });
      walk(child, p);
      if (isObject(child.items) && isObject(child.items.properties)) {
        const ip = [...p, '*'];
        out.push({ path: ip, key: fieldKey(ip), label: `${label} (each item)`, type: 'object', isObject: true, depth: p.length });
        walk(child.items, ip);
      }
    }
  };
  walk(schema, []);
  return out;
}

function parentOf(schema: Json, path: FieldPath): Json | undefined {
  return path.length === 1 ? schema : schemaNode(schema, path.slice(0, -1));
}

export function readField(schema: Json, ui: Json, path: FieldPath): FieldState | undefined {
  const node = schemaNode(schema, path);
  if (!node) return undefined;
  const name = path[path.length - 1]!;
  const parent = parentOf(schema, path);
  const uiN = uiNode(ui, path, false) ?? {};
  const required = Array.isArray(parent?.required) && parent.required.includes(name);
  const parentMessages = isObject(parent?.errorMessage) && isObject(parent.errorMessage.required) ? parent.errorMessage.required : {};
  const em = node.errorMessage;
  const messages: Record<string, string> = {};
  if (typeof em === 'string') messages['*'] = em;
  else if (isObject(em)) for (const [k, v] of Object.entries(em)) if (typeof v === 'string') messages[k] = v;
  return {
    type: typeOf(node),
    label: typeof uiN['ui:title'] === 'string' ? uiN['ui:title'] : typeof node.title === 'string' ? node.title : '',
    help: typeof uiN['ui:help'] === 'string' ? uiN['ui:help'] : '',
    required,
    requiredMessage: typeof parentMessages[name] === 'string' ? parentMessages[name] : '',
    ...(typeof node.maxLength === 'number' ? { maxLength: node.maxLength } : {}),
    ...(typeof node.pattern === 'string' ? { pattern: node.pattern } : {}),
    ...(Array.isArray(node.enum) ? { enumValues: node.enum.map(String) } : {}),
    messages,
  };
}

/** The repo's wording for a length limit (spec: 'Maximum N characters allowed'). */
export const maxLengthMessage = (n: number) => `Maximum ${n} characters allowed`;

/** What the form view changes; absent keys stay as they are, `null` removes a rule. */
export interface FieldEdit {
  label?: string;
  help?: string;
  required?: boolean;
  requiredMessage?: string;
  maxLength?: number | null;
  pattern?: string | null;
  enumValues?: string[] | null;
  /** Message per keyword; an empty text removes it. */
  messages?: Record<string, string>;
}

function setMessage(node: Json, keyword: string, message: string | undefined) {
  if (keyword === '*') {
    if (message) node.errorMessage = message;
    else delete node.errorMessage;
    return;
  }
  if (typeof node.errorMessage === 'string') return; // one message for every rule: edited as "*"
  const em: Json = isObject(node.errorMessage) ? { ...node.errorMessage } : {};
  if (message) em[keyword] = message;
  else delete em[keyword];
  if (Object.keys(em).length) node.errorMessage = em;
  else delete node.errorMessage;
}

/** Applies a form-view edit to copies of the schema and UI schema. */
export function editField(schema: Json, ui: Json, path: FieldPath, edit: FieldEdit): { schema: Json; ui: Json } {
  const s = structuredClone(schema);
  const u = structuredClone(ui);
  const node = schemaNode(s, path);
  if (!node) throw new Error(`No field ${fieldKey(path)} in the schema`);
  const name = path[path.length - 1]!;
  const label = edit.label ?? readField(schema, ui, path)?.label ?? name;

  if (edit.label !== undefined) {
    const uiN = uiNode(u, path, false);
    if (uiN && typeof uiN['ui:title'] === 'string') uiN['ui:title'] = edit.label;
    else node.title = edit.label;
  }
  if (edit.help !== undefined) {
    const uiN = uiNode(u, path, true)!;
    if (edit.help) uiN['ui:help'] = edit.help;
    else delete uiN['ui:help'];
  }
  if (edit.maxLength !== undefined) {
    const before = node.maxLength;
    const current = isObject(node.errorMessage) ? node.errorMessage.maxLength : undefined;
    if (edit.maxLength === null) {
      delete node.maxLength;
      setMessage(node, 'maxLength', undefined);
    } else {
      node.maxLength = edit.maxLength;
      // Keep the standard message in step with the number unless staff wrote their own.
      if (current === undefined || (typeof before === 'number' && current === maxLengthMessage(before))) {
        setMessage(node, 'maxLength', maxLengthMessage(edit.maxLength));
      }
    }
  }
  if (edit.pattern !== undefined) {
    if (edit.pattern === null || edit.pattern === '') {
      delete node.pattern;
      setMessage(node, 'pattern', undefined);
    } else {
      node.pattern = edit.pattern;
      if (!(isObject(node.errorMessage) && node.errorMessage.pattern)) setMessage(node, 'pattern', `${label} is invalid`);
    }
  }
  if (edit.enumValues !== undefined) {
    if (edit.enumValues === null) {
      delete node.enum;
      setMessage(node, 'enum', undefined);
    } else {
      node.enum = node.type === 'number' || node.type === 'integer' ? edit.enumValues.map(Number) : edit.enumValues;
      if (!(isObject(node.errorMessage) && node.errorMessage.enum)) setMessage(node, 'enum', `${label} is invalid`);
    }
  }
  if (edit.messages) for (const [keyword, message] of Object.entries(edit.messages)) setMessage(node, keyword, message);

  if (edit.required !== undefined || edit.requiredMessage !== undefined) {
    const parent = path.length === 1 ? s : schemaNode(s, path.slice(0, -1))!;
    const list = Array.isArray(parent.required) ? (parent.required as string[]).filter((r) => r !== name) : [];
    const required = edit.required ?? (Array.isArray(parent.required) && parent.required.includes(name));
    if (required) list.push(name);
    if (list.length) parent.required = list;
    else delete parent.required;
    const em: Json = isObject(parent.errorMessage) ? { ...parent.errorMessage } : {};
    const req: Json = isObject(em.required) ? { ...em.required } : {};
    const message = edit.requiredMessage || (isObject(em.required) && typeof em.required[name] === 'string' ? (em.required[name] as string) : `${label} is not filled`);
    if (required) req[name] = message;
    else delete req[name];
    if (Object.keys(req).length) em.required = req;
    else delete em.required;
    if (Object.keys(em).length) parent.errorMessage = em;
    else delete parent.errorMessage;
    // An empty text is "not filled" too (the repo's strings carry minLength 1 with the same message).
    if (node.type === 'string') {
      if (required && node.minLength === undefined) {
        node.minLength = 1;
        setMessage(node, 'minLength', message);
      } else if (!required && node.minLength === 1) {
        delete node.minLength;
        setMessage(node, 'minLength', undefined);
      } else if (required && node.minLength === 1 && edit.requiredMessage) {
        setMessage(node, 'minLength', message);
      }
    }
  }
  return { schema: s, ui: u };
}

export interface NewField {
  name: string;
  type: 'string' | 'number' | 'boolean';
  label: string;
  maxLength?: number;
}

const NAME = /^[A-Za-z][A-Za-z0-9]*$/;

/** Problems of a new field's definition (empty when it can be added). */
export function newFieldProblems(schema: Json, parentPath: FieldPath, field: NewField): string[] {
  const problems: string[] = [];
  const parent = parentPath.length ? schemaNode(schema, parentPath) : schema;
  if (!parent || !isObject(parent.properties)) problems.push('Choose an object (section) to add the field to');
  if (!NAME.test(field.name)) problems.push('Name: letters and digits, starting with a letter (e.g. tradeName)');
  else if (parent && isObject(parent.properties) && field.name in parent.properties) problems.push(`A field named ${field.name} already exists here`);
  if (!field.label.trim()) problems.push('Label is not filled');
  if (field.type === 'string' && field.maxLength !== undefined && (!Number.isInteger(field.maxLength) || field.maxLength < 1)) {
    problems.push('Max length must be a whole number of at least 1');
  }
  return problems;
}

/** Adds an optional field to the schema and to the UI order (before "*", so it shows where staff expect). */
export function addField(schema: Json, ui: Json, parentPath: FieldPath, field: NewField): { schema: Json; ui: Json } {
  const problems = newFieldProblems(schema, parentPath, field);
  if (problems.length) throw new Error(problems.join('; '));
  const s = structuredClone(schema);
  const u = structuredClone(ui);
  const parent = (parentPath.length ? schemaNode(s, parentPath) : s)!;
  const node: Json = { type: field.type, title: field.label.trim() };
  if (field.type === 'string' && field.maxLength !== undefined) {
    node.maxLength = field.maxLength;
    node.errorMessage = { maxLength: maxLengthMessage(field.maxLength) };
  }
  if (field.type === 'number') node.errorMessage = { type: `${field.label.trim()} is invalid` };
  if (field.type === 'boolean') node.errorMessage = { type: `${field.label.trim()} is invalid` };
  (parent.properties as Json)[field.name] = node;
  const uiParent = uiNode(u, parentPath, true)!;
  if (Array.isArray(uiParent['ui:order'])) {
    const order = (uiParent['ui:order'] as string[]).filter((k) => k !== field.name);
    const star = order.indexOf('*');
    order.splice(star === -1 ? order.length : star, 0, field.name);
    uiParent['ui:order'] = order;
  }
  return { schema: s, ui: u };
}

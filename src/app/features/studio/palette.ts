/**
 * The field palette of the studio's visual editor: each kind of field staff can add, written the way the repo's
 * schemas write that kind (schemas/README.md) with the project's own keywords and widgets (x-list + ListSelect /
 * MultiListSelect, x-date + DateInput, x-emiratesId + EmiratesId, x-phone, x-decimals, Upload, YesNo), and the
 * named patterns offered instead of a raw regular expression. Staff give a label; the stored key is derived.
 */
import { FORBIDDEN_KEYS } from '../../../content/fieldMap';
import { type FieldPath, fieldOrder, insertField, maxLengthMessage, schemaNode } from './fields';
import { type StaffText, StaffTextError } from './staffText';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => !!v && typeof v === 'object' && !Array.isArray(v);

export type FieldKind = 'text' | 'number' | 'amount' | 'date' | 'yesno' | 'choice' | 'multichoice' | 'phone' | 'email' | 'emiratesId' | 'upload';

export const FIELD_KINDS: {
  kind: FieldKind;
  label: string;
  description: string;
}[] = [
  {
    kind: 'text',
    label: 'Text',
    description: 'A line of text, up to 50 characters',
  },
  { kind: 'number', label: 'Number', description: 'A whole number, 0 or more' },
  {
    kind: 'amount',
    label: 'Amount',
    description: 'An amount in AED with up to 2 decimals',
  },
  { kind: 'date', label: 'Date', description: 'A date typed as dd/mm/yyyy' },
  { kind: 'yesno', label: 'Yes / no', description: 'Two buttons: Yes and No' },
  {
    kind: 'choice',
    label: 'Single choice from a list',
    description: 'One option of a list',
  },
  {
    kind: 'multichoice',
    label: 'Multiple choice from a list',
    description: 'Several options of a list',
  },
  {
    kind: 'phone',
    label: 'Mobile number',
    description: 'Country code and number, checked for the country',
  },
  {
    kind: 'email',
    label: 'E-mail',
    description: 'An address like name@company.com',
  },
  {
    kind: 'emiratesId',
    label: 'Emirates ID',
    description: '784-XXXX-XXXXXXX-X',
  },
  {
    kind: 'upload',
    label: 'Upload',
    description: 'One document (PDF or image)',
  },
];

export const kindLabel = (kind: FieldKind) => FIELD_KINDS.find((k) => k.kind === kind)!.label;

/** What kind of palette field a schema node is (undefined: something the palette does not make). */
export function kindOf(node: Json, ui: Json | undefined): FieldKind | undefined {
  const widget = ui?.['ui:widget'];
  if (widget === 'Upload') return 'upload';
  if (node['x-emiratesId'] !== undefined) return 'emiratesId';
  if (node.type === 'array' && (node['x-list'] || (isObject(node.items) && node.items['x-list']))) return 'multichoice';
  if (node['x-list']) return 'choice';
  if (node.type === 'boolean' || widget === 'YesNo') return 'yesno';
  if (node.format === 'date') return 'date';
  if (node.format === 'email') return 'email';
  if (node.type === 'integer') return 'number';
  if (node.type === 'number') return 'amount';
  if (node.type === 'string') return 'text';
  return undefined;
}

/** A stored key from a label: "Preferred branch (city)" -> "preferredBranchCity"; unique among `taken`. */
export function keyFromLabel(label: string, taken: Iterable<string>): string {
  const words = label
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);
  let key = words.map((w, i) => (i === 0 ? w.toLowerCase() : w[0]!.toUpperCase() + w.slice(1).toLowerCase())).join('');
  if (!key) key = 'field';
  if (/^[0-9]/.test(key)) key = `field${key}`;
  key = key.slice(0, 40);
  const used = new Set(taken);
  let unique = key;
  for (let n = 2; used.has(unique) || FORBIDDEN_KEYS.has(unique); n++) unique = `${key}${n}`;
  return unique;
}

/** Named patterns offered for text fields; "custom" is the advanced raw regular expression. */
export const PATTERNS: {
  id: string;
  label: string;
  pattern: string;
  allowed: string;
}[] = [
  {
    id: 'letters',
    label: 'Letters and spaces',
    pattern: '^[A-Za-z ]*$',
    allowed: 'letters and spaces',
  },
  { id: 'digits', label: 'Digits', pattern: '^[0-9]*$', allowed: 'digits' },
  {
    id: 'lettersDigits',
    label: 'Letters, digits and spaces',
    pattern: '^[A-Za-z0-9 ]*$',
    allowed: 'letters, digits and spaces',
  },
  {
    id: 'code',
    label: 'Letters, digits and hyphens (codes, references)',
    pattern: '^[A-Za-z0-9-]*$',
    allowed: 'letters, digits and hyphens',
  },
  {
    id: 'name',
    label: "Letters, digits, spaces and . , @ # % * ( ) / & ' - (names of companies)",
    pattern: "^[A-Za-z0-9 .,@#%*()/&'-]*$",
    allowed: "letters, digits, spaces and . , @ # % * ( ) / & ' -",
  },
];

/** The named pattern a raw pattern is (undefined: a custom one). */
export const namedPattern = (pattern: string | undefined) => PATTERNS.find((p) => p.pattern === pattern);

/** The repo's message for a named pattern: the field, what is allowed and the fix. */
export const patternMessage = (label: string, allowed: string) => `${label} may only contain ${allowed}: remove other characters`;

export interface PaletteField {
  kind: FieldKind;
  label: string;
  required?: boolean;
  /** Choice fields: the reference list (lists/<name>.json). */
  list?: string;
  /** Position among the section's fields in the applicant's order (undefined: last). */
  position?: number;
}

/** Problems of a palette field (empty when it can be added). */
export function paletteProblems(schema: Json, parentPath: FieldPath, field: PaletteField, lists: string[]): StaffText[] {
  const problems: StaffText[] = [];
  const parent = parentPath.length ? schemaNode(schema, parentPath) : schema;
  if (!parent || !isObject(parent.properties)) problems.push({ id: 'studio.palette.noSection' });
  if (!field.label.trim()) problems.push({ id: 'studio.palette.noLabel' });
  if ((field.kind === 'choice' || field.kind === 'multichoice') && (!field.list || !lists.includes(field.list))) problems.push({ id: 'studio.palette.noList' });
  return problems;
}

/** The schema and UI nodes of a palette field (messages in the repo's wording). */
function nodesOf(field: PaletteField, key: string): { node: Json; ui: Json } {
  const L = field.label.trim();
  switch (field.kind) {
    case 'text':
      return {
        node: {
          type: 'string',
          title: L,
          maxLength: 50,
          'x-trimmed': `${L} should not start or end with a space: remove the space`,
          errorMessage: { maxLength: maxLengthMessage(L, 50) },
        },
        ui: { 'ui:help': 'Up to 50 characters.' },
      };
    case 'number':
      return {
        node: {
          type: 'integer',
          title: L,
          minimum: 0,
          errorMessage: {
            type: `${L} must be a whole number, e.g. 12: remove decimals and other characters`,
            minimum: `${L} must be 0 or more`,
          },
        },
        ui: {
          'ui:placeholder': 'e.g. 12',
          'ui:options': { inputType: 'number' },
        },
      };
    case 'amount':
      return {
        node: {
          type: 'number',
          title: L,
          minimum: 0,
          'x-decimals': {
            max: 2,
            message: `${L} can have at most 2 digits after the decimal point`,
          },
          errorMessage: {
            type: `${L} must be an amount in AED, e.g. 1500 or 1500.50`,
            minimum: `${L} must be 0 or more`,
          },
        },
        ui: {
          'ui:placeholder': 'Amount in AED',
          'ui:options': { inputType: 'number' },
        },
      };
    case 'date':
      return {
        node: {
          type: 'string',
          format: 'date',
          title: L,
          'x-date': [
            {
              min: '1900-01-01',
              message: `${L} should not be less than 01/01/1900`,
            },
          ],
          errorMessage: {
            format: `${L} must be a real date in the format dd/mm/yyyy`,
          },
        },
        ui: { 'ui:widget': 'DateInput', 'ui:placeholder': 'dd/mm/yyyy' },
      };
    case 'yesno':
      return {
        node: {
          type: 'boolean',
          title: L,
          errorMessage: { type: `${L}: choose Yes or No` },
        },
        ui: { 'ui:widget': 'YesNo' },
      };
    case 'choice':
      return {
        node: {
          type: 'string',
          title: L,
          'x-list': {
            list: field.list,
            message: `${L}: choose one of the options in the list`,
          },
        },
        ui: { 'ui:widget': 'ListSelect', 'ui:placeholder': 'Select' },
      };
    case 'multichoice':
      return {
        node: {
          type: 'array',
          title: L,
          uniqueItems: true,
          items: { type: 'string' },
          'x-list': {
            list: field.list,
            message: `${L}: choose options of the list`,
          },
          errorMessage: {
            uniqueItems: `${L}: each option can be chosen only once`,
          },
        },
        ui: { 'ui:widget': 'MultiListSelect' },
      };
    case 'phone':
      return {
        node: {
          type: 'string',
          title: L,
          pattern: '^[0-9]*$',
          maxLength: 10,
          errorMessage: {
            pattern: `${L} may only contain digits: remove spaces and other characters`,
            maxLength: maxLengthMessage(L, 10),
          },
        },
        ui: {
          'ui:options': { inputType: 'tel' },
          'ui:autocomplete': 'tel-national',
          'ui:placeholder': 'e.g. 501234567',
        },
      };
    case 'email':
      return {
        node: {
          type: 'string',
          title: L,
          maxLength: 50,
          format: 'email',
          errorMessage: {
            format: `${L} must be an address like name@company.com`,
            maxLength: maxLengthMessage(L, 50),
          },
        },
        ui: {
          'ui:options': { inputType: 'email' },
          'ui:autocomplete': 'email',
          'ui:placeholder': 'name@company.com',
        },
      };
    case 'emiratesId':
      return {
        node: {
          type: 'string',
          title: L,
          'x-emiratesId': `${L} must be 15 digits starting with 784, e.g. 784-1985-1234567-1`,
        },
        ui: {
          'ui:widget': 'EmiratesId',
          'ui:placeholder': '784-XXXX-XXXXXXX-X',
        },
      };
    case 'upload':
      return {
        node: {
          type: 'object',
          title: L,
          properties: {
            fileName: { type: 'string' },
            uploadStatus: { type: 'string' },
          },
        },
        ui: { 'ui:widget': 'Upload', 'ui:options': { documentKey: key } },
      };
  }
}

/**
 * Adds a palette field at its position; returns the documents and the derived key. A phone number gets its
 * country code beside it and the object's `x-phone` rule when the object has none yet (one per object).
 */
export function addPaletteField(schema: Json, ui: Json, parentPath: FieldPath, field: PaletteField, lists: string[]): { schema: Json; ui: Json; key: string } {
  const problems = paletteProblems(schema, parentPath, field, lists);
  if (problems.length) throw new StaffTextError(problems[0]!);
  const parent = (parentPath.length ? schemaNode(schema, parentPath) : schema)!;
  const taken = Object.keys(parent.properties as Json);
  const key = keyFromLabel(field.label, taken);
  const { node, ui: uiField } = nodesOf(field, key);
  const order = fieldOrder(schema, ui, parentPath);
  const position = field.position ?? order.length;
  let next = insertField(schema, ui, parentPath, key, node, uiField, position);
  if (field.kind === 'phone' && !parent['x-phone']) {
    const codeKey = keyFromLabel(`${field.label} country code`, [...taken, key]);
    next = insertField(
      next.schema,
      next.ui,
      parentPath,
      codeKey,
      {
        type: 'string',
        title: `${field.label.trim()} country code`,
        default: '971',
        'x-list': {
          list: 'countryCode',
          message: 'Country code: choose one of the options in the list',
        },
      },
      { 'ui:widget': 'ListSelect' },
      position,
    );
    const p = (parentPath.length ? schemaNode(next.schema, parentPath) : next.schema)!;
    p['x-phone'] = {
      code: codeKey,
      number: key,
      kind: 'mobile',
      message: `${field.label.trim()} is not a mobile number of the country code: UAE mobiles have 9 digits without the leading 0, e.g. 501234567`,
      messageOther: `${field.label.trim()} is not a mobile number of the country code: check its digits, entered without the country code or a leading 0`,
    };
  }
  if (field.required) {
    const p = (parentPath.length ? schemaNode(next.schema, parentPath) : next.schema)!;
    p.required = [...(Array.isArray(p.required) ? (p.required as string[]) : []), key];
    const em: Json = isObject(p.errorMessage) ? p.errorMessage : {};
    em.required = {
      ...(isObject(em.required) ? em.required : {}),
      [key]: `${field.label.trim()} is not filled`,
    };
    p.errorMessage = em;
    const n = (p.properties as Json)[key] as Json;
    if (n.type === 'string') {
      n.minLength = 1;
      n.errorMessage = {
        ...(isObject(n.errorMessage) ? n.errorMessage : {}),
        minLength: `${field.label.trim()} is not filled`,
      };
    }
    if (n.type === 'array') {
      n.minItems = 1;
      n.errorMessage = {
        ...(isObject(n.errorMessage) ? n.errorMessage : {}),
        minItems: `${field.label.trim()} is not filled`,
      };
    }
  }
  return { ...next, key };
}

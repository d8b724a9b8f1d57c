/**
 * The declared vocabulary of UI schemas: every `ui:` key and `ui:options` key a UI schema may use, and the
 * form-logic block `ui:logic` with its meta-schema. Nothing outside it is accepted (test/unit/uiVocabulary.test.ts
 * walks schemas/, the studio check refuses it), so no option is declared and silently ignored.
 */
import type { Expr } from './expression';

/** Form logic of one field (or of a whole step at the root of its UI schema: only `visibleWhen`). */
export interface UiLogic {
  /** Shown only while the expression holds. A hidden field is never validated and (clear.whenHidden) not stored. */
  visibleWhen?: Expr;
  /** Shown but not editable while the expression holds. */
  disabledWhen?: Expr;
  clear?: {
    /** Drop the answer while the field is hidden (default true; false keeps it, still unvalidated). */
    whenHidden?: boolean;
    /** Drop the answer when one of these fields (var paths) changes. */
    onChange?: string[];
  };
  /** A sibling boolean (var path): when this field turns true, that one turns false (an exclusive pair). */
  exclusiveWith?: string;
  /** A derived value. Without `when` the field is always computed (read-only); with it only while `when` holds. */
  derive?: { value: Expr; when?: Expr };
  options?: {
    /** These option values are not offered while `when` holds. */
    hideWhen?: { values: unknown[]; when: Expr }[];
    /** Values already chosen for this field in the other items of its array (only items equal in `sameAs` fields). */
    excludeChosen?: true | { sameAs: string[] };
    /** Values (a value or a list) not offered, e.g. the answer of another field. */
    exclude?: Expr;
  };
  /** Array fields: "Add" only when the last item has these fields filled (true: its schema's required ones); keepOne: never empty. */
  array?: { addWhenFilled?: string[] | true; keepOne?: boolean };
}

const expr = { $ref: '#/definitions/expr' };
const paths = { type: 'array', items: { type: 'string', minLength: 1 }, minItems: 1 };

/** Meta-schema of `ui:logic` (expressions are checked further by checkExpression). */
export const UI_LOGIC_META_SCHEMA = {
  $id: 'https://quickapply.example/meta/uiLogic.schema.json',
  type: 'object',
  additionalProperties: false,
  definitions: {
    expr: { anyOf: [{ type: ['string', 'number', 'boolean', 'null', 'array'] }, { type: 'object', minProperties: 1, maxProperties: 1 }] },
  },
  properties: {
    visibleWhen: expr,
    disabledWhen: expr,
    clear: {
      type: 'object',
      additionalProperties: false,
      minProperties: 1,
      properties: { whenHidden: { type: 'boolean' }, onChange: paths },
    },
    exclusiveWith: { type: 'string', minLength: 1 },
    derive: { type: 'object', additionalProperties: false, required: ['value'], properties: { value: expr, when: expr } },
    options: {
      type: 'object',
      additionalProperties: false,
      minProperties: 1,
      properties: {
        hideWhen: {
          type: 'array',
          minItems: 1,
          items: { type: 'object', additionalProperties: false, required: ['values', 'when'], properties: { values: { type: 'array', minItems: 1 }, when: expr } },
        },
        excludeChosen: {
          anyOf: [{ const: true }, { type: 'object', additionalProperties: false, required: ['sameAs'], properties: { sameAs: paths } }],
        },
        exclude: expr,
      },
    },
    array: {
      type: 'object',
      additionalProperties: false,
      minProperties: 1,
      properties: { addWhenFilled: { anyOf: [{ const: true }, paths] }, keepOne: { type: 'boolean' } },
    },
  },
} as const;

/** `ui:` keys a UI schema node may carry (RJSF's, plus `ui:logic`). */
export const UI_KEYS: ReadonlySet<string> = new Set([
  'ui:order', 'ui:widget', 'ui:options', 'ui:title', 'ui:description', 'ui:help', 'ui:placeholder', 'ui:autofocus',
  'ui:autocomplete', 'ui:enumNames', 'ui:readonly', 'ui:disabled', 'ui:classNames', 'ui:logic',
]);

/** `ui:options` keys and who reads them; anything else is refused. */
export const UI_OPTION_KEYS: ReadonlySet<string> = new Set([
  // RJSF core (arrays, labels, inputs)
  'addable', 'removable', 'orderable', 'label', 'inputType', 'step', 'rows', 'inline', 'emptyValue',
  // widgets/theme: ArrayFieldTemplate, ArrayFieldItemTemplate, BaseInputTemplate, ObjectFieldTemplate (hideTitle, titleWith)
  'addButtonText', 'removeButtonText', 'minRows', 'maxLength', 'fullWidth', 'hideTitle', 'titleWith',
  // widgets/custom/Upload
  'documentKey',
  // widgets/custom/ExpressOffer
  'valueField', 'termsCheckbox', 'termsUrl', 'offerText', 'yesLabel', 'noLabel', 'readTermsNotice', 'onYes',
  // widgets/custom/PackageCards (widgets/lib/packages.ts)
  'noneValue', 'deselectable', 'includedFor', 'disabledWhenNoAed', 'foreignCurrencyNotice', 'labels',
]);

const isObj = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** Keys of a UI schema outside the vocabulary, as JSON pointers into it (`ui:logic` content: see checkUiLogic). */
export function unknownUiKeys(ui: unknown, pointer = ''): string[] {
  if (!isObj(ui)) return [];
  const out: string[] = [];
  for (const [key, value] of Object.entries(ui)) {
    const here = `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
    if (key.startsWith('ui:')) {
      if (!UI_KEYS.has(key)) out.push(here);
      else if (key === 'ui:options' && isObj(value)) {
        for (const option of Object.keys(value)) if (!UI_OPTION_KEYS.has(option)) out.push(`${here}/${option}`);
      }
    } else out.push(...unknownUiKeys(value, here));
  }
  return out;
}

import { Field, Input } from '@fluentui/react-components';
import { cataloguePath, keywordMessagePointers, textAt } from '../../../content/i18n/catalogueBasics';
import { useStudioT } from '../../i18n/useStudioT';
import { arabicFollowingLimit, type FieldEdit, type FieldPath, type FieldState } from './fields';
import { schemaPath, uiPath } from './draft';

/**
 * The Arabic side of the studio's form view: where a text lives in the catalogue schemas/i18n/ar.json (a step's
 * text: its file and JSON pointer; a list's: its name and "title" or an option's code), its translation in the
 * draft. The server's check finds missing and out-of-date translations
 * (src/content/i18n/draftTranslations.ts) and refuses to publish.
 */
export const ARABIC_CATALOGUE = cataloguePath('ar');

/** A field's text: its label, help, placeholder, message when not filled, or a rule's message (`message:maxLength`; `message:*` for all rules). */
export type TextKind = 'label' | 'help' | 'placeholder' | 'requiredMessage' | `x:${string}` | `message:${string}`;

/** Where a text's translation is: ['texts', file, pointer] or ['lists', name, 'title'] / ['lists', name, 'options', code]. */
export type TextKey = string[];

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => !!v && typeof v === 'object' && !Array.isArray(v);
const esc = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');
const at = (root: unknown, keys: string[]): unknown => keys.reduce<unknown>((node, k) => (isObject(node) ? node[k] : undefined), root);
const pointerKeys = (pointer: string) => pointer.split('/').slice(1).map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));

/** The catalogue key of a field's text (the label is the UI schema's ui:title when it overrides the schema's title). */
export function fieldTextKey(step: string, ui: unknown, path: FieldPath, kind: TextKind): TextKey {
  const s = path.map((p) => (p === '*' ? '/items' : `/properties/${esc(p)}`)).join('');
  const u = path.map((p) => (p === '*' ? '/items' : `/${esc(p)}`)).join('');
  const inUi = (key: string): TextKey => ['texts', uiPath(step), `${u}/${key}`];
  const inSchema = (pointer: string): TextKey => ['texts', schemaPath(step), pointer];
  if (kind === 'label') return typeof at(ui, pointerKeys(`${u}/ui:title`)) === 'string' ? inUi('ui:title') : inSchema(`${s}/title`);
  if (kind === 'help' || kind === 'placeholder') return inUi(`ui:${kind}`);
  if (kind.startsWith('x:')) return inSchema(s + kind.slice(2));
  if (kind === 'requiredMessage') return inSchema(`${s.slice(0, s.lastIndexOf('/properties/'))}/errorMessage/required/${esc(path[path.length - 1]!)}`);
  const keyword = kind.slice(8);
  return inSchema(`${s}/errorMessage${keyword === '*' ? '' : `/${esc(keyword)}`}`);
}

/** The draft's catalogue (a JSON object: the server refuses a draft file that is not one). */
const parse = (text: string | undefined): Json => (text ? (JSON.parse(text) as Json) : {});

export const translationOf = (catalogueText: string | undefined, key: TextKey): string => {
  const value = at(parse(catalogueText), key);
  return typeof value === 'string' ? value : '';
};

/** The catalogue (JSON text) with one translation set, or removed when empty. */
export function withTranslation(catalogueText: string | undefined, key: TextKey, text: string): string {
  const catalogue = parse(catalogueText);
  let node = catalogue;
  for (const k of key.slice(0, -1)) node = (node[k] = isObject(node[k]) ? { ...node[k] } : {});
  if (text) node[key[key.length - 1]!] = text;
  else delete node[key[key.length - 1]!];
  return JSON.stringify(catalogue);
}

/**
 * The catalogue with the Arabic of a field's texts following its changed limits, as editField makes the English
 * follow them: the limit's message and the help text that state the old number ("50 حرفًا" -> "40 حرفًا"). The
 * server's check refuses a text that still states the old limit, in any language.
 */
export function catalogueFollowingLimits(catalogueText: string, step: string, ui: unknown, path: FieldPath, before: FieldState, edit: FieldEdit): string {
  let text = catalogueText;
  for (const keyword of ['maxLength', 'minimum', 'maximum'] as const) {
    const old = before[keyword];
    const now = edit[keyword];
    if (typeof now !== 'number' || old === undefined || old === now) continue;
    for (const kind of [`message:${keyword}`, 'help'] as const) {
      const key = fieldTextKey(step, ui, path, kind);
      const current = translationOf(text, key);
      const next = arabicFollowingLimit(current, old, now, keyword === 'maxLength');
      if (next !== current) text = withTranslation(text, key, next);
    }
  }
  return text;
}

/**
 * The messages of a field's own keywords (x-trimmed, x-list, x-date, ...): [English, pointer under the field], the
 * same texts the catalogue translates (catalogueBasics.ts keywordMessagePointers).
 */
export function keywordMessages(node: Json): [string, string][] {
  return keywordMessagePointers(node).flatMap((at): [string, string][] => {
    const english = textAt(node, at);
    return english === undefined ? [] : [[english, at]];
  });
}

/** The draft's Arabic catalogue, for the Arabic inputs of the form view. */
export interface ArabicDraft {
  text: string;
  onChange(text: string): void;
}

/**
 * An Arabic text beside its English, right to left (the check names a missing or out-of-date one). `also`: keys of
 * the same English text elsewhere, written with it (the message when not filled is both the parent's `required`
 * message and the field's `minLength` / `minItems` one).
 */
export function ArabicInput({ label, textKey, arabic, also = [] }: { label: string; textKey: TextKey; arabic: ArabicDraft; also?: TextKey[] }) {
  const t = useStudioT();
  return (
    <Field label={t('studio.arabicOf', { label })}>
      <Input dir="rtl" lang="ar" value={translationOf(arabic.text, textKey)} onChange={(_, d) => arabic.onChange([textKey, ...also].reduce((text, key) => withTranslation(text, key, d.value), arabic.text))} />
    </Field>
  );
}

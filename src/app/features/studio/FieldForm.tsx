import {
  Button,
  Caption1,
  Checkbox,
  Divider,
  Field,
  Input,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Select,
  Subtitle2,
  Text,
  Textarea,
  tokens,
} from '@fluentui/react-components';
import { type KeyboardEvent, type ReactElement, useMemo, useState } from 'react';
import { NUMERIC_LIMITS, type NumericKeyword, type NumericLimit, withinLimit } from '../../../content/numericLimits';
import type { ReferenceList, ReferenceLists } from '../../../validation/lists';
import { ConfirmDialog } from './ConfirmDialog';
import { listPath, pretty } from './draft';
import {
  editField,
  type FieldEdit,
  type FieldEntry,
  type FieldPath,
  fieldKey,
  fieldOrder,
  listFields,
  moveField,
  readField,
  removalWarnings,
  removeField,
  schemaNode,
  uiNodeOf,
} from './fields';
import { type StudioT, useStudioT } from '../../i18n/useStudioT';
import { ListEditor } from './ListEditor';
import { LIST_NAME, listNameFromTitle, newList } from './listEdit';
import { LogicEditor } from './LogicEditor';
import { type ArabicDraft, ArabicInput, catalogueFollowingLimits, fieldTextKey, keywordMessages, type TextKind } from './translations';
import { addPaletteField, FIELD_KINDS, type FieldKind, kindOf, namedPattern, paletteProblems, PATTERNS, patternMessage } from './palette';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: '12px', minWidth: 0 },
  row: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))',
    gap: '12px',
  },
  outline: {
    listStyle: 'none',
    margin: 0,
    paddingLeft: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: '4px',
  },
  nested: {
    listStyle: 'none',
    margin: '4px 0 0 0',
    paddingLeft: '16px',
    display: 'flex',
    flexDirection: 'column',
    gap: '4px',
    borderLeft: `2px solid ${tokens.colorNeutralStroke2}`,
  },
  item: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '4px' },
  select: {
    flex: '1 1 200px',
    minWidth: 0,
    justifyContent: 'flex-start',
    textAlign: 'start',
  },
  selected: { outline: `2px solid ${tokens.colorBrandStroke1}` },
  kind: { color: tokens.colorNeutralForeground2, minWidth: '90px' },
  section: {
    fontWeight: tokens.fontWeightSemibold,
    marginTop: '8px',
    display: 'block',
  },
});

type Json = Record<string, unknown>;

function parse(text: string): Json | undefined {
  try {
    const v = JSON.parse(text) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A number input that keeps what staff type and commits valid numbers (empty removes the rule on blur). Valid: at
 * least `min` and within the keyword's limits (src/content/numericLimits.ts, which the server's draft check applies
 * too): a length of 99999999999999999999 is refused here with a field error, not stored as 1e20.
 */
function NumberInput({
  label,
  keyword,
  value,
  onCommit,
  hint,
  min = 1,
  t,
}: {
  t: StudioT;
  label: string;
  keyword: NumericKeyword;
  value: number | undefined;
  onCommit(v: number | null): void;
  hint?: string;
  min?: number;
}) {
  const limit: NumericLimit = NUMERIC_LIMITS[keyword];
  const whole = limit.whole;
  const lowest = Math.max(min, limit.min);
  const [text, setText] = useState(value === undefined ? '' : String(value));
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    if (Number(text) !== value) setText(value === undefined ? '' : String(value));
  }
  const ok = (t: string) => (whole ? /^\d+$/.test(t) : /^-?\d+(\.\d+)?$/.test(t)) && Number(t) >= lowest && withinLimit(keyword, Number(t));
  const valid = text === '' || ok(text);
  const range = { min: lowest, max: limit.max };
  return (
    <Field label={label} hint={hint} validationMessage={valid ? undefined : whole ? t('studio.form.wholeBetween', range) : t('studio.form.numberBetween', range)}>
      <Input
        type="number"
        min={lowest}
        max={limit.max}
        value={text}
        onChange={(_, d) => {
          setText(d.value);
          if (ok(d.value)) onCommit(Number(d.value));
        }}
        onBlur={() => {
          if (text === '' && value !== undefined) onCommit(null);
        }}
      />
    </Field>
  );
}

function regexProblem(pattern: string): string | undefined {
  try {
    new RegExp(pattern, 'u');
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

/** The label of a rule's message, by its keyword (another keyword: "Message for <keyword>", the keyword as typed). */
function keywordLabel(t: StudioT, keyword: string): string {
  const known: Record<string, Parameters<StudioT>[0]> = {
    '*': 'studio.form.msgAll',
    minLength: 'studio.form.msgMinLength',
    type: 'studio.form.msgType',
    format: 'studio.form.msgFormat',
    minimum: 'studio.form.msgMinimum',
    maximum: 'studio.form.msgMaximum',
    uniqueItems: 'studio.form.msgUnique',
    minItems: 'studio.form.msgMinItems',
  };
  return known[keyword] ? t(known[keyword]) : t('studio.form.msgFor', { keyword });
}

/** The label of a message of one of the project's rules, by where it is under the field ("/x-date/0/message"). */
function ruleMessageLabel(t: StudioT, at: string): string {
  const [keyword = '', ...rest] = at.split('/').slice(1);
  const known: Record<string, Parameters<StudioT>[0]> = {
    'x-trimmed': 'studio.form.msgTrimmed',
    'x-list': 'studio.form.msgList',
    'x-emiratesId': 'studio.form.msgEmiratesId',
    'x-phone': 'studio.form.msgPhone',
    'x-date': 'studio.form.msgDate',
  };
  // x-phone has a message for UAE numbers and one for the other dialling codes.
  if (keyword === 'x-phone' && rest[0] === 'messageOther') return t('studio.form.msgPhoneOther');
  const rule = known[keyword] ? t(known[keyword]) : t('studio.form.msgFor', { keyword });
  // A rule with several messages (the dates' limits): which one, by its place.
  const index = rest.find((part) => /^\d+$/.test(part));
  return index === undefined ? rule : `${rule} (${Number(index) + 1})`;
}

/** A palette kind's name and description in the studio's language (palette.ts keeps the English). */
const kindName = (t: StudioT, kind: FieldKind) => t(`studio.kind.${kind}`);

/** "organizationInfo" -> "Organization info": a section without a title, in words. */
export const humanize = (key: string) => {
  const words = key
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim();
  return (
    words.charAt(0).toUpperCase() +
    words
      .slice(1)
      .toLowerCase()
      .replace(/\b(kyc|uae|vat|id|eid|poa)\b/g, (w) => w.toUpperCase())
  );
};

export interface FieldFormProps {
  schemaText: string;
  uiText: string;
  onChange(next: { schema: string; ui: string }): void;
  /** Reference lists of the draft (its own list files as text, by path) and of the version it started from. */
  listTexts?: Record<string, string>;
  publishedLists?: ReferenceLists;
  onListChange?(path: string, text: string): void;
  /** The Arabic beside the English: the step's name, the draft's Arabic catalogue (text), its change, the published content. */
  arabic?: ArabicDraft & { step: string };
}

/** The field's own "not filled" messages (minLength, minItems: the required answer's, the editor writes them alike). */
function notFilledKinds(node: unknown): TextKind[] {
  const messages = (node as { errorMessage?: unknown } | undefined)?.errorMessage;
  if (!messages || typeof messages !== 'object') return [];
  return (['minLength', 'minItems'] as const).filter((k) => typeof (messages as Record<string, unknown>)[k] === 'string').map((k): TextKind => `message:${k}`);
}

/**
 * One text of a field in both languages side by side: the English as the English applicant reads it, the Arabic
 * (right to left) as the Arabic applicant reads it, flagged when missing or out of date (the check then refuses to publish).
 */
function Bilingual({ label, hint, english, onEnglish, kind, alsoKinds = [], multiline, where }: { label: string; hint?: string; english: string; onEnglish(value: string): void; kind: TextKind; alsoKinds?: TextKind[]; multiline?: boolean; where?: { arabic: ArabicDraft & { step: string }; ui: Json; path: FieldPath } }) {
  const styles = useStyles();
  const field = (
    <Field label={label} hint={hint}>
      {multiline ? <Textarea value={english} onChange={(_, d) => onEnglish(d.value)} resize="vertical" /> : <Input value={english} onChange={(_, d) => onEnglish(d.value)} />}
    </Field>
  );
  if (!where) return field;
  return (
    <div className={styles.row}>
      {field}
      <ArabicInput label={label} textKey={fieldTextKey(where.arabic.step, where.ui, where.path, kind)} also={alsoKinds.map((k) => fieldTextKey(where.arabic.step, where.ui, where.path, k))} arabic={where.arabic} />
    </div>
  );
}

/**
 * The visual editor of a step: its fields in the applicant's order (select, move, remove), the properties of the
 * selected field (label, help, placeholder, required and its message, limits, a named pattern, the options of its
 * list, its conditions) and a palette to add a field at a chosen place. It edits the same draft texts as the JSON
 * tabs (every change is written back as formatted JSON).
 */
export function FieldForm({ schemaText, uiText, onChange, listTexts = {}, publishedLists = {}, onListChange, arabic }: FieldFormProps) {
  const styles = useStyles();
  const t = useStudioT();
  const schema = useMemo(() => parse(schemaText), [schemaText]);
  const ui = useMemo(() => parse(uiText), [uiText]);
  const fields = useMemo(() => (schema ? listFields(schema) : []), [schema]);
  const [selected, setSelected] = useState<string>('');
  const [notice, setNotice] = useState<string | null>(null);

  // Lists: the draft's own text wins over the published list.
  const draftLists = useMemo(() => {
    const out: Record<string, ReferenceList> = {};
    for (const [path, text] of Object.entries(listTexts)) {
      const name = /^lists\/([A-Za-z0-9]+)\.json$/.exec(path)?.[1];
      const value = name ? parse(text) : undefined;
      if (name && value && Array.isArray(value.options)) out[name] = value as unknown as ReferenceList;
    }
    return out;
  }, [listTexts]);
  const listByName = (name: string): ReferenceList | undefined => draftLists[name] ?? publishedLists[name];
  const listNames = [...new Set([...Object.keys(publishedLists), ...Object.keys(draftLists)])].sort((a, b) =>
    (listByName(a)?.title ?? a).localeCompare(listByName(b)?.title ?? b),
  );
  const writeList = (list: ReferenceList) => onListChange?.(listPath(list.name), pretty(list));

  if (!schema || !ui) {
    return (
      <MessageBar intent="warning">
        <MessageBarBody>{schema ? t('studio.form.uiNotJson') : t('studio.form.schemaNotJson')}</MessageBarBody>
      </MessageBar>
    );
  }
  const write = (next: { schema: Json; ui: Json }) => onChange({ schema: pretty(next.schema), ui: pretty(next.ui) });
  const shown = displayOrder(schema, ui, fields);
  const entry = fields.find((f) => f.key === selected) ?? shown.find((f) => !f.isObject);
  const path: FieldPath | undefined = entry?.path;
  const state = path ? readField(schema, ui, path) : undefined;
  const node = path ? schemaNode(schema, path) : undefined;
  const kind = node ? kindOf(node, uiNodeOf(ui, path!)) : undefined;
  const apply = (edit: FieldEdit) => {
    if (!path) return;
    write(editField(schema, ui, path, edit));
    // The Arabic of the texts stating a changed limit follows it too (the check refuses one still stating the old).
    if (arabic && state) {
      const next = catalogueFollowingLimits(arabic.text, arabic.step, ui, path, state, edit);
      if (next !== arabic.text) arabic.onChange(next);
    }
  };
  const isString = state?.type === 'string' && kind !== 'date' && kind !== 'choice' && kind !== 'emiratesId';
  const isNumber = state?.type === 'number' || state?.type === 'integer';
  const handled = new Set(['maxLength', 'pattern', 'enum', 'required', 'minimum', 'maximum', ...(state?.required ? ['minLength', 'minItems'] : [])]);
  const named = namedPattern(state?.pattern);
  const list = state?.list ? listByName(state.list) : undefined;
  const labelOf = (p: FieldPath) => fields.find((f) => f.key === fieldKey(p))?.label ?? p[p.length - 1]!;
  const where = arabic && path ? { arabic, ui, path } : undefined;

  const move = (p: FieldPath, delta: number) => {
    const name = p[p.length - 1]!;
    const order = fieldOrder(schema, ui, p.slice(0, -1));
    const to = order.indexOf(name) + delta;
    if (to < 0 || to >= order.length) return;
    onChange({
      schema: schemaText,
      ui: pretty(moveField(schema, ui, p, delta)),
    });
    setNotice(t('studio.form.moved', { label: labelOf(p), place: to + 1, count: order.length }));
  };
  const onRowKey = (e: KeyboardEvent, p: FieldPath) => {
    if (!e.altKey || (e.key !== 'ArrowUp' && e.key !== 'ArrowDown')) return;
    e.preventDefault();
    move(p, e.key === 'ArrowUp' ? -1 : 1);
  };

  /** One object's fields, in the applicant's order, nested sections below their title. */
  const renderOutline = (parentPath: FieldPath, depth: number): ReactElement => {
    const names = fieldOrder(schema, ui, parentPath);
    return (
      <ul className={depth ? styles.nested : styles.outline}>
        {names.map((name, i) => {
          const p = [...parentPath, name];
          const f = fields.find((x) => x.key === fieldKey(p));
          if (!f) return null;
          const child = schemaNode(schema, p)!;
          const itemsObject = child.type === 'array' && child.items && typeof child.items === 'object' && (child.items as Json).properties;
          if (f.isObject || itemsObject) {
            return (
              <li key={name}>
                <span className={styles.section}>{f.label === name ? humanize(name) : f.label}</span>
                {renderOutline(itemsObject ? [...p, '*'] : p, depth + 1)}
              </li>
            );
          }
          const k = kindOf(child, uiNodeOf(ui, p));
          const current = entry?.key === f.key;
          return (
            <li key={name} className={styles.item}>
              <Button
                appearance={current ? 'primary' : 'subtle'}
                className={styles.select}
                aria-pressed={current}
                aria-keyshortcuts="Alt+ArrowUp Alt+ArrowDown"
                onClick={() => setSelected(f.key)}
                onKeyDown={(e) => onRowKey(e, p)}
              >
                {f.label}
              </Button>
              <Caption1 className={styles.kind}>{k ? kindName(t, k) : f.type}</Caption1>
              <Button size="small" aria-label={t('studio.form.moveUp', { label: f.label })} disabled={i === 0} onClick={() => move(p, -1)}>
                {t('studio.form.up')}
              </Button>
              <Button size="small" aria-label={t('studio.form.moveDown', { label: f.label })} disabled={i === names.length - 1} onClick={() => move(p, 1)}>
                {t('studio.form.down')}
              </Button>
              <ConfirmDialog
                trigger={
                  <Button size="small" aria-label={t('studio.form.removeLabel', { label: f.label })}>
                    {t('studio.form.remove')}
                  </Button>
                }
                title={t('studio.form.removeTitle', { label: f.label })}
                confirmLabel={t('studio.form.removeConfirm')}
                onConfirm={() => {
                  write(removeField(schema, ui, p));
                  setSelected('');
                  setNotice(t('studio.form.removed', { label: f.label }));
                }}
              >
                <ul style={{ margin: 0, paddingInlineStart: 20 }}>
                  {removalWarnings(schema, ui, p).map((w) => (
                    <li key={w.id}>{t(w.id, w.values)}</li>
                  ))}
                </ul>
              </ConfirmDialog>
            </li>
          );
        })}
      </ul>
    );
  };

  return (
    <div className={styles.form}>
      <section aria-labelledby="studio-fields-title" className={styles.form}>
        <Subtitle2 as="h3" id="studio-fields-title">
          {t('studio.form.fields')}
        </Subtitle2>
        <Text size={200}>{t('studio.form.fieldsHelp')}</Text>
        {renderOutline([], 0)}
        <div role="status" aria-live="polite">
          {notice && <Text size={200}>{notice}</Text>}
        </div>
      </section>
      <Divider />
      {state && path && entry && (
        <section aria-label={t('studio.form.properties', { label: state.label || entry.label })} className={styles.form}>
          <Subtitle2 as="h3">
            {state.label || entry.label}
            {kind ? ` · ${kindName(t, kind)}` : ''}
          </Subtitle2>
          <Bilingual label={t('studio.form.label')} english={state.label} onEnglish={(v) => apply({ label: v })} kind="label" where={where} />
          <Bilingual label={t('studio.form.help')} hint={t('studio.form.helpHint')} english={state.help} onEnglish={(v) => apply({ help: v })} kind="help" multiline where={where} />
          {kind !== 'yesno' && kind !== 'upload' && kind !== 'multichoice' && (
            <Bilingual label={t('studio.form.placeholder')} hint={t('studio.form.placeholderHint')} english={state.placeholder} onEnglish={(v) => apply({ placeholder: v })} kind="placeholder" where={where} />
          )}
          <Checkbox label={t('studio.form.required')} checked={state.required} onChange={(_, d) => apply({ required: d.checked === true })} />
          {state.required && (
            <Bilingual label={t('studio.form.requiredMessage')} english={state.requiredMessage} onEnglish={(v) => apply({ requiredMessage: v })} kind="requiredMessage" alsoKinds={notFilledKinds(node)} where={where} />
          )}
          {isString && (
            <div className={styles.row}>
              <NumberInput
                t={t}
                label={t('studio.form.maxLength')}
                keyword="maxLength"
                value={state.maxLength}
                onCommit={(v) => apply({ maxLength: v })}
                hint={t('studio.form.maxLengthHint')}
              />
              {state.maxLength !== undefined && (
                <Bilingual label={t('studio.form.maxLengthMessage')} english={state.messages.maxLength ?? ''} onEnglish={(v) => apply({ messages: { maxLength: v } })} kind="message:maxLength" where={where} />
              )}
            </div>
          )}
          {isNumber && (
            <div className={styles.row}>
              <NumberInput
                t={t}
                label={t('studio.form.minimum')}
                keyword="minimum"
                min={-Infinity}
                value={state.minimum}
                onCommit={(v) => apply({ minimum: v })}
                hint={t('studio.form.minimumHint')}
              />
              <NumberInput
                t={t}
                label={t('studio.form.maximum')}
                keyword="maximum"
                min={-Infinity}
                value={state.maximum}
                onCommit={(v) => apply({ maximum: v })}
                hint={t('studio.form.maximumHint')}
              />
            </div>
          )}
          {isString && (
            <PatternPicker
              pattern={state.pattern}
              message={state.messages.pattern}
              named={named}
              onPick={(id) => {
                const picked = PATTERNS.find((p) => p.id === id);
                if (!picked) return apply({ pattern: null });
                apply({
                  pattern: picked.pattern,
                  messages: {
                    pattern: patternMessage(state.label, picked.allowed),
                  },
                });
              }}
              onRaw={(raw) => apply({ pattern: raw || null })}
              onMessage={(m) => apply({ messages: { pattern: m } })}
              where={where}
            />
          )}
          {state.enumValues && (
            <div className={styles.row}>
              <Field label={t('studio.form.options')} hint={t('studio.form.optionsHint')}>
                <Textarea
                  value={state.enumValues.join('\n')}
                  onChange={(_, d) =>
                    apply({
                      enumValues: d.value.split('\n').filter((v, i, all) => v !== '' || i === all.length - 1),
                    })
                  }
                  resize="vertical"
                />
              </Field>
              <Bilingual label={t('studio.form.optionsMessage')} english={state.messages.enum ?? ''} onEnglish={(v) => apply({ messages: { enum: v } })} kind="message:enum" where={where} />
            </div>
          )}
          {Object.entries(state.messages)
            .filter(([k]) => !handled.has(k))
            .map(([keyword, message]) => (
              <Bilingual
                key={keyword}
                label={keywordLabel(t, keyword)}
                english={message}
                onEnglish={(v) => apply({ messages: { [keyword]: v } })}
                kind={`message:${keyword}`}
                where={where}
              />
            ))}
          {node &&
            // The messages of the field's own rules (no spaces around, a choice from the list, a date's limits, ...):
            // English and Arabic side by side, named by the rule.
            keywordMessages(node).map(([english, at]) => (
              <Bilingual
                key={at}
                label={ruleMessageLabel(t, at)}
                english={english}
                onEnglish={(v) => apply({ keywordMessages: { [at]: v } })}
                kind={`x:${at}`}
                where={where}
              />
            ))}
          {list && onListChange && (
            // A long list starts folded, so the field's conditions stay in reach; a short or new one starts open.
            <details key={list.name} open={list.options.length <= 8}>
              <summary>{t('studio.form.listSummary', { title: list.title || list.name, count: list.options.length })}</summary>
              <ListEditor
                list={list}
                published={publishedLists[list.name]}
                onChange={writeList}
                {...(arabic ? { arabic } : {})}
              />
            </details>
          )}
          <LogicEditor
            schema={schema}
            ui={ui}
            target={entry}
            fields={fields}
            lists={listByName}
            onChange={(next) => onChange({ schema: schemaText, ui: pretty(next) })}
          />
        </section>
      )}
      <Divider />
      <AddFieldForm
        schema={schema}
        ui={ui}
        fields={fields}
        listNames={listNames}
        nearSection={entry ? fieldKey(entry.path.slice(0, -1)) : ''}
        listTitle={(n) => listByName(n)?.title || n}
        canMakeLists={!!onListChange}
        onAdd={(parentPath, field, createList) => {
          if (createList) writeList(newList(createList.name, createList.title));
          const lists = [...listNames, ...(createList ? [createList.name] : [])];
          const next = addPaletteField(schema, ui, parentPath, field, lists);
          write(next);
          const key = fieldKey([...parentPath, next.key]);
          setSelected(key);
          setNotice(
            t('studio.form.added', { label: field.label, required: field.required ? 'yes' : 'no' }) + (createList ? ` ${t('studio.form.addOptions', { title: createList.title })}` : ''),
          );
        }}
      />
    </div>
  );
}

/** The fields in the order the applicant sees them (ui:order at every level), sections before their fields. */
function displayOrder(schema: Json, ui: Json, fields: FieldEntry[]): FieldEntry[] {
  const out: FieldEntry[] = [];
  const walk = (parentPath: FieldPath) => {
    for (const name of fieldOrder(schema, ui, parentPath)) {
      const p = [...parentPath, name];
      const f = fields.find((x) => x.key === fieldKey(p));
      if (!f) continue;
      out.push(f);
      if (f.isObject) walk(p);
      const items = fields.find((x) => x.key === fieldKey([...p, '*']));
      if (items) {
        out.push(items);
        walk(items.path);
      }
    }
  };
  walk([]);
  return out;
}

function PatternPicker(props: {
  pattern: string | undefined;
  message: string | undefined;
  named: (typeof PATTERNS)[number] | undefined;
  onPick(id: string): void;
  onRaw(raw: string): void;
  onMessage(m: string): void;
  /** The Arabic beside the message (renaming the field rewrites the English, and the check then asks for its Arabic). */
  where?: Parameters<typeof Bilingual>[0]['where'];
}) {
  const { pattern, message, named } = props;
  const t = useStudioT();
  const [advanced, setAdvanced] = useState(pattern !== undefined && !named);
  const choice = pattern === undefined ? '' : named ? named.id : 'custom';
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      <Field label={t('studio.form.allowed')}>
        <Select
          value={advanced && choice !== '' ? 'custom' : choice}
          onChange={(_, d) => {
            if (d.value === 'custom') return setAdvanced(true);
            setAdvanced(false);
            props.onPick(d.value);
          }}
        >
          <option value="">{t('studio.form.anyText')}</option>
          {PATTERNS.map((p) => (
            <option key={p.id} value={p.id}>
              {t(`studio.pattern.${p.id}` as Parameters<StudioT>[0])}
            </option>
          ))}
          <option value="custom">{t('studio.form.custom')}</option>
        </Select>
      </Field>
      {(advanced || choice === 'custom') && (
        <Field
          label={t('studio.form.pattern')}
          hint={t('studio.form.patternHint')}
          validationMessage={pattern ? regexProblem(pattern) : undefined}
        >
          <Input value={pattern ?? ''} onChange={(_, d) => props.onRaw(d.value)} />
        </Field>
      )}
      {pattern !== undefined && (
        <Bilingual label={t('studio.form.patternMessage')} english={message ?? ''} onEnglish={props.onMessage} kind="message:pattern" where={props.where} />
      )}
    </div>
  );
}

const NEW_LIST = '__new__';

function AddFieldForm(props: {
  schema: Json;
  ui: Json;
  fields: FieldEntry[];
  listNames: string[];
  listTitle(name: string): string;
  canMakeLists: boolean;
  /** The section of the field being edited. */
  nearSection: string;
  onAdd(parent: FieldPath, field: Parameters<typeof addPaletteField>[3], createList?: { name: string; title: string }): void;
}) {
  const { schema, ui, fields, listNames, listTitle, canMakeLists } = props;
  const styles = useStyles();
  const t = useStudioT();
  const sections = [
    { key: '', label: t('studio.form.stepItself'), path: [] as FieldPath },
    ...displayOrder(schema, ui, fields)
      .filter((f) => f.isObject)
      .map((f) => ({
        key: f.key,
        label: f.label === f.path[f.path.length - 1] ? humanize(f.label) : f.label,
        path: f.path,
      })),
  ].filter((s) => {
    const n = s.path.length ? schemaNode(schema, s.path) : schema;
    return !!n && !!n.properties && typeof n.properties === 'object';
  });
  const withFields = sections.find((s) => s.path.length > 0 && fieldOrder(schema, ui, s.path).length > 0);
  // Until staff choose one, new fields go to the section of the field being edited.
  const [chosenSection, setSectionKey] = useState<string | null>(null);
  const sectionKey = chosenSection ?? (sections.some((s) => s.key === props.nearSection) ? props.nearSection : (withFields ?? sections[0])?.key) ?? '';
  const [kind, setKind] = useState<FieldKind>('text');
  const [label, setLabel] = useState('');
  const [required, setRequired] = useState(false);
  const [list, setList] = useState('');
  const [listTitleText, setListTitleText] = useState('');
  const [position, setPosition] = useState('end');
  const [problems, setProblems] = useState<string[]>([]);
  const section = sections.find((s) => s.key === sectionKey) ?? sections[0];
  const parentPath = section?.path ?? [];
  const order = fieldOrder(schema, ui, parentPath);
  const labelOf = (name: string) => fields.find((f) => f.key === fieldKey([...parentPath, name]))?.label ?? name;
  const isChoice = kind === 'choice' || kind === 'multichoice';

  const submit = () => {
    const creating = isChoice && list === NEW_LIST;
    const listName = creating ? listNameFromTitle(listTitleText || label, listNames) : list;
    const field = {
      kind,
      label,
      required,
      ...(isChoice ? { list: listName } : {}),
      position: position === 'end' ? order.length : Number(position),
    };
    const found = paletteProblems(schema, parentPath, field, creating ? [...listNames, listName] : listNames).map((p) => t(p.id, p.values));
    if (creating && !(listTitleText || label).trim()) found.push(t('studio.form.nameList'));
    if (creating && !LIST_NAME.test(listName)) found.push(t('studio.form.listNameLetters'));
    setProblems(found);
    if (found.length) return;
    props.onAdd(parentPath, field, creating ? { name: listName, title: (listTitleText || label).trim() } : undefined);
    setLabel('');
    setListTitleText('');
    setRequired(false);
    setPosition('end');
  };

  return (
    <section aria-labelledby="studio-add-field" className={styles.form}>
      <Subtitle2 as="h3" id="studio-add-field">
        {t('studio.form.add')}
      </Subtitle2>
      <div className={styles.row}>
        <Field label={t('studio.form.kind')} hint={t(`studio.kind.${kind}.description`)}>
          <Select value={kind} onChange={(_, d) => setKind(d.value as FieldKind)}>
            {FIELD_KINDS.map((k) => (
              <option key={k.kind} value={k.kind}>
                {kindName(t, k.kind)}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('studio.form.newLabel')} hint={t('studio.form.newLabelHint')}>
          <Input value={label} onChange={(_, d) => setLabel(d.value)} />
        </Field>
      </div>
      {isChoice && (
        <div className={styles.row}>
          <Field label={t('studio.form.fromList')}>
            <Select value={list} onChange={(_, d) => setList(d.value)}>
              <option value="">{t('studio.form.chooseList')}</option>
              {canMakeLists && <option value={NEW_LIST}>{t('studio.form.newList')}</option>}
              {listNames.map((n) => (
                <option key={n} value={n}>
                  {listTitle(n)}
                </option>
              ))}
            </Select>
          </Field>
          {list === NEW_LIST && (
            <Field label={t('studio.form.newListTitle')} hint={t('studio.form.newListTitleHint')}>
              <Input value={listTitleText} onChange={(_, d) => setListTitleText(d.value)} />
            </Field>
          )}
        </div>
      )}
      <div className={styles.row}>
        <Field label={t('studio.form.section')}>
          <Select
            value={section?.key ?? ''}
            onChange={(_, d) => {
              setSectionKey(d.value);
              setPosition('end');
            }}
          >
            {sections.map((s) => (
              <option key={s.key} value={s.key}>
                {s.label}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('studio.form.place')}>
          <Select value={position} onChange={(_, d) => setPosition(d.value)}>
            {order.map((name, i) => (
              <option key={name} value={String(i)}>
                {t('studio.form.placeBefore', { place: i + 1, label: labelOf(name) })}
              </option>
            ))}
            <option value="end">{t('studio.form.last')}</option>
          </Select>
        </Field>
      </div>
      <Checkbox label={t('studio.form.required')} checked={required} onChange={(_, d) => setRequired(d.checked === true)} />
      {problems.length > 0 && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>
            {problems.map((p) => (
              <div key={p}>{p}</div>
            ))}
          </MessageBarBody>
        </MessageBar>
      )}
      <Button appearance="primary" onClick={submit}>
        {t('studio.form.addButton')}
      </Button>
    </section>
  );
}

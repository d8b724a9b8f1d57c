import { Button, Checkbox, Divider, Field, Input, makeStyles, MessageBar, MessageBarBody, Select, Subtitle2, Textarea } from '@fluentui/react-components';
import { useMemo, useState } from 'react';
import { pretty } from './draft';
import { addField, editField, type FieldEdit, type FieldPath, fieldKey, listFields, type NewField, newFieldProblems, readField } from './fields';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: '12px' },
  row: { display: 'grid', gridTemplateColumns: '1fr 2fr', gap: '12px' },
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

/** A whole-number input that keeps what staff type and commits valid numbers (empty removes the rule on blur). */
function NumberInput({ label, value, onCommit, hint }: { label: string; value: number | undefined; onCommit(v: number | null): void; hint?: string }) {
  const [text, setText] = useState(value === undefined ? '' : String(value));
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    if (Number(text) !== value) setText(value === undefined ? '' : String(value));
  }
  const valid = text === '' || (/^\d+$/.test(text) && Number(text) >= 1);
  return (
    <Field label={label} hint={hint} validationMessage={valid ? undefined : 'A whole number of at least 1'}>
      <Input
        type="number"
        min={1}
        value={text}
        onChange={(_, d) => {
          setText(d.value);
          if (/^\d+$/.test(d.value) && Number(d.value) >= 1) onCommit(Number(d.value));
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

const KEYWORD_LABELS: Record<string, string> = {
  '*': 'Message for every rule',
  minLength: 'Message when too short / empty',
  type: 'Message for a wrong type',
  format: 'Message for a wrong format',
  minimum: 'Message below the minimum',
  maximum: 'Message above the maximum',
};

export interface FieldFormProps {
  schemaText: string;
  uiText: string;
  onChange(next: { schema: string; ui: string }): void;
}

/**
 * The form view: the common edits of one field without raw JSON. It edits the same draft texts as the JSON
 * tabs (every change is written back as formatted JSON).
 */
export function FieldForm({ schemaText, uiText, onChange }: FieldFormProps) {
  const styles = useStyles();
  const schema = useMemo(() => parse(schemaText), [schemaText]);
  const ui = useMemo(() => parse(uiText), [uiText]);
  const fields = useMemo(() => (schema ? listFields(schema) : []), [schema]);
  const [selected, setSelected] = useState<string>('');
  const [added, setAdded] = useState<string | null>(null);

  if (!schema || !ui) {
    return (
      <MessageBar intent="warning">
        <MessageBarBody>The {schema ? 'UI schema' : 'schema'} is not valid JSON. Fix it in its tab to use the form view.</MessageBarBody>
      </MessageBar>
    );
  }
  const entry = fields.find((f) => f.key === selected) ?? fields.find((f) => !f.isObject);
  const path: FieldPath | undefined = entry?.path;
  const state = path ? readField(schema, ui, path) : undefined;
  const apply = (edit: FieldEdit) => {
    if (!path) return;
    const next = editField(schema, ui, path, edit);
    onChange({ schema: pretty(next.schema), ui: pretty(next.ui) });
  };
  const isString = state?.type === 'string';
  const handled = new Set(['maxLength', 'pattern', 'enum', 'required']);

  return (
    <div className={styles.form}>
      <Field label="Field">
        <Select value={entry?.key ?? ''} onChange={(_, d) => setSelected(d.value)}>
          {fields.map((f) => (
            <option key={f.key} value={f.key}>
              {'\u00a0\u00a0'.repeat(f.depth)}
              {f.label} ({f.key}, {f.type})
            </option>
          ))}
        </Select>
      </Field>
      {state && path && (
        <section aria-label={`Rules of ${fieldKey(path)}`} className={styles.form}>
          <Field label="Label">
            <Input value={state.label} onChange={(_, d) => apply({ label: d.value })} />
          </Field>
          <Field label="Help text" hint="Shown under the field (ui:help).">
            <Textarea value={state.help} onChange={(_, d) => apply({ help: d.value })} resize="vertical" />
          </Field>
          <Checkbox label="Required" checked={state.required} onChange={(_, d) => apply({ required: d.checked === true })} />
          {state.required && (
            <Field label="Message when not filled">
              <Input value={state.requiredMessage} onChange={(_, d) => apply({ requiredMessage: d.value })} />
            </Field>
          )}
          {isString && (
            <div className={styles.row}>
              <NumberInput label="Max length" value={state.maxLength} onCommit={(v) => apply({ maxLength: v })} hint="Empty: no limit" />
              {state.maxLength !== undefined && (
                <Field label="Max length message">
                  <Input value={state.messages.maxLength ?? ''} onChange={(_, d) => apply({ messages: { maxLength: d.value } })} />
                </Field>
              )}
            </div>
          )}
          {isString && (
            <div className={styles.row}>
              <Field label="Pattern" hint="A regular expression; empty: any text" validationMessage={state.pattern ? regexProblem(state.pattern) : undefined}>
                <Input value={state.pattern ?? ''} onChange={(_, d) => apply({ pattern: d.value || null })} />
              </Field>
              {state.pattern !== undefined && (
                <Field label="Pattern message">
                  <Input value={state.messages.pattern ?? ''} onChange={(_, d) => apply({ messages: { pattern: d.value } })} />
                </Field>
              )}
            </div>
          )}
          {state.enumValues && (
            <div className={styles.row}>
              <Field label="Options" hint="One value per line">
                <Textarea
                  value={state.enumValues.join('\n')}
                  onChange={(_, d) => apply({ enumValues: d.value.split('\n').filter((v, i, all) => v !== '' || i === all.length - 1) })}
                  resize="vertical"
                />
              </Field>
              <Field label="Options message">
                <Input value={state.messages.enum ?? ''} onChange={(_, d) => apply({ messages: { enum: d.value } })} />
              </Field>
            </div>
          )}
          {Object.entries(state.messages)
            .filter(([k]) => !handled.has(k))
            .map(([keyword, message]) => (
              <Field key={keyword} label={KEYWORD_LABELS[keyword] ?? `Message for ${keyword}`}>
                <Input value={message} onChange={(_, d) => apply({ messages: { [keyword]: d.value } })} />
              </Field>
            ))}
        </section>
      )}
      <Divider />
      <AddFieldForm
        schema={schema}
        parents={fields.filter((f) => f.isObject)}
        onAdd={(parentPath, field) => {
          const next = addField(schema, ui, parentPath, field);
          onChange({ schema: pretty(next.schema), ui: pretty(next.ui) });
          const key = fieldKey([...parentPath, field.name]);
          setSelected(key);
          setAdded(key);
        }}
      />
      {added && (
        <MessageBar intent="success" role="status">
          <MessageBarBody>Field {added} added (optional). It now shows in the preview.</MessageBarBody>
        </MessageBar>
      )}
    </div>
  );
}

function AddFieldForm({ schema, parents, onAdd }: { schema: Json; parents: { key: string; label: string; path: FieldPath }[]; onAdd(parent: FieldPath, field: NewField): void }) {
  const styles = useStyles();
  const [parentKey, setParentKey] = useState(parents[0]?.key ?? '');
  const [name, setName] = useState('');
  const [type, setType] = useState<NewField['type']>('string');
  const [label, setLabel] = useState('');
  const [maxLength, setMaxLength] = useState('');
  const [problems, setProblems] = useState<string[]>([]);
  const parentPath = parentKey === '' ? [] : (parents.find((p) => p.key === parentKey)?.path ?? []);

  const submit = () => {
    const field: NewField = { name: name.trim(), type, label, ...(type === 'string' && maxLength !== '' ? { maxLength: Number(maxLength) } : {}) };
    const found = newFieldProblems(schema, parentPath, field);
    setProblems(found);
    if (found.length) return;
    onAdd(parentPath, field);
    setName('');
    setLabel('');
    setMaxLength('');
  };

  return (
    <section aria-labelledby="studio-add-field" className={styles.form}>
      <Subtitle2 as="h3" id="studio-add-field">
        Add an optional field
      </Subtitle2>
      <Field label="Add to section">
        <Select value={parentKey} onChange={(_, d) => setParentKey(d.value)}>
          <option value="">(top level)</option>
          {parents.map((p) => (
            <option key={p.key} value={p.key}>
              {p.label} ({p.key})
            </option>
          ))}
        </Select>
      </Field>
      <div className={styles.row}>
        <Field label="Field name" hint="Letters and digits, e.g. tradeName">
          <Input value={name} onChange={(_, d) => setName(d.value)} />
        </Field>
        <Field label="New field label">
          <Input value={label} onChange={(_, d) => setLabel(d.value)} />
        </Field>
      </div>
      <div className={styles.row}>
        <Field label="Type">
          <Select value={type} onChange={(_, d) => setType(d.value as NewField['type'])}>
            <option value="string">Text</option>
            <option value="number">Number</option>
            <option value="boolean">Yes / no</option>
          </Select>
        </Field>
        {type === 'string' && (
          <Field label="New field max length">
            <Input type="number" min={1} value={maxLength} onChange={(_, d) => setMaxLength(d.value)} />
          </Field>
        )}
      </div>
      {problems.length > 0 && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>
            {problems.map((p) => (
              <div key={p}>{p}</div>
            ))}
          </MessageBarBody>
        </MessageBar>
      )}
      <Button onClick={submit}>Add field</Button>
    </section>
  );
}

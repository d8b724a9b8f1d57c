import { Field, Input, makeStyles, Select, Subtitle2, Text, tokens } from '@fluentui/react-components';
import type { ReferenceList } from '../../../validation/lists';
import { type FieldEntry, fieldKey, listOf, schemaNode } from './fields';
import { type LogicKey, type Operator, readLogic, relativeVar, type SimpleCondition, writeLogic } from './logicEdit';

type Json = Record<string, unknown>;

const useStyles = makeStyles({
  box: {
    display: 'flex',
    flexDirection: 'column',
    gap: '8px',
    padding: '12px',
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  row: { display: 'flex', flexWrap: 'wrap', gap: '8px', alignItems: 'end' },
  grow: { flex: '1 1 160px', minWidth: 0 },
});

const RULES: { key: LogicKey; title: string; always: string; when: string }[] = [
  {
    key: 'visibleWhen',
    title: 'Show',
    always: 'Always shown',
    when: 'Shown only when…',
  },
  {
    key: 'disabledWhen',
    title: 'Read-only',
    always: 'Never read-only',
    when: 'Read-only when…',
  },
];

const OPERATORS: { op: Operator; label: string }[] = [
  { op: 'is', label: 'is' },
  { op: 'isNot', label: 'is not' },
  { op: 'filled', label: 'is answered' },
  { op: 'empty', label: 'is not answered' },
];

export interface LogicEditorProps {
  schema: Json;
  ui: Json;
  target: FieldEntry;
  fields: FieldEntry[];
  lists: (name: string) => ReferenceList | undefined;
  onChange(ui: Json): void;
}

/** The values a condition on a field can compare with: Yes/No, the options of its list or enum, else typed. */
function choicesOf(node: Json | undefined, lists: LogicEditorProps['lists']): { value: string | boolean; label: string }[] | undefined {
  if (!node) return undefined;
  if (node.type === 'boolean')
    return [
      { value: true, label: 'Yes' },
      { value: false, label: 'No' },
    ];
  const list = listOf(node);
  if (list)
    return (lists(list)?.options ?? []).map((o) => ({
      value: String(o.value),
      label: o.label,
    }));
  if (Array.isArray(node.enum))
    return node.enum.map((v) => ({
      value: String(v),
      label: v === 'Y' ? 'Yes' : v === 'N' ? 'No' : String(v),
    }));
  return undefined;
}

/**
 * "Show <this field> when <field> is <value>" and "read-only when", from pickers, on the form-logic engine's
 * `ui:logic` of the field (the same draft as the UI schema tab). A rule the pickers cannot show is described
 * and left to the UI schema tab.
 */
export function LogicEditor({ schema, ui, target, fields, lists, onChange }: LogicEditorProps) {
  const styles = useStyles();
  const sources = fields.filter((f) => !f.isObject && f.key !== target.key && relativeVar(target.path, f.path) !== undefined);
  const byKey = (key: string) => sources.find((f) => f.key === key);

  return (
    <section aria-label={`Conditions of ${target.label}`} className={styles.box}>
      <Subtitle2 as="h4">Conditions</Subtitle2>
      {RULES.map((rule) => {
        const current = readLogic(ui, target.path, rule.key);
        if (current === 'custom') {
          return (
            <Text key={rule.key} block>
              {rule.title}: a combined rule (edit it in the UI schema tab).
            </Text>
          );
        }
        const write = (c: SimpleCondition | null) => onChange(writeLogic(ui, target.path, rule.key, c));
        const sourceNode = current ? schemaNode(schema, current.source) : undefined;
        const choices = choicesOf(sourceNode, lists);
        const sourceLabel = current ? (byKey(fieldKey(current.source))?.label ?? fieldKey(current.source)) : '';
        const setSource = (key: string) => {
          const f = byKey(key);
          if (!f) return write(null);
          const options = choicesOf(schemaNode(schema, f.path), lists);
          write({ source: f.path, op: 'is', value: options?.[0]?.value ?? '' });
        };
        return (
          <div key={rule.key} className={styles.row} role="group" aria-label={`${rule.title} ${target.label}`}>
            <Field className={styles.grow} label={`${rule.title}: ${target.label}`}>
              <Select value={current ? fieldKey(current.source) : ''} onChange={(_, d) => setSource(d.value)}>
                <option value="">{rule.always}</option>
                {sources.map((f) => (
                  <option key={f.key} value={f.key}>
                    {rule.when.replace('…', '')} {f.label}
                  </option>
                ))}
              </Select>
            </Field>
            {current && (
              <>
                <Field label={`Condition on ${sourceLabel}`}>
                  <Select value={current.op} onChange={(_, d) => write({ ...current, op: d.value as Operator })}>
                    {OPERATORS.map((o) => (
                      <option key={o.op} value={o.op}>
                        {o.label}
                      </option>
                    ))}
                  </Select>
                </Field>
                {(current.op === 'is' || current.op === 'isNot') &&
                  (choices ? (
                    <Field className={styles.grow} label={`Value of ${sourceLabel}`}>
                      <Select
                        value={String(current.value)}
                        onChange={(_, d) => {
                          const found = choices.find((c) => String(c.value) === d.value);
                          write({
                            ...current,
                            value: found ? found.value : d.value,
                          });
                        }}
                      >
                        {!choices.some((c) => String(c.value) === String(current.value)) && (
                          <option value={String(current.value)}>{String(current.value)}</option>
                        )}
                        {choices.map((c) => (
                          <option key={String(c.value)} value={String(c.value)}>
                            {c.label}
                          </option>
                        ))}
                      </Select>
                    </Field>
                  ) : (
                    <Field className={styles.grow} label={`Value of ${sourceLabel}`}>
                      <Input
                        value={String(current.value ?? '')}
                        onChange={(_, d) => {
                          const numeric =
                            sourceNode &&
                            (sourceNode.type === 'number' || sourceNode.type === 'integer') &&
                            d.value.trim() !== '' &&
                            !Number.isNaN(Number(d.value));
                          write({
                            ...current,
                            value: numeric ? Number(d.value) : d.value,
                          });
                        }}
                      />
                    </Field>
                  ))}
              </>
            )}
          </div>
        );
      })}
      <Text size={200}>A hidden field is not checked and its answer is not kept.</Text>
    </section>
  );
}

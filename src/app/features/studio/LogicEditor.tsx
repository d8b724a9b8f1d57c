import { Field, Input, makeStyles, Select, Subtitle2, Text, tokens } from '@fluentui/react-components';
import type { ReferenceList } from '../../../validation/lists';
import type { StudioMessageId } from '../../i18n/enStudio';
import { type StudioT, useStudioT } from '../../i18n/useStudioT';
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

/** The two rules of a field, by the ids of their words: the rule, "no condition", "<rule> when <field>", a rule the pickers cannot show. */
const RULES: { key: LogicKey; title: StudioMessageId; always: StudioMessageId; when: StudioMessageId; custom: StudioMessageId }[] = [
  { key: 'visibleWhen', title: 'studio.logic.show', always: 'studio.logic.alwaysShown', when: 'studio.logic.shownWhen', custom: 'studio.logic.showCustom' },
  { key: 'disabledWhen', title: 'studio.logic.readOnly', always: 'studio.logic.neverReadOnly', when: 'studio.logic.readOnlyWhen', custom: 'studio.logic.readOnlyCustom' },
];

const OPERATORS: { op: Operator; label: StudioMessageId }[] = [
  { op: 'is', label: 'studio.logic.is' },
  { op: 'isNot', label: 'studio.logic.isNot' },
  { op: 'filled', label: 'studio.logic.filled' },
  { op: 'empty', label: 'studio.logic.empty' },
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
function choicesOf(node: Json | undefined, lists: LogicEditorProps['lists'], t: StudioT): { value: string | boolean; label: string }[] | undefined {
  if (!node) return undefined;
  if (node.type === 'boolean')
    return [
      { value: true, label: t('studio.logic.yes') },
      { value: false, label: t('studio.logic.no') },
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
      label: v === 'Y' ? t('studio.logic.yes') : v === 'N' ? t('studio.logic.no') : String(v),
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
  const t = useStudioT();
  const sources = fields.filter((f) => !f.isObject && f.key !== target.key && relativeVar(target.path, f.path) !== undefined);
  const byKey = (key: string) => sources.find((f) => f.key === key);

  return (
    <section aria-label={t('studio.logic.conditionsOf', { label: target.label })} className={styles.box}>
      <Subtitle2 as="h4">{t('studio.logic.conditions')}</Subtitle2>
      {RULES.map((rule) => {
        const current = readLogic(ui, target.path, rule.key);
        if (current === 'custom') {
          return (
            <Text key={rule.key} block>
              {t(rule.custom)}
            </Text>
          );
        }
        const write = (c: SimpleCondition | null) => onChange(writeLogic(ui, target.path, rule.key, c));
        const sourceNode = current ? schemaNode(schema, current.source) : undefined;
        const choices = choicesOf(sourceNode, lists, t);
        const sourceLabel = current ? (byKey(fieldKey(current.source))?.label ?? fieldKey(current.source)) : '';
        const setSource = (key: string) => {
          const f = byKey(key);
          if (!f) return write(null);
          const options = choicesOf(schemaNode(schema, f.path), lists, t);
          write({ source: f.path, op: 'is', value: options?.[0]?.value ?? '' });
        };
        return (
          <div key={rule.key} className={styles.row} role="group" aria-label={t('studio.logic.ruleOf', { rule: t(rule.title), label: target.label })}>
            <Field className={styles.grow} label={t('studio.logic.ruleLabel', { rule: t(rule.title), label: target.label })}>
              <Select value={current ? fieldKey(current.source) : ''} onChange={(_, d) => setSource(d.value)}>
                <option value="">{t(rule.always)}</option>
                {sources.map((f) => (
                  <option key={f.key} value={f.key}>
                    {t(rule.when, { label: f.label })}
                  </option>
                ))}
              </Select>
            </Field>
            {current && (
              <>
                <Field label={t('studio.logic.conditionOn', { label: sourceLabel })}>
                  <Select value={current.op} onChange={(_, d) => write({ ...current, op: d.value as Operator })}>
                    {OPERATORS.map((o) => (
                      <option key={o.op} value={o.op}>
                        {t(o.label)}
                      </option>
                    ))}
                  </Select>
                </Field>
                {(current.op === 'is' || current.op === 'isNot') &&
                  (choices ? (
                    <Field className={styles.grow} label={t('studio.logic.valueOf', { label: sourceLabel })}>
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
                    <Field className={styles.grow} label={t('studio.logic.valueOf', { label: sourceLabel })}>
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
      <Text size={200}>{t('studio.logic.hiddenNote')}</Text>
    </section>
  );
}

import { Badge, Button, Checkbox, Field, Input, makeStyles, MessageBar, MessageBarBody, Subtitle2, Text, Textarea, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import type { ReferenceList } from '../../../validation/lists';
import { useStudioT } from '../../i18n/useStudioT';
import { type ArabicDraft, ArabicInput } from './translations';
import { addOption, deleteOption, importCsv, moveOption, renameOption, retireOption } from './listEdit';
import { StaffTextError } from './staffText';

const useStyles = makeStyles({
  box: {
    display: 'flex',
    flexDirection: 'column',
    gap: '8px',
    padding: '12px',
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  options: {
    listStyle: 'none',
    margin: 0,
    padding: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: '6px',
  },
  option: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: '6px',
    alignItems: 'center',
  },
  label: { flex: '1 1 180px', minWidth: 0 },
  code: {
    fontFamily: tokens.fontFamilyMonospace,
    fontSize: tokens.fontSizeBase200,
    color: tokens.colorNeutralForeground2,
    minWidth: '80px',
  },
  add: { display: 'flex', flexWrap: 'wrap', gap: '8px', alignItems: 'end' },
});

export interface ListEditorProps {
  list: ReferenceList;
  /** The list as published (undefined: a new list); its codes can be retired, not deleted. */
  published: ReferenceList | undefined;
  onChange(list: ReferenceList): void;
  /** The list's Arabic beside its English (title and option labels, by code), flagged when missing or out of date. */
  arabic?: ArabicDraft;
}

/**
 * The options of a reference list: labels edited in place, order by buttons, codes retired (kept valid for saved
 * applications, not offered for new choices), new options added by label (the code is derived) or imported from CSV.
 */
export function ListEditor({ list, published, onChange, arabic }: ListEditorProps) {
  const styles = useStyles();
  const t = useStudioT();
  const [label, setLabel] = useState('');
  const [csv, setCsv] = useState('');
  const [message, setMessage] = useState<{
    intent: 'error' | 'success';
    text: string;
  } | null>(null);
  const title = list.title || list.name;
  /** An editing function's refusal in the studio's language. */
  const refusal = (error: unknown) => (error instanceof StaffTextError ? t(error.text.id, error.text.values) : (error as Error).message);
  const run = (fn: () => ReferenceList) => {
    try {
      onChange(fn());
      setMessage(null);
    } catch (error) {
      setMessage({ intent: 'error', text: refusal(error) });
    }
  };

  return (
    <section aria-label={t('studio.list.optionsOf', { title })} className={styles.box}>
      <Subtitle2 as="h4">{t('studio.list.heading', { title })}</Subtitle2>
      <Text size={200}>{published ? t('studio.list.publishedNote') : t('studio.list.newNote')}</Text>
      {arabic && list.title && <ArabicInput label={t('studio.list.title')} textKey={['lists', list.name, 'title']} arabic={arabic} />}
      {list.options.length === 0 && <Text>{t('studio.list.empty')}</Text>}
      <ol className={styles.options}>
        {list.options.map((o, i) => {
          const isPublished = !!published?.options.some((p) => String(p.value) === String(o.value));
          return (
            <li key={String(o.value)} className={styles.option}>
              <Field className={styles.label} label={t('studio.list.optionLabel', { n: i + 1 })}>
                <Input value={o.label} onChange={(_, d) => run(() => renameOption(list, i, d.value))} />
              </Field>
              {arabic && (
                <ArabicInput label={t('studio.list.optionLabel', { n: i + 1 })} textKey={['lists', list.name, 'options', String(o.value)]} arabic={arabic} />
              )}
              <Text className={styles.code} title={t('studio.list.codeTitle')}>
                {t('studio.list.code', { code: String(o.value) })}
              </Text>
              {o.retired && (
                <Badge appearance="tint" color="warning">
                  {t('studio.list.retired')}
                </Badge>
              )}
              <Button size="small" aria-label={t('studio.form.moveUp', { label: o.label })} disabled={i === 0} onClick={() => run(() => moveOption(list, i, -1))}>
                {t('studio.form.up')}
              </Button>
              <Button
                size="small"
                aria-label={t('studio.form.moveDown', { label: o.label })}
                disabled={i === list.options.length - 1}
                onClick={() => run(() => moveOption(list, i, 1))}
              >
                {t('studio.form.down')}
              </Button>
              {isPublished ? (
                <Checkbox label={t('studio.list.retire', { label: o.label })} checked={!!o.retired} onChange={(_, d) => run(() => retireOption(list, i, d.checked === true))} />
              ) : (
                <Button size="small" aria-label={t('studio.list.deleteLabel', { label: o.label })} onClick={() => run(() => deleteOption(list, i, published))}>
                  {t('studio.list.delete')}
                </Button>
              )}
            </li>
          );
        })}
      </ol>
      <div className={styles.add}>
        <Field label={t('studio.list.newOption')} hint={t('studio.list.newOptionHint')}>
          <Input
            value={label}
            onChange={(_, d) => setLabel(d.value)}
            onKeyDown={(e) => e.key === 'Enter' && label.trim() && (run(() => addOption(list, label)), setLabel(''))}
          />
        </Field>
        <Button
          onClick={() => {
            run(() => addOption(list, label));
            setLabel('');
          }}
          disabled={!label.trim()}
        >
          {t('studio.list.add')}
        </Button>
      </div>
      <details>
        <summary>{t('studio.list.import')}</summary>
        <Field label={t('studio.list.csvLines')} hint={t('studio.list.csvHint')}>
          <Textarea value={csv} onChange={(_, d) => setCsv(d.value)} rows={4} resize="vertical" />
        </Field>
        <input
          type="file"
          accept=".csv,text/csv,text/plain"
          aria-label={t('studio.list.csvFile')}
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) void file.text().then(setCsv);
          }}
        />
        <Button
          style={{ marginTop: 8 }}
          disabled={!csv.trim()}
          onClick={() => {
            try {
              const result = importCsv(list, csv);
              onChange(result.list);
              setMessage({
                intent: result.problems.length ? 'error' : 'success',
                text: [t('studio.list.imported', { added: result.added, renamed: result.renamed }), ...result.problems.map((p) => t(p.id, p.values))].join(t('studio.semicolon')),
              });
              setCsv('');
            } catch (error) {
              setMessage({ intent: 'error', text: refusal(error) });
            }
          }}
        >
          {t('studio.list.importButton')}
        </Button>
      </details>
      {message && (
        <MessageBar intent={message.intent} role={message.intent === 'error' ? 'alert' : 'status'}>
          <MessageBarBody>{message.text}</MessageBarBody>
        </MessageBar>
      )}
    </section>
  );
}

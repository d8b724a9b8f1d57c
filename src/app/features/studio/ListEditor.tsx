import { Badge, Button, Checkbox, Field, Input, makeStyles, MessageBar, MessageBarBody, Subtitle2, Text, Textarea, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import type { ReferenceList } from '../../../validation/lists';
import { type ArabicDraft, ArabicInput } from './translations';
import { addOption, deleteOption, importCsv, moveOption, renameOption, retireOption } from './listEdit';

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
  const [label, setLabel] = useState('');
  const [csv, setCsv] = useState('');
  const [message, setMessage] = useState<{
    intent: 'error' | 'success';
    text: string;
  } | null>(null);
  const title = list.title || list.name;
  const run = (fn: () => ReferenceList, done?: string) => {
    try {
      onChange(fn());
      setMessage(done ? { intent: 'success', text: done } : null);
    } catch (error) {
      setMessage({ intent: 'error', text: (error as Error).message });
    }
  };

  return (
    <section aria-label={`Options of the list ${title}`} className={styles.box}>
      <Subtitle2 as="h4">Options of the list “{title}”</Subtitle2>
      <Text size={200}>
        {published
          ? 'A published list: options in use can be retired (saved applications keep them) but not deleted.'
          : 'A new list: it is published with the draft.'}
      </Text>
      {arabic && list.title && (
        <ArabicInput label="List title" textKey={['lists', list.name, 'title']} arabic={arabic} />
      )}
      {list.options.length === 0 && <Text>The list has no options yet: add the first one below.</Text>}
      <ol className={styles.options}>
        {list.options.map((o, i) => {
          const isPublished = !!published?.options.some((p) => String(p.value) === String(o.value));
          return (
            <li key={String(o.value)} className={styles.option}>
              <Field className={styles.label} label={`Option ${i + 1} label`}>
                <Input value={o.label} onChange={(_, d) => run(() => renameOption(list, i, d.value))} />
              </Field>
              {arabic && (
                <ArabicInput label={`Option ${i + 1} label`} textKey={['lists', list.name, 'options', String(o.value)]} arabic={arabic} />
              )}
              <Text className={styles.code} title="The code saved in applications">
                code {String(o.value)}
              </Text>
              {o.retired && (
                <Badge appearance="tint" color="warning">
                  retired
                </Badge>
              )}
              <Button size="small" aria-label={`Move ${o.label} up`} disabled={i === 0} onClick={() => run(() => moveOption(list, i, -1))}>
                Up
              </Button>
              <Button
                size="small"
                aria-label={`Move ${o.label} down`}
                disabled={i === list.options.length - 1}
                onClick={() => run(() => moveOption(list, i, 1))}
              >
                Down
              </Button>
              {isPublished ? (
                <Checkbox label={`Retire ${o.label}`} checked={!!o.retired} onChange={(_, d) => run(() => retireOption(list, i, d.checked === true))} />
              ) : (
                <Button size="small" aria-label={`Delete ${o.label}`} onClick={() => run(() => deleteOption(list, i, published))}>
                  Delete
                </Button>
              )}
            </li>
          );
        })}
      </ol>
      <div className={styles.add}>
        <Field label="New option label" hint="The code is derived from the label">
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
          Add option
        </Button>
      </div>
      <details>
        <summary>Import options from CSV</summary>
        <Field label="CSV lines" hint="One option per line: code,label (or a label alone). A known code gets the new label; new codes are added at the end.">
          <Textarea value={csv} onChange={(_, d) => setCsv(d.value)} rows={4} resize="vertical" />
        </Field>
        <input
          type="file"
          accept=".csv,text/csv,text/plain"
          aria-label="CSV file"
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
                text: `${result.added} option(s) added, ${result.renamed} renamed${result.problems.length ? `; ${result.problems.join('; ')}` : ''}`,
              });
              setCsv('');
            } catch (error) {
              setMessage({ intent: 'error', text: (error as Error).message });
            }
          }}
        >
          Import
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

import { Body1, Caption1, Card, CardHeader, makeStyles, MessageBar, MessageBarBody, Spinner, Subtitle2, Title2 } from '@fluentui/react-components';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import type { Flow } from '../../../content/contentTypes';
import { useStudioT } from '../../i18n/useStudioT';
import { errorText, useLatestVersion } from './api';
import { useDateTime } from './useDateTime';
import { listsUsedBy, schemaPath } from './draft';

const useStyles = makeStyles({
  grid: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(300px, 1fr))', gap: '16px', marginTop: '16px' },
  list: { margin: 0, paddingLeft: '20px', display: 'flex', flexDirection: 'column', gap: '4px' },
});

/** Every step of the latest version, grouped by flow, and the reference lists with the steps that use them. */
export default function StepPickerPage() {
  const styles = useStyles();
  const { data, error, isLoading } = useLatestVersion();
  const t = useStudioT();
  const dateTime = useDateTime();

  const model = useMemo(() => {
    if (!data) return undefined;
    const flows = (data.files['flows.json'] ?? {}) as Record<string, Flow>;
    const steps = Object.keys(data.files)
      .map((p) => /^steps\/([A-Za-z0-9]+)\.schema\.json$/.exec(p)?.[1])
      .filter((s): s is string => !!s)
      .sort();
    const inFlows = new Set(Object.values(flows).flatMap((f) => f.steps.map((s) => s.step)));
    const usedBy = new Map<string, string[]>();
    for (const step of steps) for (const list of listsUsedBy(data.files[schemaPath(step)])) usedBy.set(list, [...(usedBy.get(list) ?? []), step]);
    const lists = Object.keys(data.files)
      .map((p) => /^lists\/([A-Za-z0-9]+)\.json$/.exec(p)?.[1])
      .filter((l): l is string => !!l)
      .sort();
    return { flows, others: steps.filter((s) => !inFlows.has(s)), lists, usedBy };
  }, [data]);

  if (error) {
    return (
      <MessageBar intent="error">
        <MessageBarBody>{errorText(error, t)}</MessageBarBody>
      </MessageBar>
    );
  }
  if (isLoading || !data || !model) return <Spinner label={t('studio.steps.loading')} />;

  return (
    <>
      <Title2 as="h1">{t('studio.steps.title')}</Title2>
      <Body1 as="p">
        {t('studio.steps.version', { version: data.version, message: data.message, author: data.author, at: dateTime(data.createdAt) })}
      </Body1>
      <div className={styles.grid}>
        {Object.entries(model.flows).map(([name, flow]) => (
          <Card key={name}>
            <CardHeader header={<Subtitle2 as="h2">{flow.title}</Subtitle2>} description={<Caption1>{name}{flow.roles ? ` · ${flow.roles.join(', ')}` : ''}</Caption1>} />
            <ol className={styles.list}>
              {flow.steps.map((s) => (
                <li key={s.step}>
                  <Link to={`/studio/steps/${s.step}`}>{s.title}</Link> <Caption1>({s.step})</Caption1>
                </li>
              ))}
            </ol>
          </Card>
        ))}
        {model.others.length > 0 && (
          <Card>
            <CardHeader header={<Subtitle2 as="h2">{t('studio.steps.noFlow')}</Subtitle2>} />
            <ul className={styles.list}>
              {model.others.map((s) => (
                <li key={s}>
                  <Link to={`/studio/steps/${s}`}>{s}</Link>
                </li>
              ))}
            </ul>
          </Card>
        )}
      </div>
      <Title2 as="h2" style={{ display: 'block', marginTop: 32 }}>
        {t('studio.steps.lists')}
      </Title2>
      <Body1 as="p">{t('studio.steps.listsHelp')}</Body1>
      <ul className={styles.list}>
        {model.lists.map((list) => (
          <li key={list}>
            {list}
            {model.usedBy.get(list) ? ` — ${t('studio.steps.usedBy')} ` : ` — ${t('studio.steps.unused')}`}
            {(model.usedBy.get(list) ?? []).map((step, i) => (
              <span key={step}>
                {i > 0 && ', '}
                <Link to={`/studio/steps/${step}?tab=${encodeURIComponent('lists/' + list + '.json')}`}>{step}</Link>
              </span>
            ))}
          </li>
        ))}
      </ul>
    </>
  );
}

import { Button, Field, makeStyles, MessageBar, MessageBarBody, MessageBarTitle, Spinner, Subtitle2, Text } from '@fluentui/react-components';
import { type ChangeEvent, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { canonicalJson } from '../../../content/contentHash';
import type { ContentFiles } from '../../../content/contentTypes';
import { useApi } from '../session/session';
import { useStudioT } from '../../i18n/useStudioT';
import { type CheckResult, errorText, type FixtureRun, type Problem } from './api';
import { FixtureResults } from './FixtureResults';

const useStyles = makeStyles({
  panel: { display: 'flex', flexDirection: 'column', gap: '12px' },
  row: { display: 'flex', gap: '12px', alignItems: 'end', flexWrap: 'wrap' },
});

export interface TestsPanelProps {
  baseVersion: number;
  latestVersion: number;
  /** The draft's changed files (what is checked and published). */
  files: ContentFiles;
  /** Lint errors and files that do not parse: the check waits until there are none. */
  localProblems: string[];
  /** The server draft this editor saves to (its review and publication page), once there is one. */
  draftId: string | null;
}

function ProblemList({ problems }: { problems: Problem[] }) {
  return (
    <ul style={{ margin: 0, paddingInlineStart: 20 }}>
      {problems.map((p, i) => (
        <li key={i}>
          {p.path}
          {p.pointer ? ` ${p.pointer}` : ''}: {p.message}
        </li>
      ))}
    </ul>
  );
}

/**
 * Check (server-side: schema problems, every fixture, saved applications that would newly fail) and the
 * testers' fixture upload. Publication goes through review on the draft's page (four eyes).
 */
export function TestsPanel({ baseVersion, latestVersion, files, localProblems, draftId }: TestsPanelProps) {
  const styles = useStyles();
  const api = useApi();
  const t = useStudioT();
  const filesKey = useMemo(() => canonicalJson({ baseVersion, files }), [baseVersion, files]);
  const [check, setCheck] = useState<{ key: string; result: CheckResult } | null>(null);
  const [busy, setBusy] = useState<'check' | 'fixtures' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [fixtureRun, setFixtureRun] = useState<{ name: string; run: FixtureRun } | null>(null);
  const [fixtureError, setFixtureError] = useState<string | null>(null);
  const resultRef = useRef<HTMLDivElement>(null);

  const current = check && check.key === filesKey ? check.result : null;
  const changed = Object.keys(files).length > 0;

  async function runCheck() {
    setBusy('check');
    setFailure(null);
    try {
      // Every fixture the draft touches (not only this step's): the same check publish runs again on the server.
      const res = await api<CheckResult>('/api/studio/check', { method: 'POST', body: { baseVersion, files } });
      setCheck({ key: filesKey, result: res.body! });
      requestAnimationFrame(() => resultRef.current?.focus());
    } catch (error) {
      setFailure(errorText(error, t));
    } finally {
      setBusy(null);
    }
  }

  async function runFixtures(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setFixtureError(null);
    setFixtureRun(null);
    let fixtures: unknown;
    try {
      fixtures = JSON.parse(await file.text());
    } catch (error) {
      setFixtureError(t('studio.tests.fileNotJson', { file: file.name, reason: (error as Error).message }));
      return;
    }
    setBusy('fixtures');
    try {
      const res = await api<FixtureRun>('/api/studio/fixtures/run', {
        method: 'POST',
        body: { fixtures, baseVersion, files, fileName: file.name.replace(/[^A-Za-z0-9_./-]/g, '_').slice(0, 200) || 'fixture.json' },
      });
      setFixtureRun({ name: file.name, run: res.body! });
    } catch (error) {
      setFixtureError(errorText(error, t));
    } finally {
      setBusy(null);
    }
  }

  return (
    <section aria-labelledby="studio-tests-title" className={styles.panel}>
      <Subtitle2 as="h2" id="studio-tests-title">
        {t('studio.tests.title')}
      </Subtitle2>
      <div className={styles.row}>
        <Button appearance="primary" onClick={() => void runCheck()} disabled={busy !== null || !changed || localProblems.length > 0}>
          {t('studio.check.button')}
        </Button>
        {busy === 'check' && <Spinner size="tiny" label={t('studio.check.checking')} />}
        {!changed && <Text>{t('studio.tests.noChanges')}</Text>}
      </div>
      {failure && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{failure}</MessageBarBody>
        </MessageBar>
      )}
      {current && (
        <div ref={resultRef} tabIndex={-1} className={styles.panel} aria-label={t('studio.check.results')}>
          {current.breaking.newlyFailing > 0 && (
            <MessageBar intent="warning" role="alert" layout="multiline">
              <MessageBarBody>
                <MessageBarTitle>{t('studio.tests.breaking', { count: current.breaking.newlyFailing })}</MessageBarTitle>
                {t('studio.tests.breakingFields', {
                  checked: current.breaking.checked,
                  fields: current.breaking.fields.map((f) => `${f.label ? `${f.label}: ` : ''}${f.field} (${f.count})`).join(', '),
                })}
              </MessageBarBody>
            </MessageBar>
          )}
          {(current.breaking.removedFields ?? []).some((f) => f.required || f.held > 0) && (
            <MessageBar intent="warning" role="alert" layout="multiline">
              <MessageBarBody>
                <MessageBarTitle>{t('studio.tests.removedTitle')}</MessageBarTitle>
                {(current.breaking.removedFields ?? [])
                  .filter((f) => f.required || f.held > 0)
                  .map((f) => (
                    <Text block key={f.field}>
                      {t('studio.check.removed', { label: f.label, required: f.required ? 'yes' : 'no', held: f.held })} {t('studio.tests.acknowledge')}
                    </Text>
                  ))}
              </MessageBarBody>
            </MessageBar>
          )}
          {current.breaking.newlyFailing === 0 && (
            <Text>{t('studio.check.noneFail', { count: current.breaking.checked })}</Text>
          )}
          {current.problems.length > 0 ? (
            <MessageBar intent="error" layout="multiline">
              <MessageBarBody>
                <MessageBarTitle>{t('studio.tests.problems', { count: current.problems.length })}</MessageBarTitle>
                <ProblemList problems={current.problems} />
              </MessageBarBody>
            </MessageBar>
          ) : (
            <MessageBar intent="success">
              <MessageBarBody>{t('studio.check.noProblems')}</MessageBarBody>
            </MessageBar>
          )}
          <FixtureResults run={current.fixtures} title={t('studio.fixtures.title')} />
        </div>
      )}
      {baseVersion !== latestVersion && (
        <Text>{t('studio.tests.behind', { base: baseVersion, latest: latestVersion })}</Text>
      )}
      <Text>
        {t('studio.tests.reviewNote')}{' '}
        {draftId ? <Link to={`/studio/drafts/${draftId}`}>{t('studio.tests.reviewLink')}</Link> : t('studio.tests.firstChange')}
      </Text>
      <Subtitle2 as="h3">{t('studio.tests.runFile')}</Subtitle2>
      <Field label={t('studio.tests.file')} hint={t('studio.tests.fileHint')}>
        <input type="file" aria-label={t('studio.tests.file')} accept="application/json,.json" onChange={(e) => void runFixtures(e)} disabled={busy !== null} />
      </Field>
      {busy === 'fixtures' && <Spinner size="tiny" label={t('studio.tests.running')} />}
      {fixtureError && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{fixtureError}</MessageBarBody>
        </MessageBar>
      )}
      {fixtureRun && <FixtureResults run={fixtureRun.run} title={fixtureRun.name} />}
    </section>
  );
}

import { Button, Checkbox, Field, Input, makeStyles, MessageBar, MessageBarBody, MessageBarTitle, Spinner, Subtitle2, Text } from '@fluentui/react-components';
import { type ChangeEvent, useEffect, useMemo, useRef, useState } from 'react';
import { canonicalJson } from '../../../content/contentHash';
import type { ContentFiles } from '../../../content/contentTypes';
import { ApiRequestError } from '../../lib/secureFetch';
import { useApi } from '../session/session';
import { type CheckResult, errorText, type FixtureRun, type Problem, problemsOf } from './api';
import { FixtureResults } from './FixtureResults';

const useStyles = makeStyles({
  panel: { display: 'flex', flexDirection: 'column', gap: '12px' },
  row: { display: 'flex', gap: '12px', alignItems: 'end', flexWrap: 'wrap' },
});

export interface TestsPanelProps {
  step: string;
  baseVersion: number;
  latestVersion: number;
  /** The draft's changed files (what is checked and published). */
  files: ContentFiles;
  /** Lint errors and files that do not parse: publishing is refused while there are any. */
  localProblems: string[];
  onPublished(version: number): void;
  onRebase(): void;
}

function ProblemList({ problems }: { problems: Problem[] }) {
  return (
    <ul style={{ margin: 0, paddingLeft: 20 }}>
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
 * Check (server-side: schema problems, every fixture, saved applications that would newly fail), publish
 * (refused while anything is wrong or unchecked) and the testers' fixture upload.
 */
export function TestsPanel({ step, baseVersion, latestVersion, files, localProblems, onPublished, onRebase }: TestsPanelProps) {
  const styles = useStyles();
  const api = useApi();
  const filesKey = useMemo(() => canonicalJson({ baseVersion, files }), [baseVersion, files]);
  const [check, setCheck] = useState<{ key: string; result: CheckResult } | null>(null);
  const [busy, setBusy] = useState<'check' | 'publish' | 'fixtures' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [stale, setStale] = useState(false);
  const [message, setMessage] = useState('');
  const [messageError, setMessageError] = useState<string | undefined>();
  const [acceptBreaking, setAcceptBreaking] = useState(false);
  const [published, setPublished] = useState<number | null>(null);
  const [fixtureRun, setFixtureRun] = useState<{ name: string; run: FixtureRun } | null>(null);
  const [fixtureError, setFixtureError] = useState<string | null>(null);
  const resultRef = useRef<HTMLDivElement>(null);

  const current = check && check.key === filesKey ? check.result : null;
  const changed = Object.keys(files).length > 0;
  useEffect(() => setAcceptBreaking(false), [filesKey]);

  async function runCheck() {
    setBusy('check');
    setFailure(null);
    setPublished(null);
    try {
      const res = await api<CheckResult>('/api/studio/check', { method: 'POST', body: { baseVersion, files, step } });
      setCheck({ key: filesKey, result: res.body! });
      requestAnimationFrame(() => resultRef.current?.focus());
    } catch (error) {
      setFailure(errorText(error));
    } finally {
      setBusy(null);
    }
  }

  async function publish() {
    if (!message.trim()) {
      setMessageError('Change message is not filled');
      return;
    }
    setMessageError(undefined);
    setBusy('publish');
    setFailure(null);
    setStale(false);
    try {
      const res = await api<{ version: number }>('/api/studio/publish', { method: 'POST', body: { baseVersion, files, message: message.trim() } });
      setPublished(res.body!.version);
      setMessage('');
      setCheck(null);
      onPublished(res.body!.version);
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 409) setStale(true);
      else if (error instanceof ApiRequestError && error.status === 400 && problemsOf(error).length) {
        setCheck({ key: filesKey, result: { problems: problemsOf(error), fixtures: current?.fixtures ?? { passed: 0, failed: 0, results: [] }, breaking: current?.breaking ?? { checked: 0, newlyFailing: 0, fields: [], prospects: [] } } });
      } else setFailure(errorText(error));
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
      setFixtureError(`${file.name} is not valid JSON: ${(error as Error).message}`);
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
      setFixtureError(errorText(error));
    } finally {
      setBusy(null);
    }
  }

  const reasons: string[] = [];
  if (!changed) reasons.push('The draft has no changes.');
  if (localProblems.length) reasons.push(`Fix the ${localProblems.length} problem(s) shown in the editor first.`);
  if (!current) reasons.push('Check the draft (its current state) before publishing.');
  else if (current.problems.length) reasons.push('The check found problems.');
  // Failing fixtures and newly failing applications do not forbid a change of rule, but need a conscious yes.
  const breaking = current?.breaking.newlyFailing ?? 0;
  const failedFixtures = current?.fixtures.failed ?? 0;
  const needsAck = current !== null && current.problems.length === 0 && (breaking > 0 || failedFixtures > 0);
  if (needsAck && !acceptBreaking) reasons.push('Confirm that you reviewed the failing fixtures and applications first.');
  const canPublish = reasons.length === 0;

  return (
    <section aria-labelledby="studio-tests-title" className={styles.panel}>
      <Subtitle2 as="h2" id="studio-tests-title">
        Tests and publishing
      </Subtitle2>
      <div className={styles.row}>
        <Button appearance="primary" onClick={() => void runCheck()} disabled={busy !== null || !changed || localProblems.length > 0}>
          Check draft
        </Button>
        {busy === 'check' && <Spinner size="tiny" label="Checking" />}
        {!changed && <Text>No changes yet.</Text>}
      </div>
      {failure && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{failure}</MessageBarBody>
        </MessageBar>
      )}
      {current && (
        <div ref={resultRef} tabIndex={-1} className={styles.panel} aria-label="Check results">
          {current.breaking.newlyFailing > 0 && (
            <MessageBar intent="warning" role="alert" layout="multiline">
              <MessageBarBody>
                <MessageBarTitle>
                  Breaking change: {current.breaking.newlyFailing} saved application{current.breaking.newlyFailing === 1 ? '' : 's'} would newly fail
                </MessageBarTitle>
                Of {current.breaking.checked} saved applications checked. Fields:{' '}
                {current.breaking.fields.map((f) => `${f.field} (${f.count})`).join(', ')}
              </MessageBarBody>
            </MessageBar>
          )}
          {current.breaking.newlyFailing === 0 && (
            <Text>
              {current.breaking.checked} saved application{current.breaking.checked === 1 ? '' : 's'} checked: none would newly fail.
            </Text>
          )}
          {current.problems.length > 0 ? (
            <MessageBar intent="error" layout="multiline">
              <MessageBarBody>
                <MessageBarTitle>{current.problems.length} problem(s)</MessageBarTitle>
                <ProblemList problems={current.problems} />
              </MessageBarBody>
            </MessageBar>
          ) : (
            <MessageBar intent="success">
              <MessageBarBody>No problems in the draft.</MessageBarBody>
            </MessageBar>
          )}
          <FixtureResults run={current.fixtures} title="Fixtures" />
        </div>
      )}
      {stale && (
        <MessageBar intent="warning" role="alert" layout="multiline">
          <MessageBarBody>
            <MessageBarTitle>Someone published meanwhile</MessageBarTitle>
            Your draft starts from version {baseVersion}, the latest is {latestVersion}. Your changes are kept: rebase them on the latest version, then
            check again.
          </MessageBarBody>
        </MessageBar>
      )}
      {baseVersion !== latestVersion && (
        <div className={styles.row}>
          <Text>
            The draft starts from version {baseVersion}; version {latestVersion} is the latest.
          </Text>
          <Button onClick={onRebase}>Rebase draft on version {latestVersion}</Button>
        </div>
      )}
      {needsAck && (
        <Checkbox
          checked={acceptBreaking}
          onChange={(_, d) => setAcceptBreaking(d.checked === true)}
          label={[
            failedFixtures > 0 ? `${failedFixtures} fixture(s) fail and must be updated by the testers` : '',
            breaking > 0 ? `${breaking} saved application(s) will need corrections` : '',
          ]
            .filter(Boolean)
            .join('; ')
            .replace(/^/, 'I understand: ')}
        />
      )}
      <Field label="Change message" required validationMessage={messageError}>
        <Input value={message} onChange={(_, d) => setMessage(d.value)} placeholder="What changed and why" />
      </Field>
      <div className={styles.row}>
        <Button appearance="primary" onClick={() => void publish()} disabled={!canPublish || busy !== null} aria-describedby="studio-publish-reasons">
          Publish
        </Button>
        {busy === 'publish' && <Spinner size="tiny" label="Publishing" />}
      </div>
      {!canPublish && (
        <Text id="studio-publish-reasons" size={200}>
          {reasons.join(' ')}
        </Text>
      )}
      {published !== null && (
        <MessageBar intent="success" role="status">
          <MessageBarBody>Published as version {published}. Applicants get it with their next configuration load.</MessageBarBody>
        </MessageBar>
      )}
      <Subtitle2 as="h3">Run a fixture file</Subtitle2>
      <Field label="Fixture file (JSON)" hint="Runs against this draft, as npm run validate does.">
        <input type="file" accept="application/json,.json" onChange={(e) => void runFixtures(e)} disabled={busy !== null} />
      </Field>
      {busy === 'fixtures' && <Spinner size="tiny" label="Running fixtures" />}
      {fixtureError && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{fixtureError}</MessageBarBody>
        </MessageBar>
      )}
      {fixtureRun && <FixtureResults run={fixtureRun.run} title={fixtureRun.name} />}
    </section>
  );
}

import { Body1, Button, makeStyles, MessageBar, MessageBarBody, MessageBarTitle, Spinner, Tab, TabList, Title2 } from '@fluentui/react-components';
import { useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import type { ContentFiles } from '../../../content/contentTypes';
import { errorText, useLatestVersion, useVersions, type VersionDetail } from './api';
import { ConfirmDialog } from './ConfirmDialog';
import { changedFiles, clearDraft, loadDraft, newDraft, saveDraft, schemaPath, type StudioDraft, uiPath, withDraft } from './draft';
import { FieldForm } from './FieldForm';
import { JsonEditor } from './JsonEditor';
import { type Diagnostic, lintContentFile } from './lint';
import { PreviewPane } from './PreviewPane';
import { TestsPanel } from './TestsPanel';
import { useApi } from '../session/session';

const useStyles = makeStyles({
  head: { display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: '12px', flexWrap: 'wrap' },
  columns: { display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)', gap: '32px', marginTop: '16px', '@media (max-width: 1100px)': { gridTemplateColumns: '1fr' } },
  stack: { display: 'flex', flexDirection: 'column', gap: '16px' },
});

const FORM_TAB = 'form';

/** The editor of one step: form view and JSON tabs on the left, the live preview on the right, tests below. */
export default function EditorPage() {
  const { step = '' } = useParams();
  const latest = useLatestVersion();
  if (latest.error) {
    return (
      <MessageBar intent="error">
        <MessageBarBody>{errorText(latest.error)}</MessageBarBody>
      </MessageBar>
    );
  }
  if (!latest.data) return <Spinner label="Loading the latest version" />;
  if (latest.data.files[schemaPath(step)] === undefined) {
    return (
      <MessageBar intent="error">
        <MessageBarBody>
          Version {latest.data.version} has no step {step}. <Link to="/studio">Choose a step</Link>
        </MessageBarBody>
      </MessageBar>
    );
  }
  return <StepEditor key={step} step={step} latest={latest.data} />;
}

function StepEditor({ step, latest }: { step: string; latest: VersionDetail }) {
  const styles = useStyles();
  const { mutate: reloadVersions } = useVersions();
  const [params, setParams] = useSearchParams();
  const [draft, setDraft] = useState<StudioDraft>(() => loadDraft(step) ?? newDraft(step, latest.version, latest.files));
  // The base the draft started from (the published files it is compared with).
  const [base, setBase] = useState<ContentFiles>(latest.files);
  const [baseLoaded, setBaseLoaded] = useState(draft.baseVersion === latest.version);
  const api = useApi();
  const fetchBase = useCallback(async (version: number) => (await api<VersionDetail>(`/api/studio/versions/${version}`)).body!.files, [api]);

  useEffect(() => saveDraft(step, draft), [step, draft]);

  // A draft kept from an older version is compared with that version's files.
  useEffect(() => {
    if (baseLoaded) return;
    let cancelled = false;
    fetchBase(draft.baseVersion).then(
      (files) => {
        if (!cancelled) {
          setBase(files);
          setBaseLoaded(true);
        }
      },
      () => {
        if (!cancelled) setBaseLoaded(true); // compare with the latest instead
      },
    );
    return () => {
      cancelled = true;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [baseLoaded, draft.baseVersion]);

  const paths = Object.keys(draft.texts);
  const listPaths = paths.filter((p) => p.startsWith('lists/'));
  const tab = params.get('tab') && (params.get('tab') === FORM_TAB || paths.includes(params.get('tab')!)) ? params.get('tab')! : FORM_TAB;

  const setText = useCallback((path: string, text: string) => setDraft((d) => (d.texts[path] === text ? d : { ...d, texts: { ...d.texts, [path]: text } })), []);

  // Lint and preview follow the draft a moment behind typing (compiling a schema is not free).
  const deferred = useDeferredValue(draft);
  const merged = useMemo(() => withDraft(base, deferred), [base, deferred]);
  const changed = useMemo(() => changedFiles(deferred, base), [deferred, base]);
  // One lint per file text and content: the editor's lint and the problem list share it (compiling is not free).
  const lintCached = useMemo(() => {
    const cache = new Map<string, Diagnostic[]>();
    return (path: string, text: string) => {
      const key = `${path}\u0000${text}`;
      let found = cache.get(key);
      if (!found) cache.set(key, (found = lintContentFile(path, text, merged)));
      return found;
    };
  }, [merged]);
  const lintFor = useCallback((path: string) => (text: string) => lintCached(path, text), [lintCached]);
  const localProblems = useMemo(() => {
    const out: string[] = [];
    for (const [path, text] of Object.entries(deferred.texts)) for (const d of lintCached(path, text)) out.push(`${path}: ${d.message}`);
    return out;
  }, [deferred, lintCached]);

  const startOver = (files: ContentFiles, version: number) => {
    clearDraft(step);
    setBase(files);
    setBaseLoaded(true);
    setDraft(newDraft(step, version, files));
  };

  const tabLabel = (path: string) => (path === schemaPath(step) ? 'Schema' : path === uiPath(step) ? 'UI schema' : `List ${path.slice(6, -5)}`);

  return (
    <div>
      <div className={styles.head}>
        <div>
          <Title2 as="h1">{step}</Title2>
          <Body1 as="p">
            Draft from version {draft.baseVersion}
            {Object.keys(changed.files).length ? ` · changed: ${Object.keys(changed.files).join(', ')}` : ' · no changes'}
          </Body1>
        </div>
        <ConfirmDialog
          trigger={<Button disabled={Object.keys(changed.files).length === 0 && changed.unparsable.length === 0}>Discard draft</Button>}
          title="Discard the draft?"
          confirmLabel="Discard"
          onConfirm={() => startOver(latest.files, latest.version)}
        >
          Your changes to {step} are lost and the editor shows version {latest.version} again.
        </ConfirmDialog>
      </div>
      {localProblems.length > 0 && (
        <MessageBar intent="error" layout="multiline" aria-live="polite">
          <MessageBarBody>
            <MessageBarTitle>{localProblems.length} problem(s) in the draft</MessageBarTitle>
            <ul style={{ margin: 0, paddingLeft: 20 }}>
              {localProblems.slice(0, 10).map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          </MessageBarBody>
        </MessageBar>
      )}
      <div className={styles.columns}>
        <div className={styles.stack}>
          <TabList
            selectedValue={tab}
            onTabSelect={(_, d) => {
              const next = new URLSearchParams(params);
              next.set('tab', String(d.value));
              setParams(next, { replace: true });
            }}
            aria-label="Draft files"
          >
            <Tab value={FORM_TAB}>Form view</Tab>
            <Tab value={schemaPath(step)}>Schema</Tab>
            <Tab value={uiPath(step)}>UI schema</Tab>
            {listPaths.map((p) => (
              <Tab key={p} value={p}>
                {tabLabel(p)}
              </Tab>
            ))}
          </TabList>
          <div role="tabpanel" aria-label={tab === FORM_TAB ? 'Form view' : tabLabel(tab)}>
            {tab === FORM_TAB ? (
              <FieldForm
                schemaText={draft.texts[schemaPath(step)] ?? '{}'}
                uiText={draft.texts[uiPath(step)] ?? '{}'}
                onChange={({ schema, ui }) => setDraft((d) => ({ ...d, texts: { ...d.texts, [schemaPath(step)]: schema, [uiPath(step)]: ui } }))}
              />
            ) : (
              <JsonEditor key={tab} label={`${tabLabel(tab)} of ${step} (JSON)`} value={draft.texts[tab] ?? ''} onChange={(t) => setText(tab, t)} lint={lintFor(tab)} />
            )}
          </div>
        </div>
        <PreviewPane step={step} files={merged} />
      </div>
      <div style={{ marginTop: 32 }}>
        <TestsPanel
          step={step}
          baseVersion={draft.baseVersion}
          latestVersion={latest.version}
          files={changed.files}
          localProblems={[...localProblems, ...changed.unparsable.map((p) => `${p} is not valid JSON`)]}
          onPublished={(version) => {
            clearDraft(step);
            void reloadVersions();
            // The editor goes on from the new version (its files as the server stored them).
            fetchBase(version).then(
              (files) => startOver(files, version),
              () => undefined,
            );
          }}
          onRebase={() => {
            setBase(latest.files);
            setDraft((d) => ({ ...d, baseVersion: latest.version }));
          }}
        />
      </div>
    </div>
  );
}

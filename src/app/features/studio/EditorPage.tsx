import { Body1, Button, makeStyles, MessageBar, MessageBarBody, MessageBarTitle, Spinner, Tab, TabList, Text, Title2 } from '@fluentui/react-components';
import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { canonicalJson } from '../../../content/contentHash';
import type { ContentFiles } from '../../../content/contentTypes';
import type { Locale } from '../../../content/i18n/locales';
import { ApiRequestError } from '../../lib/secureFetch';
import { type DraftDetail, type DraftSummary, errorText, statusLabel, useDraft, useLatestVersion, useVersion, type VersionDetail } from './api';
import { changedFiles, listPath, listsUsedBy, newDraft, schemaPath, type StudioDraft, uiPath, withDraft } from './draft';
import { useDateTime } from './useDateTime';
import { FieldForm } from './FieldForm';
import { JsonEditor } from './JsonEditor';
import { ARABIC_CATALOGUE } from './translations';
import { type Diagnostic, lintWithoutCompiler, listsOf, parseJson } from './lint';
import { PreviewPane } from './PreviewPane';
import { TestsPanel } from './TestsPanel';
import { useApi } from '../session/session';
import { useStudioT } from '../../i18n/useStudioT';

const useStyles = makeStyles({
  head: { display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: '12px', flexWrap: 'wrap' },
  // minmax(0, 1fr), not 1fr, in one column too: a 1fr track grows to its content's minimum width, and the preview's
  // 360 px phone frame then pushed the page 24 px wider than a 360 px phone (QA walk).
  columns: { display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)', gap: '32px', marginTop: '16px', '@media (max-width: 1100px)': { gridTemplateColumns: 'minmax(0, 1fr)' } },
  stack: { display: 'flex', flexDirection: 'column', gap: '16px' },
  // The file tabs (form view, schema, UI schema, one per list) wrap onto a second line on a phone: in one row they
  // made the page slide sideways at 360 px (QA walk).
  tabs: { flexWrap: 'wrap' },
});

const FORM_TAB = 'form';

/** What the editor of a step without `?draft=` learnt of the open drafts (asked once, fresh from the server). */
type OpenDrafts = { kind: 'loading' } | { kind: 'failed'; error: unknown } | { kind: 'loaded'; drafts: DraftSummary[] };

/**
 * The open drafts that already change a step: its schema, its UI schema or a list it uses. Opening the step edits
 * such a draft rather than starting a second one (two drafts of one step would have to be merged by hand).
 */
export function draftsOfStep(drafts: DraftSummary[], step: string, files: ContentFiles): DraftSummary[] {
  const own = new Set([schemaPath(step), uiPath(step), ...listsUsedBy(files[schemaPath(step)]).map(listPath)]);
  return drafts.filter((d) => d.status !== 'published' && d.status !== 'discarded' && d.changedFiles.some((f) => own.has(f)));
}

/**
 * The editor of one step: form view and JSON tabs on the left, the live preview on the right, tests below.
 * It edits a draft stored on the server (`?draft=<id>`, shared with colleagues); without one, the first
 * change creates a draft. Every change is saved a moment later with the revision it edited.
 */
export default function EditorPage() {
  const { step = '' } = useParams();
  const t = useStudioT();
  const [params] = useSearchParams();
  const draftId = params.get('draft');
  const navigate = useNavigate();
  const api = useApi();
  const latest = useLatestVersion();
  const server = useDraft(draftId);
  // Without a draft: the open drafts, asked fresh (a cached list could miss the one a colleague just started).
  const [open, setOpen] = useState<OpenDrafts>({ kind: 'loading' });
  useEffect(() => {
    if (draftId) return;
    let live = true;
    setOpen({ kind: 'loading' });
    api<{ drafts: DraftSummary[] }>('/api/studio/drafts').then(
      (res) => live && setOpen({ kind: 'loaded', drafts: res.body?.drafts ?? [] }),
      (error: unknown) => live && setOpen({ kind: 'failed', error }),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [step, draftId]);
  const existing = !draftId && open.kind === 'loaded' && latest.data ? draftsOfStep(open.drafts, step, latest.data.files) : [];
  // One open draft of the step: the editor opens it (the editor then says so).
  useEffect(() => {
    if (existing.length !== 1) return;
    const next = new URLSearchParams(params);
    next.set('draft', existing[0]!.id);
    navigate({ search: next.toString() }, { replace: true, state: { joined: true } });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [existing.length === 1 ? existing[0]!.id : null]);
  // "Load their version" after a colleague's save starts the editor again from the server's draft.
  const [reloads, setReloads] = useState(0);
  const baseVersion = draftId ? server.data?.baseVersion : latest.data?.version;
  const base = useVersion(draftId && baseVersion !== latest.data?.version ? baseVersion : undefined);
  const error = latest.error ?? server.error ?? base.error ?? (!draftId && open.kind === 'failed' ? open.error : undefined);
  if (error) {
    return (
      <MessageBar intent="error">
        <MessageBarBody>{errorText(error, t)}</MessageBarBody>
      </MessageBar>
    );
  }
  const baseDetail = baseVersion === latest.data?.version ? latest.data : base.data;
  if (existing.length > 1) return <ChooseDraft step={step} drafts={existing} />;
  if (!latest.data || (!draftId && (open.kind !== 'loaded' || existing.length > 0)) || (draftId && !server.data) || !baseDetail || baseDetail.version !== baseVersion) return <Spinner label={t('studio.editor.loading')} />;
  if (baseDetail.files[schemaPath(step)] === undefined) {
    return (
      <MessageBar intent="error">
        <MessageBarBody>
          {t('studio.editor.noStep', { version: baseDetail.version, step })} <Link to="/studio">{t('studio.editor.chooseStep')}</Link>
        </MessageBarBody>
      </MessageBar>
    );
  }
  // Keyed by step and base: a draft created by the first change, or saved again, keeps the editor's state.
  return (
    <StepEditor
      key={`${step}:${baseDetail.version}:${reloads}`}
      step={step}
      base={baseDetail}
      latestVersion={latest.data.version}
      server={server.data ?? null}
      reloadServer={() => void server.mutate().then(() => setReloads((n) => n + 1))}
    />
  );
}

/** Several open drafts change the step: staff choose the one to continue (no further draft is started). */
function ChooseDraft({ step, drafts }: { step: string; drafts: DraftSummary[] }) {
  const t = useStudioT();
  const dateTime = useDateTime();
  const [params] = useSearchParams();
  const withDraftParam = (id: string) => {
    const next = new URLSearchParams(params);
    next.set('draft', id);
    return `?${next.toString()}`;
  };
  return (
    <div>
      <Title2 as="h1" block>
        {step}
      </Title2>
      <MessageBar intent="warning" layout="multiline">
        <MessageBarBody>
          <MessageBarTitle>{t('studio.editor.openDrafts', { count: drafts.length })}</MessageBarTitle>
          {t('studio.editor.chooseDraft')}
        </MessageBarBody>
      </MessageBar>
      <ul>
        {drafts.map((d) => (
          <li key={d.id}>
            <Link to={withDraftParam(d.id)}>{d.name}</Link> — {statusLabel(t, d.status)}, {t('studio.editor.draftOf', { author: d.author, at: dateTime(d.updatedAt), name: d.updatedBy })}
          </li>
        ))}
      </ul>
    </div>
  );
}

type SaveState = { kind: 'idle' | 'saving' | 'saved' } | { kind: 'conflict'; message: string } | { kind: 'failed'; message: string };

/** The step's texts of a server draft: its own files where it has them, the base version's otherwise. */
function textsOf(step: string, base: ContentFiles, server: DraftDetail | null): StudioDraft {
  const files = { ...base };
  for (const [path, value] of Object.entries(server?.files ?? {})) if (value !== null) files[path] = value;
  return newDraft(step, server?.baseVersion ?? 0, files);
}

function StepEditor({ step, base: baseDetail, latestVersion, server, reloadServer }: { step: string; base: VersionDetail; latestVersion: number; server: DraftDetail | null; reloadServer(): void }) {
  const styles = useStyles();
  const api = useApi();
  const t = useStudioT();
  const navigate = useNavigate();
  const { mutate: mutateCache } = useSWRConfig();
  const [params, setParams] = useSearchParams();
  // Opened from the step (no draft chosen): the step's open draft was taken rather than a second one started.
  const joined = (useLocation().state as { joined?: boolean } | null)?.joined === true && server !== null;
  const base = baseDetail.files;
  const [draft, setDraft] = useState<StudioDraft>(() => ({ ...textsOf(step, base, server), baseVersion: baseDetail.version }));
  const serverRef = useRef<{ id: string | null; revision: number; files: Record<string, unknown> }>({ id: server?.id ?? null, revision: server?.revision ?? 0, files: server?.files ?? {} });
  const [save, setSave] = useState<SaveState>({ kind: server ? 'saved' : 'idle' });
  const savedKey = useRef(canonicalJson(changedFiles(draft, base).files));
  // One save at a time: a change made while a save is on its way waits for it (and its new revision) instead of
  // sending the old revision again, which the server would refuse as a conflict with the editor's own save.
  const inFlight = useRef(false);
  const waiting = useRef(false);
  const [afterSave, setAfterSave] = useState(0);

  // Autosave: the step's changed files (others of the draft kept), a moment after the last change.
  useEffect(() => {
    const changed = changedFiles(draft, base).files;
    const key = canonicalJson(changed);
    if (key === savedKey.current || save.kind === 'conflict') return;
    const timer = setTimeout(() => {
      if (inFlight.current) {
        waiting.current = true;
        return;
      }
      inFlight.current = true;
      const own = new Set(Object.keys(draft.texts));
      const files: Record<string, unknown> = {};
      for (const [path, value] of Object.entries(serverRef.current.files)) if (!own.has(path)) files[path] = value;
      Object.assign(files, changed);
      setSave({ kind: 'saving' });
      const ref = serverRef.current;
      const call = ref.id
        ? api<DraftDetail>(`/api/studio/drafts/${ref.id}`, { method: 'PUT', body: { revision: ref.revision, files } })
        : api<DraftDetail>('/api/studio/drafts', { method: 'POST', body: { name: t('studio.editor.draftName', { step }), baseVersion: draft.baseVersion, files } });
      const settled = () => {
        inFlight.current = false;
        if (waiting.current) {
          waiting.current = false;
          setAfterSave((n) => n + 1);
        }
      };
      call.then(
        (res) => {
          settled();
          const saved = res.body!;
          serverRef.current = { id: saved.id, revision: saved.revision, files: saved.files };
          savedKey.current = key;
          setSave({ kind: 'saved' });
          void mutateCache(`/api/studio/drafts/${saved.id}`, saved, { revalidate: false });
          if (!ref.id) {
            const next = new URLSearchParams(params);
            next.set('draft', saved.id);
            setParams(next, { replace: true });
          }
        },
        (error: unknown) => {
          settled();
          if (error instanceof ApiRequestError && error.status === 409) setSave({ kind: 'conflict', message: errorText(error, t) });
          else setSave({ kind: 'failed', message: errorText(error, t) });
        },
      );
    }, 700);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [draft, base, afterSave]);

  const paths = Object.keys(draft.texts);
  const publishedLists = useMemo(() => listsOf(base), [base]);
  const listPaths = paths.filter((p) => p.startsWith('lists/'));
  const tab = params.get('tab') && (params.get('tab') === FORM_TAB || paths.includes(params.get('tab')!)) ? params.get('tab')! : FORM_TAB;

  const setText = useCallback((path: string, text: string) => setDraft((d) => (d.texts[path] === text ? d : { ...d, texts: { ...d.texts, [path]: text } })), []);

  // Lint and preview follow the draft a moment behind typing (compiling a schema is not free).
  const deferred = useDeferredValue(draft);
  const merged = useMemo(() => withDraft(base, deferred), [base, deferred]);
  const changed = useMemo(() => changedFiles(deferred, base), [deferred, base]);
  // The preview in English follows the draft without its Arabic: typing a translation does not rebuild it. In
  // Arabic it follows the draft's Arabic too (the catalogue laid over the files, as the config endpoint serves ar).
  const [previewLocale, setPreviewLocale] = useState<Locale>('en');
  const { [ARABIC_CATALOGUE]: _arabic, ...englishChanges } = changed.files;
  const previewChanges = previewLocale === 'en' ? englishChanges : changed.files;
  const previewKey = canonicalJson(previewChanges);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const preview = useMemo(() => ({ files: { ...base, ...previewChanges }, changes: previewChanges }), [previewKey, base]);
  // One lint per file text and content: the editor's lint and the problem list share it. Schemas are linted by the
  // server (POST /api/studio/lint, the same lintContentFile): compiling a schema needs ajv's compiler, which the
  // browser does not run (the CSP has no 'unsafe-eval'); the other files are linted here.
  const lintCached = useMemo(() => {
    const cache = new Map<string, Promise<Diagnostic[]>>();
    return (path: string, text: string): Promise<Diagnostic[]> => {
      const key = `${path}\u0000${text}`;
      let found = cache.get(key);
      if (!found) {
        const syntax = parseJson(text).diagnostic;
        found =
          !path.endsWith('.schema.json') || syntax
            ? Promise.resolve(lintWithoutCompiler(path, text).diagnostics)
            : api<{ diagnostics: Diagnostic[] }>('/api/studio/lint', { method: 'POST', body: { baseVersion: deferred.baseVersion, files: changed.files, path, text } }).then(
                (res) => res.body?.diagnostics ?? [],
                (error: unknown) => [{ from: 0, to: 0, severity: 'warning' as const, message: t('studio.editor.lintFailed', { reason: errorText(error, t) }) }],
              );
        // The editor's own findings in the studio's language (ajv's, from the server, stay in its words).
        found = found.then((diagnostics) => diagnostics.map((d) => (d.text ? { ...d, message: t(d.text.id, d.text.values) } : d)));
        cache.set(key, found);
      }
      return found;
    };
    // deferred and changed follow merged (all three come from the deferred draft).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [merged, t]);
  const lintFor = useCallback((path: string) => (text: string) => lintCached(path, text), [lintCached]);
  const [localProblems, setLocalProblems] = useState<string[]>([]);
  useEffect(() => {
    let live = true;
    // A moment after typing pauses, like the editor's own lint.
    const timer = setTimeout(() => {
      void Promise.all(Object.entries(deferred.texts).map(async ([path, text]) => (await lintCached(path, text)).map((d) => `${path}: ${d.message}`))).then(
        (found) => live && setLocalProblems(found.flat()),
      );
    }, 400);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [deferred, lintCached]);

  const listTitle = (path: string) => {
    try {
      const title = (JSON.parse(draft.texts[path] ?? '') as { title?: unknown }).title;
      return typeof title === 'string' && title ? title : path.slice(6, -5);
    } catch {
      return path.slice(6, -5);
    }
  };
  const tabLabel = (path: string) => (path === schemaPath(step) ? t('studio.editor.schema') : path === uiPath(step) ? t('studio.editor.uiSchema') : t('studio.editor.listTab', { title: listTitle(path) }));

  return (
    <div>
      <div className={styles.head}>
        <div>
          <Title2 as="h1" block>
            {step}
          </Title2>
          <Body1 as="p" block>
            {server
              ? t.rich('studio.editor.draftBy', { link: (chunks) => <Link to={`/studio/drafts/${server.id}`}>{chunks}</Link>, name: server.name, author: server.author, version: draft.baseVersion })
              : t('studio.editor.newDraft', { version: draft.baseVersion })}
            {Object.keys(changed.files).length ? ` · ${t('studio.editor.changed', { files: Object.keys(changed.files).join(', ') })}` : ` · ${t('studio.editor.noChanges')}`}
          </Body1>
          <Text role="status" aria-live="polite" size={200} block>
            {save.kind === 'saving'
              ? t('studio.editor.saving')
              : save.kind === 'saved' && serverRef.current.id
                ? t('studio.editor.saved', { revision: serverRef.current.revision })
                : save.kind === 'idle'
                  ? t('studio.editor.firstChange')
                  : ''}
          </Text>
        </div>
        {serverRef.current.id && (
          <Button onClick={() => navigate(`/studio/drafts/${serverRef.current.id}`)}>{t('studio.editor.review')}</Button>
        )}
      </div>
      {(save.kind === 'conflict' || save.kind === 'failed') && (
        <MessageBar intent={save.kind === 'conflict' ? 'warning' : 'error'} role="alert" layout="multiline">
          <MessageBarBody>
            <MessageBarTitle>{save.kind === 'conflict' ? t('studio.editor.conflict') : t('studio.editor.notSaved')}</MessageBarTitle>
            {save.message}{' '}
            {save.kind === 'conflict' && (
              <Button size="small" onClick={reloadServer}>
                {t('studio.editor.loadTheirs')}
              </Button>
            )}
          </MessageBarBody>
        </MessageBar>
      )}
      {joined && server && (
        <MessageBar intent="info" layout="multiline">
          <MessageBarBody>{t('studio.editor.joined', { name: server.name, author: server.author })}</MessageBarBody>
        </MessageBar>
      )}
      {server && (server.status === 'in_review' || server.status === 'approved') && (
        <MessageBar intent="info">
          <MessageBarBody>{server.status === 'approved' ? t('studio.editor.approvedNote') : t('studio.editor.inReviewNote')}</MessageBarBody>
        </MessageBar>
      )}
      {localProblems.length > 0 && (
        <MessageBar intent="error" layout="multiline" aria-live="polite">
          <MessageBarBody>
            <MessageBarTitle>{t('studio.editor.problems', { count: localProblems.length })}</MessageBarTitle>
            <ul style={{ margin: 0, paddingInlineStart: 20 }}>
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
            className={styles.tabs}
            selectedValue={tab}
            onTabSelect={(_, d) => {
              const next = new URLSearchParams(params);
              next.set('tab', String(d.value));
              setParams(next, { replace: true });
            }}
            aria-label={t('studio.editor.files')}
          >
            <Tab value={FORM_TAB}>{t('studio.editor.formView')}</Tab>
            <Tab value={schemaPath(step)}>{t('studio.editor.schema')}</Tab>
            <Tab value={uiPath(step)}>{t('studio.editor.uiSchema')}</Tab>
            {listPaths.map((p) => (
              <Tab key={p} value={p}>
                {tabLabel(p)}
              </Tab>
            ))}
          </TabList>
          <div role="tabpanel" aria-label={tab === FORM_TAB ? t('studio.editor.formView') : tabLabel(tab)}>
            {tab === FORM_TAB ? (
              <FieldForm
                schemaText={draft.texts[schemaPath(step)] ?? '{}'}
                uiText={draft.texts[uiPath(step)] ?? '{}'}
                onChange={({ schema, ui }) => setDraft((d) => ({ ...d, texts: { ...d.texts, [schemaPath(step)]: schema, [uiPath(step)]: ui } }))}
                listTexts={Object.fromEntries(listPaths.map((p) => [p, draft.texts[p]!]))}
                publishedLists={publishedLists}
                onListChange={setText}
                {...(draft.texts[ARABIC_CATALOGUE] !== undefined ? { arabic: { step, text: draft.texts[ARABIC_CATALOGUE]!, onChange: (t: string) => setText(ARABIC_CATALOGUE, t) } } : {})}
              />
            ) : (
              <JsonEditor key={tab} label={t('studio.editor.jsonLabel', { tab: tabLabel(tab), step })} value={draft.texts[tab] ?? ''} onChange={(t) => setText(tab, t)} lint={lintFor(tab)} />
            )}
          </div>
        </div>
        <PreviewPane step={step} files={preview.files} baseVersion={draft.baseVersion} changes={preview.changes} locale={previewLocale} onLocaleChange={setPreviewLocale} />
      </div>
      <div style={{ marginTop: 32 }}>
        <TestsPanel
          baseVersion={draft.baseVersion}
          latestVersion={latestVersion}
          files={changed.files}
          localProblems={[...localProblems, ...changed.unparsable.map((p) => t('studio.editor.notJson', { path: p }))]}
          draftId={serverRef.current.id}
        />
      </div>
    </div>
  );
}

import { Body1, Button, MessageBar, MessageBarBody, MessageBarTitle, Spinner, Text, Title2 } from '@fluentui/react-components';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import type { UploadOptions } from '../../../../widgets/FormContext';
import { ApiRequestError } from '../../lib/secureFetch';
import type { AppConfig } from '../config/useConfig';
import { StepForm } from '../forms/StepForm';
import { prefetchStepValidator, useStepValidator } from '../forms/stepValidator';
import { applyLogic, logicOf } from '../forms/formLogic';
import { useApi } from '../session/session';
import { AgentLayout, WithAgentConfig } from './AgentLayout';
import { servicesPath } from './agentSteps';
import { documentGroups } from './documents';
import { editingBlock } from '../../../shared/editingBlock';
import { useAgentT } from '../../i18n/useAgentT';
import { extraErrorsOf, fieldErrorsOf, useMessageOf } from './fieldErrors';
import { UnsavedChangesGuard } from './UnsavedChangesGuard';
import type { ProspectDraft } from '../../../shared/prospectDraft';
import { errorsOnOtherSteps } from '../forms/errorSteps';
import { OtherStepErrors } from '../forms/OtherStepErrors';
import { documentsUrl, type ProspectAnswer, prospectUrl, useAgentGet } from './useAgentData';

type Obj = Record<string, unknown>;

/** documentType of a document key when the documents list does not name it: "Site Visit Report-1" -> "Site Visit Report". */
const typeOfKey = (key: string) => key.replace(/-\d+$/, '');

function ServicesFlow({ config, id }: { config: AppConfig; id: string }) {
  const api = useApi();
  const t = useAgentT();
  const messageOf = useMessageOf();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const loaded = useAgentGet<ProspectAnswer>(prospectUrl(id));
  const docs = useAgentGet<unknown>(documentsUrl(id));
  const [draft, setDraft] = useState<ProspectDraft>();
  const [version, setVersion] = useState<number>();
  const [busy, setBusy] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>();
  const [failure, setFailure] = useState<{ kind: 'fields' | 'conflict' | 'other'; error: unknown } | null>(null);
  const [saved, setSaved] = useState(false);
  /** Edits the agent made since the last load or save: leaving the page asks first. */
  const [dirty, setDirty] = useState(false);
  const headingRef = useRef<HTMLDivElement>(null);
  // What the form logic hides in the draft now: neither shown nor validated (and dropped before saving).
  const result = useMemo(() => (draft ? logicOf(config, draft) : undefined), [config, draft]);
  const logic = useMemo(() => result && { result, base: '' }, [result]);

  const flow = config.flows.selectServices;
  const steps = flow?.steps ?? [];
  const index = Math.min(Math.max(Number(params.get('step') ?? '1') - 1, 0), Math.max(steps.length - 1, 0));
  const current = steps[index];
  const step = current ? config.steps[current.step] : undefined;
  // This step's validators only; the next step's module loads when the browser is idle.
  const validator = useStepValidator(config, current ? [current.step] : []);
  const nextStep = steps[index + 1]?.step;
  useEffect(() => {
    if (nextStep) prefetchStepValidator(config, nextStep);
  }, [config, nextStep]);

  useEffect(() => {
    if (loaded.data) {
      setDraft(loaded.data.prospect);
      setVersion(loaded.data.version);
      setDirty(false);
    }
  }, [loaded.data]);

  useEffect(() => {
    setFieldErrors(undefined);
    setFailure(null);
    headingRef.current?.focus();
  }, [index]);

  if (loaded.loading || (!draft && !loaded.error)) return <Spinner label={t('agent.app.loading')} />;
  if (loaded.error || !draft || version === undefined) {
    return (
      <MessageBar intent="error" role="alert">
        <MessageBarBody>
          {messageOf(loaded.error)} <Link to="/agent/SearchProspect">{t('agent.backToSearch')}</Link>
        </MessageBarBody>
      </MessageBar>
    );
  }
  if (!flow || !current || !step) throw new Error('The configuration has no Select Services steps');

  const block = editingBlock(draft);
  if (block) {
    return (
      <MessageBar intent="warning" role="alert">
        <MessageBarBody>
          <MessageBarTitle>{t('agent.app.blocked')}</MessageBarTitle>
          {t(block.reason === 'RO_EDITING' ? 'agent.error.roEditing' : 'agent.error.blockEditing')}{' '}
          <Link to={`/agent/SearchedAppInfo/${encodeURIComponent(id)}`}>{t('agent.backToApplication')}</Link>
        </MessageBarBody>
      </MessageBar>
    );
  }

  const documentTypes = new Map(documentGroups(docs.data).flatMap((g) => g.documents.map((d) => [d.documentKey, d.documentType] as const)));

  /** Uploads a document of the annexure (multipart, not encrypted) as the agent. */
  const onUpload = async (file: File, { documentKey, signal, onProgress }: UploadOptions) => {
    const form = new FormData();
    form.append('documentKey', documentKey);
    form.append('documentType', documentTypes.get(documentKey) ?? typeOfKey(documentKey));
    form.append('file', file, file.name);
    onProgress(0);
    const res = await api<{ fileName: string; uploadStatus: string }>(`/api/rest/v1/banks/rak/prospectId/${encodeURIComponent(id)}/documents`, {
      method: 'POST',
      body: form,
      signal,
    });
    onProgress(1);
    docs.reload();
    return res.body ?? {};
  };

  /** "Save and continue": saves the step as the agent (saveType save, actionType continue), then the next step. */
  const save = async (data: Obj) => {
    setBusy(true);
    setFailure(null);
    setFieldErrors(undefined);
    try {
      const res = await api<ProspectAnswer>(prospectUrl(id), {
        method: 'PUT',
        body: { prospect: data, saveType: 'save', actionType: 'continue', step: current.step, version },
      });
      setDraft(res.body!.prospect);
      setVersion(res.body!.version);
      setDirty(false);
      if (index + 1 < steps.length) {
        navigate(servicesPath(id, index + 2));
      } else {
        setSaved(true);
      }
    } catch (error) {
      const fields = fieldErrorsOf(error, 'prospect');
      if (fields) {
        setFieldErrors(fields);
        setFailure({ kind: 'fields', error });
      } else if (error instanceof ApiRequestError && error.status === 409) {
        setFailure({ kind: 'conflict', error });
      } else {
        setFailure({ kind: 'other', error });
      }
    } finally {
      setBusy(false);
    }
  };

  // Errors of fields this step does not show: named by their step; the Select Services steps open here.
  const otherSteps = errorsOnOtherSteps(config, draft, fieldErrors, { step: current.step }, (place) =>
    place.page === '/business/SelectServices' ? servicesPath(id, place.position) : undefined,
  );
  return (
    <>
      <div ref={headingRef} tabIndex={-1}>
        <Text size={200} block>
          {t('agent.services.where', { id, step: index + 1, count: steps.length })}
        </Text>
        <Title2 as="h1">{current.title}</Title2>
      </div>
      {saved && (
        <MessageBar intent="success" style={{ margin: '12px 0' }}>
          <MessageBarBody>
            <MessageBarTitle>{t('agent.services.saved')}</MessageBarTitle>
            {t('agent.services.allSaved')} <Link to={`/agent/SearchedAppInfo/${encodeURIComponent(id)}`}>{t('agent.backToApplication')}</Link>
          </MessageBarBody>
        </MessageBar>
      )}
      {failure && (
        <MessageBar intent="error" role="alert" style={{ margin: '12px 0' }}>
          <MessageBarBody>
            <MessageBarTitle>{t(failure.kind === 'fields' ? 'agent.services.checkFields' : failure.kind === 'conflict' ? 'agent.services.changed' : 'agent.services.notSaved')}</MessageBarTitle>
            {failure.kind === 'fields' ? t('agent.services.notSavedMessage') : messageOf(failure.error)}
          </MessageBarBody>
          {failure.kind === 'conflict' && (
            <Button size="small" onClick={() => loaded.reload()}>
              {t('agent.services.reload')}
            </Button>
          )}
        </MessageBar>
      )}
      <OtherStepErrors steps={otherSteps} />
      <StepForm
        key={current.step}
        id="agent-services"
        step={step}
        formData={draft}
        validator={validator}
        extraErrors={extraErrorsOf(fieldErrors)}
        logic={logic}
        formContext={{
          lists: config.lists,
          islamic: draft.applicationInfo?.islamicBanking === true,
          products: config.products as never,
          onUpload,
          onExpressChoice: () => requestAnimationFrame(() => (document.getElementById('agent-services') as HTMLFormElement | null)?.requestSubmit()),
        }}
        onChange={(next, field) => {
          // RJSF filling in its defaults is no edit of the agent's.
          if (field) setDirty(true);
          setSaved(false);
          // Derived values of every step, clearing and hidden answers follow the edit (as on the server).
          setDraft((prev) => applyLogic(config, next as Obj, prev));
        }}
        onSubmit={(next) => void save(applyLogic(config, next as Obj, draft))}
      >
        <div style={{ display: 'flex', gap: 12, marginTop: 24, flexWrap: 'wrap' }}>
          {index > 0 && <Button onClick={() => navigate(servicesPath(id, index))}>{t('agent.services.back')}</Button>}
          <Button appearance="primary" type="submit" disabled={busy}>
            {busy ? t('agent.services.saving') : index + 1 < steps.length ? t('agent.services.saveContinue') : t('agent.services.save')}
          </Button>
          <Button appearance="subtle" onClick={() => navigate(`/agent/SearchedAppInfo/${encodeURIComponent(id)}`)}>
            {t('agent.backToApplication')}
          </Button>
        </div>
      </StepForm>
      <UnsavedChangesGuard dirty={dirty} />
      <Body1 block style={{ marginTop: 16 }}>
        {t(index + 1 < steps.length ? 'agent.services.hintContinue' : 'agent.services.hintSave')}
      </Body1>
    </>
  );
}

/** /agent/SearchedAppInfo/:id/SelectServices?step=N: the RO flow of Select Services (with the KYC annexure), saved as the agent. */
export default function AgentServicesPage() {
  const { id = '' } = useParams();
  return (
    <AgentLayout panel="search" active={1}>
      <WithAgentConfig>{(config) => <ServicesFlow config={config} id={id} />}</WithAgentConfig>
    </AgentLayout>
  );
}

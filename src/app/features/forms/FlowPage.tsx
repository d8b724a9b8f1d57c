import { Body1, Button, MessageBar, MessageBarBody, Spinner, Text, Title2 } from '@fluentui/react-components';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Shell } from '../../components/Shell';
import { useAtom } from '../../lib/jotai';
import { useConfig } from '../config/useConfig';
import { draftProspectAtom } from './draftAtom';
import { StepForm } from './StepForm';
import { stepValidatorFor } from './stepValidator';

export interface FlowPageProps {
  flow: string;
  /** Left-panel title of the page. */
  panelTitle: string;
}

/**
 * A page of steps (company information: details, industry, licence). Each step is a schema from the config
 * endpoint; "Continue" validates it and moves to the next one. The step is in the URL (?step=2) so that
 * back/forward and reload keep the applicant's place.
 */
export default function FlowPage({ flow: flowName, panelTitle }: FlowPageProps) {
  const { data: config, error } = useConfig();
  const [params, setParams] = useSearchParams();
  const [draft, setDraft] = useAtom(draftProspectAtom);
  const validator = useMemo(() => (config ? stepValidatorFor(config) : undefined), [config]);

  if (error) {
    return (
      <Shell title={panelTitle}>
        <MessageBar intent="error">
          <MessageBarBody>{error.message}</MessageBarBody>
        </MessageBar>
      </Shell>
    );
  }
  if (!config || !validator) {
    return (
      <Shell title={panelTitle}>
        <Spinner label="Loading your application" />
      </Shell>
    );
  }
  const flow = config.flows[flowName];
  if (!flow || flow.steps.length === 0) throw new Error(`The configuration has no steps for ${flowName}`);
  const index = Math.min(Math.max(Number(params.get('step') ?? '1') - 1, 0), flow.steps.length - 1);
  const current = flow.steps[index]!;
  const step = config.steps[current.step]!;
  const prospect = draft ?? structuredClone(config.prospectTemplate);
  const done = params.get('done') === '1';

  return (
    <Shell title={panelTitle}>
      <Text size={200} block>
        Step {index + 1} of {flow.steps.length}
      </Text>
      <Title2 as="h1">{current.title}</Title2>
      {done ? (
        <MessageBar intent="success">
          <MessageBarBody>
            <Body1>{flow.title}: all steps are complete.</Body1>
          </MessageBarBody>
        </MessageBar>
      ) : (
        <StepForm
          key={current.step}
          id={`step-${current.step}`}
          step={step}
          formData={prospect}
          validator={validator}
          formContext={{ lists: config.lists, islamic: (prospect.applicationInfo as { islamicBanking?: boolean } | undefined)?.islamicBanking === true }}
          onChange={(data) => setDraft(data as Record<string, unknown>)}
          onSubmit={(data) => {
            setDraft(data as Record<string, unknown>);
            const next = new URLSearchParams(params);
            if (index + 1 < flow.steps.length) next.set('step', String(index + 2));
            else next.set('done', '1');
            setParams(next);
            window.scrollTo(0, 0);
          }}
        >
          <div style={{ display: 'flex', gap: 12, marginTop: 24 }}>
            {index > 0 && (
              <Button onClick={() => setParams({ step: String(index) })}>Back</Button>
            )}
            <Button appearance="primary" type="submit">
              Continue
            </Button>
          </div>
        </StepForm>
      )}
    </Shell>
  );
}

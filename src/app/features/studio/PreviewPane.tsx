import { Button, Field, MessageBar, MessageBarBody, MessageBarTitle, Subtitle2, Text, Textarea } from '@fluentui/react-components';
import { useMemo, useState } from 'react';
import type { ContentFiles } from '../../../content/contentTypes';
import { StepForm } from '../forms/StepForm';
import { buildPreview, type PreviewModel } from './preview';

export interface PreviewPaneProps {
  step: string;
  /** The published content with the draft applied. */
  files: ContentFiles;
}

/**
 * The draft step as the applicant would see it: the real widgets and the validator built from the draft.
 * "Continue" validates like the applicant's page (errors then follow typing); nothing is sent anywhere.
 */
export function PreviewPane({ step, files }: PreviewPaneProps) {
  const built = useMemo((): { model?: PreviewModel; error?: string } => {
    try {
      return { model: buildPreview(files, step) };
    } catch (error) {
      return { error: (error as Error).message };
    }
  }, [files, step]);
  const [data, setData] = useState<unknown>(undefined);
  const [result, setResult] = useState<string | null>(null);
  const [answersText, setAnswersText] = useState('');
  const [answersError, setAnswersError] = useState<string | undefined>();

  // Answers as JSON: a saved application's data (which may break the draft's rules) can be tried as it is,
  // past what the widgets let an applicant type.
  const applyAnswers = (current: unknown) => {
    try {
      const parsed = JSON.parse(answersText || JSON.stringify(current)) as unknown;
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('The answers must be a JSON object');
      setAnswersError(undefined);
      setData(parsed);
      setResult(null);
    } catch (error) {
      setAnswersError((error as Error).message);
    }
  };

  return (
    <section aria-labelledby="studio-preview-title">
      <Subtitle2 as="h2" id="studio-preview-title">
        Preview
      </Subtitle2>
      <Text as="p" size={200} block>
        The draft step with the applicant&apos;s widgets and rules.
      </Text>
      {built.error && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>
            <MessageBarTitle>The draft cannot be previewed</MessageBarTitle>
            {built.error}
          </MessageBarBody>
        </MessageBar>
      )}
      {built.model && (
        <details style={{ margin: '8px 0' }}>
          <summary>Answers as JSON</summary>
          <Field label="Answers (JSON)" validationMessage={answersError} hint="e.g. the data of a saved application">
            <Textarea value={answersText || JSON.stringify(data ?? built.model.initialData, null, 2)} onChange={(_, d) => setAnswersText(d.value)} rows={8} resize="vertical" />
          </Field>
          <Button onClick={() => applyAnswers(data ?? built.model!.initialData)} style={{ marginTop: 8 }}>
            Use these answers
          </Button>
        </details>
      )}
      {built.model && (
        <StepForm
          id="studio-preview"
          step={built.model.step}
          formData={data ?? built.model.initialData}
          validator={built.model.validator}
          formContext={{ lists: built.model.lists, products: built.model.products as never }}
          onChange={(d) => {
            setData(d);
            setResult(null);
          }}
          onSubmit={(d) => {
            setData(d);
            setResult('The applicant could continue with these answers.');
          }}
        >
          <div style={{ display: 'flex', gap: 12, marginTop: 16, alignItems: 'center' }}>
            <Button appearance="primary" type="submit">
              Continue
            </Button>
            <Button
              onClick={() => {
                setData(undefined);
                setResult(null);
              }}
            >
              Clear answers
            </Button>
          </div>
          {result && (
            <MessageBar intent="success" role="status" style={{ marginTop: 12 }}>
              <MessageBarBody>{result}</MessageBarBody>
            </MessageBar>
          )}
        </StepForm>
      )}
    </section>
  );
}

/**
 * Stock RJSF for the typing benchmark (scripts/benchTyping.ts), never part of the app: @rjsf/core's Form with its
 * default theme and @rjsf/validator-ajv8, validating on every change (liveValidate 'onChange'), given the schema,
 * UI schema and data the benchmark put in window.__stockInput before the page loaded. The Form is left
 * uncontrolled (its data is kept from onChange, not fed back), RJSF's cheapest way to be used.
 *
 * With `reactFloor` (a label) instead, the page is React's floor: one controlled <input> with that label and nothing
 * else, a state update per key (what any React page with a controlled text field pays per key, RJSF or not).
 *
 * Built by the benchmark with Vite into a temporary folder (scripts/bench/stockRjsf/build.ts).
 */
import Form from '@rjsf/core';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import { useState } from 'react';
import { createRoot } from 'react-dom/client';

export type StockInput = { schema: RJSFSchema; uiSchema: UiSchema; formData: unknown; reactFloor?: undefined } | { reactFloor: string };

function ReactFloor({ label }: { label: string }) {
  const [value, setValue] = useState('');
  return (
    <>
      <label htmlFor="f">{label}</label> <input id="f" type="text" value={value} onChange={(e) => setValue(e.target.value)} />
    </>
  );
}

const input = (window as unknown as { __stockInput?: StockInput }).__stockInput;
const root = document.getElementById('root')!;
if (!input) root.textContent = 'No window.__stockInput: this page is opened by scripts/benchTyping.ts.';
else if (input.reactFloor !== undefined) createRoot(root).render(<ReactFloor label={input.reactFloor} />);
else {
  const kept = { data: input.formData };
  (window as unknown as { __stockData: typeof kept }).__stockData = kept;
  createRoot(root).render(
    <Form
      schema={input.schema}
      uiSchema={input.uiSchema}
      formData={input.formData}
      validator={validator}
      liveValidate="onChange"
      onChange={(e) => {
        kept.data = e.formData;
      }}
    />,
  );
}

// @vitest-environment happy-dom
import { withTheme } from '@rjsf/core';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { customizeValidator } from '@rjsf/validator-ajv8';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createTheme, type FormContext } from '../../../widgets';
import { conditionHolds, isShown } from '../../../widgets/lib/showWhen';
import { inFluent } from './renderWidget';

afterEach(cleanup);

describe('showWhen conditions', () => {
  it('equals, in, notEquals and presence, on nested paths', () => {
    expect(conditionHolds({ path: 'a', equals: 'Y' }, { a: 'Y' })).toBe(true);
    expect(conditionHolds({ path: 'a', equals: 'Y' }, { a: 'N' })).toBe(false);
    expect(conditionHolds({ path: 'a.b', in: ['X', 'Z'] }, { a: { b: 'Z' } })).toBe(true);
    expect(conditionHolds({ path: 'a.b', in: ['X', 'Z'] }, { a: 'flat' })).toBe(false);
    expect(conditionHolds({ path: 'a', notEquals: 'NA' }, {})).toBe(false);
    expect(conditionHolds({ path: 'a' }, { a: '' })).toBe(false);
    expect(isShown({ 'ui:options': { showWhen: [{ path: 'a', equals: 1 }, { path: 'b', equals: 2 }] } }, { a: 1, b: 3 })).toBe(false);
    expect(isShown(undefined, {})).toBe(true);
  });
});

// The annexure's site visit (001 §4): 'yes' shows the visit details, 'no' the reason; a hidden list is not
// rendered, so its keep-one row is not created while the visit question is not 'yes'.
const schema = {
  type: 'object',
  properties: {
    isVisitConducted: { type: 'string', title: 'Site visit conducted?', enum: ['Y', 'N', 'NA'] },
    visits: { type: 'array', title: 'Visit details', items: { type: 'object', properties: { by: { type: 'string', title: 'Conducted by' } } } },
    reasonForNoVisit: { type: 'string', title: 'Reason for no visit' },
  },
} as RJSFSchema;
const uiSchema: UiSchema = {
  visits: { 'ui:options': { keepOne: true, showWhen: { path: 'isVisitConducted', equals: 'Y' } } },
  reasonForNoVisit: { 'ui:options': { showWhen: { path: 'isVisitConducted', equals: 'N' } } },
};
const validator = customizeValidator({ ajvOptionsOverrides: { allErrors: true, strict: false } });
const ThemedForm = withTheme(createTheme());

function renderVisit(formData: Record<string, unknown>) {
  const context: FormContext = { lists: {} };
  let latest: unknown = formData;
  render(inFluent(<ThemedForm schema={schema} uiSchema={uiSchema} formData={formData} formContext={context} validator={validator} onChange={(e) => (latest = e.formData)} />));
  return () => latest as Record<string, unknown>;
}

describe('object template: showWhen', () => {
  it('hides the visit details and the reason until the question is answered', () => {
    const data = renderVisit({});
    expect(screen.queryByText('Visit details')).toBeNull();
    expect(screen.queryByLabelText('Reason for no visit')).toBeNull();
    expect(data().visits).toBeUndefined();
  });

  it("shows the reason for 'no' and the visit list for 'yes'", () => {
    renderVisit({ isVisitConducted: 'N' });
    expect(screen.getByLabelText('Reason for no visit')).toBeTruthy();
    expect(screen.queryByText('Visit details')).toBeNull();
    cleanup();
    renderVisit({ isVisitConducted: 'Y' });
    expect(screen.getByText('Visit details')).toBeTruthy();
    expect(screen.queryByLabelText('Reason for no visit')).toBeNull();
  });
});

// @vitest-environment happy-dom
import { withTheme } from '@rjsf/core';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { customizeValidator } from '@rjsf/validator-ajv8';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createTheme, type FormContext } from '../../../widgets';
import { isShown } from '../../../widgets/lib/showWhen';
import { inFluent } from './renderWidget';

afterEach(cleanup);

const when = (visibleWhen: unknown): UiSchema => ({ 'ui:logic': { visibleWhen } });

describe('ui:logic.visibleWhen in the object template', () => {
  it('equals, in, not equals and presence, on nested paths', () => {
    expect(isShown(when({ '==': [{ var: 'a' }, 'Y'] }), { a: 'Y' })).toBe(true);
    expect(isShown(when({ '==': [{ var: 'a' }, 'Y'] }), { a: 'N' })).toBe(false);
    expect(isShown(when({ in: [{ var: 'a/b' }, ['X', 'Z']] }), { a: { b: 'Z' } })).toBe(true);
    expect(isShown(when({ in: [{ var: 'a/b' }, ['X', 'Z']] }), { a: 'flat' })).toBe(false);
    expect(isShown(when({ and: [{ filled: { var: 'a' } }, { '!=': [{ var: 'a' }, 'NA'] }] }), {})).toBe(false);
    expect(isShown(when({ filled: { var: 'a' } }), { a: '' })).toBe(false);
    expect(isShown(when({ and: [{ '==': [{ var: 'a' }, 1] }, { '==': [{ var: 'b' }, 2] }] }), { a: 1, b: 3 })).toBe(false);
    expect(isShown(undefined, {})).toBe(true);
  });

  it('resolves absolute paths against the whole document when the parent is placed in it', () => {
    const root = { applicationInfo: { islamicBanking: true }, accountInfo: [{ receiveInterest: false }] };
    const ui = when({ '!=': [{ var: '/applicationInfo/islamicBanking' }, true] });
    expect(isShown(ui, root.accountInfo[0], root, ['accountInfo', 0])).toBe(false);
    expect(isShown(ui, root.accountInfo[0], { ...root, applicationInfo: {} }, ['accountInfo', 0])).toBe(true);
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
  visits: { 'ui:logic': { visibleWhen: { '==': [{ var: 'isVisitConducted' }, 'Y'] }, array: { keepOne: true } } },
  reasonForNoVisit: { 'ui:logic': { visibleWhen: { '==': [{ var: 'isVisitConducted' }, 'N'] } } },
};
const validator = customizeValidator({ ajvOptionsOverrides: { allErrors: true, strict: false } });
const ThemedForm = withTheme(createTheme());

function renderVisit(formData: Record<string, unknown>) {
  const context: FormContext = { lists: {} };
  let latest: unknown = formData;
  render(inFluent(<ThemedForm schema={schema} uiSchema={uiSchema} formData={formData} formContext={context} validator={validator} onChange={(e) => (latest = e.formData)} />));
  return () => latest as Record<string, unknown>;
}

describe('object template: ui:logic.visibleWhen', () => {
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

// @vitest-environment happy-dom
import { withTheme } from '@rjsf/core';
import type { RJSFSchema } from '@rjsf/utils';
import { customizeValidator } from '@rjsf/validator-ajv8';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { plainSpaces } from '../../../src/shared/spaces';
import { createTheme, type FormContext, preloadWidgets } from '../../../widgets';
import { inFluent } from './renderWidget';

afterEach(cleanup);

const validator = customizeValidator({ ajvOptionsOverrides: { allErrors: true, strict: false } });
const ThemedForm = withTheme(createTheme());

// Widgets loaded with the steps that show them: loaded before rendering, as StepForm does.
beforeAll(() => preloadWidgets({ 'ui:widget': 'textarea' }));

describe('spaces as the text is entered', () => {
  it('plainSpaces: every space separator becomes a plain space; tabs, line breaks and other characters stay', () => {
    const spaces = ['\u00a0', '\u1680', ...Array.from({ length: 11 }, (_, i) => String.fromCharCode(0x2000 + i)), '\u202f', '\u205f', '\u3000'];
    expect(plainSpaces(`a${spaces.join('b')}c`)).toBe(`a${spaces.map(() => ' ').join('b')}c`);
    expect(plainSpaces('Line one\nLine\ttwo \u200b\u00ad')).toBe('Line one\nLine\ttwo \u200b\u00ad');
  });

  it('a text field and a text area store a no-break space (pasted from Word) as a plain space, the Arabic digits as Western ones', () => {
    const schema = {
      type: 'object',
      properties: { companyName: { type: 'string', title: 'Company name', pattern: '^[A-Za-z0-9 &.-]*$' }, businessModel: { type: 'string', title: 'Business model' } },
    } as RJSFSchema;
    let latest: Record<string, unknown> = {};
    const context: FormContext = { lists: {} };
    render(inFluent(<ThemedForm schema={schema} uiSchema={{ businessModel: { 'ui:widget': 'textarea' } }} formContext={context} validator={validator} liveValidate onChange={(e) => (latest = e.formData)} />));
    fireEvent.change(screen.getByLabelText('Company name'), { target: { value: 'Falcon\u00a0Trading\u202fLLC ٣' } });
    fireEvent.change(screen.getByLabelText('Business model'), { target: { value: 'We\u2009import\u00a0dates\nand sell them' } });
    expect(latest).toEqual({ companyName: 'Falcon Trading LLC 3', businessModel: 'We import dates\nand sell them' });
    expect((screen.getByLabelText('Company name') as HTMLInputElement).value).toBe('Falcon Trading LLC 3');
    // Nothing for the schema's pattern to refuse.
    expect(document.body.textContent).not.toMatch(/must match pattern/);
  });
});

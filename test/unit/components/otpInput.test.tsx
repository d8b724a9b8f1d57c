// @vitest-environment happy-dom
import { Field, FluentProvider, webLightTheme } from '@fluentui/react-components';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { OtpInput } from '../../../src/app/features/journey/OtpInput';

afterEach(cleanup);

describe('the one-time code boxes in a Field (the code screen)', () => {
  it('have an id each, are named "Digit n of 6" and described by the Field; the Field label leads to box 1 and names the group', () => {
    render(
      <FluentProvider theme={webLightTheme}>
        <Field label="One-time code" validationState="error" validationMessage="The code is wrong" hint="2 attempts left">
          <OtpInput value="12" onChange={() => {}} />
        </Field>
      </FluentProvider>,
    );
    const boxes = screen.getAllByRole('textbox') as HTMLInputElement[];
    expect(boxes).toHaveLength(6);
    const ids = boxes.map((b) => b.id);
    expect(ids.every(Boolean)).toBe(true);
    expect(new Set(ids).size).toBe(6);
    expect(document.querySelectorAll('[id]').length).toBe(new Set([...document.querySelectorAll('[id]')].map((e) => e.id)).size);
    boxes.forEach((box, i) => {
      expect(box.getAttribute('aria-label')).toBe(`Digit ${i + 1} of 6`);
      // No aria-labelledby: it would name every box "One-time code" over its own name.
      expect(box.hasAttribute('aria-labelledby')).toBe(false);
      expect(box.getAttribute('aria-invalid')).toBe('true');
      const described = (box.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);
      expect(described).toEqual(['The code is wrong', '2 attempts left']);
    });
    expect(document.querySelector('label')!.htmlFor).toBe(ids[0]);
    expect(screen.getByRole('group', { name: 'One-time code' })).toBeTruthy();
  });
});

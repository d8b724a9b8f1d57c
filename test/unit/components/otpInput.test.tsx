// @vitest-environment happy-dom
import { Field, FluentProvider, webLightTheme } from '@fluentui/react-components';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
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

describe('typing the code', () => {
  function Code({ start }: { start: string }) {
    const [value, setValue] = useState(start);
    return (
      <FluentProvider theme={webLightTheme}>
        <OtpInput value={value} onChange={setValue} />
        <output>{value}</output>
      </FluentProvider>
    );
  }

  it("a box's own digit typed over it moves on to the next box (no change event comes for an unchanged value)", () => {
    render(<Code start="0" />);
    const boxes = screen.getAllByRole('textbox') as HTMLInputElement[];
    boxes[0]!.focus();
    const typedOver = fireEvent.keyDown(boxes[0]!, { key: '0' });
    expect(typedOver).toBe(false);
    expect(document.activeElement).toBe(boxes[1]);
    expect(document.querySelector('output')!.textContent).toBe('0');
    // Another digit goes through the box's change as before (the handler leaves it alone).
    boxes[1]!.focus();
    expect(fireEvent.keyDown(boxes[1]!, { key: '5' })).toBe(true);
    expect(document.activeElement).toBe(boxes[1]);
  });
});

// @vitest-environment happy-dom
import type { ErrorSchema } from '@rjsf/utils';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Profiler, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StepDefinition } from '../../src/content/contentTypes';
import { StepForm } from '../../src/app/features/forms/StepForm';
import { TYPING_PAUSE_MS } from '../../src/app/features/forms/typingPause';
import { createAjv } from '../../src/validation/createAjv';
import { ProjectValidator } from '../../src/validation/rjsfValidator';
import { inFluent } from './widgets/renderWidget';

afterEach(cleanup);

const step: StepDefinition = {
  schema: {
    type: 'object',
    required: ['companyName'],
    errorMessage: { required: { companyName: 'Company name is not filled' } },
    properties: {
      companyName: { type: 'string', title: 'Company name', minLength: 1 },
      eidNumber: { type: ['string', 'null'], title: 'Emirates ID', 'x-emiratesId': 'Emirates ID is invalid', errorMessage: { type: 'Emirates ID is invalid' } },
    },
  },
  uiSchema: { eidNumber: { 'ui:widget': 'EmiratesId' }, 'ui:submitButtonOptions': { submitText: 'Continue' } },
};
const validator = new ProjectValidator(createAjv({ lists: {} }));

function Host({ onSubmit, extra }: { onSubmit(data: unknown): void; extra?: ErrorSchema }) {
  const [data, setData] = useState<unknown>({});
  return inFluent(
    <StepForm id="s" step={step} formData={data} validator={validator} formContext={{ lists: {} }} onChange={setData} onSubmit={onSubmit} extraErrors={extra} />,
  );
}

const eid = () => screen.getByLabelText('Emirates ID') as HTMLInputElement;
const type = (el: HTMLElement, value: string) => act(() => void fireEvent.change(el, { target: { value } }));

describe('StepForm errors', () => {
  it('shows nothing while an Emirates ID is typed, its error when the field is left, and drops it as soon as it is fixed', async () => {
    render(<Host onSubmit={() => {}} />);
    for (const partial of ['7', '784', '7841', '78419', '784198012']) {
      type(eid(), partial);
      expect(screen.queryByText('Emirates ID is invalid')).toBeNull();
    }
    act(() => void fireEvent.blur(eid()));
    expect(await screen.findByText('Emirates ID is invalid')).toBeTruthy();
    // Other fields are not touched: their errors wait.
    expect(screen.queryByText('Company name is not filled')).toBeNull();
    type(eid(), '784198012345671');
    expect(screen.queryByText('Emirates ID is invalid')).toBeNull();
    act(() => void fireEvent.blur(eid()));
    expect(screen.queryByText('Emirates ID is invalid')).toBeNull();
  });

  it('shows every error on Continue without submitting, and a fixed value loses its error at once', async () => {
    const onSubmit = vi.fn();
    render(<Host onSubmit={onSubmit} />);
    act(() => void fireEvent.click(screen.getByRole('button', { name: 'Continue' })));
    expect(await screen.findByText('Company name is not filled')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    type(screen.getByLabelText(/Company name/), 'Falcon Trading');
    expect(screen.queryByText('Company name is not filled')).toBeNull();
    act(() => void fireEvent.click(screen.getByRole('button', { name: 'Continue' })));
    expect(onSubmit).toHaveBeenCalledWith({ companyName: 'Falcon Trading' });
  });

  it('a field left by pressing Continue shows its error only after the press: the message does not push Continue away from under the pointer', async () => {
    const onSubmit = vi.fn();
    render(<Host onSubmit={onSubmit} />);
    type(eid(), '784');
    const button = screen.getByRole('button', { name: 'Continue' });
    // mouse down on Continue: the field loses the focus while the button is pressed
    act(() => void fireEvent.pointerDown(button));
    act(() => void fireEvent.blur(eid()));
    expect(screen.queryByText('Emirates ID is invalid')).toBeNull();
    // the release and its click: Continue is pressed, so every error shows, not only the one of the field left
    act(() => void fireEvent.pointerUp(button));
    act(() => void fireEvent.click(button));
    expect(await screen.findByText('Emirates ID is invalid')).toBeTruthy();
    expect(screen.getByText('Company name is not filled')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    // a press that is not a click (released elsewhere) still shows the field's error once it ends
    cleanup();
    render(<Host onSubmit={onSubmit} />);
    type(eid(), '784');
    act(() => void fireEvent.pointerDown(document.body));
    act(() => void fireEvent.blur(eid()));
    expect(screen.queryByText('Emirates ID is invalid')).toBeNull();
    act(() => void fireEvent.pointerUp(document.body));
    expect(await screen.findByText('Emirates ID is invalid')).toBeTruthy();
    expect(screen.queryByText('Company name is not filled')).toBeNull();
  });

  it('always shows the errors the page passes (the server refused a value)', () => {
    render(<Host onSubmit={() => {}} extra={{ companyName: { __errors: ['Company name is already registered'] } } as unknown as ErrorSchema} />);
    expect(screen.getByText('Company name is already registered')).toBeTruthy();
  });
});

describe('StepForm defaults (issue 14 item 6)', () => {
  const yesNo: StepDefinition = {
    schema: {
      type: 'object',
      required: ['isPEP'],
      errorMessage: { required: { isPEP: 'Politically exposed person is not filled' } },
      properties: { isPEP: { type: 'boolean', title: 'Politically exposed person' }, optIn: { type: 'boolean', title: 'Opt in', default: true } },
    },
    uiSchema: { isPEP: { 'ui:widget': 'YesNo' }, 'ui:submitButtonOptions': { submitText: 'Continue' } },
  };

  it('a required Yes/No question starts unanswered (no "No" preselected, nothing reported) and Continue says it is not filled; schema defaults still apply', async () => {
    const changes: unknown[] = [];
    const onSubmit = vi.fn();
    function YesNoHost() {
      const [data, setData] = useState<unknown>({});
      return inFluent(
        <StepForm id="y" step={yesNo} formData={data} validator={validator} formContext={{ lists: {} }} onChange={(d) => { changes.push(d); setData(d); }} onSubmit={onSubmit} />,
      );
    }
    render(<YesNoHost />);
    const radios = screen.getAllByRole('radio') as HTMLInputElement[];
    expect(radios.map((r) => r.checked)).toEqual([false, false]);
    for (const c of changes) expect((c as { isPEP?: unknown }).isPEP).toBeUndefined();
    act(() => void fireEvent.click(screen.getByRole('button', { name: 'Continue' })));
    expect(await screen.findByText('Politically exposed person is not filled')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    act(() => void fireEvent.click(screen.getByRole('radio', { name: 'No' })));
    act(() => void fireEvent.click(screen.getByRole('button', { name: 'Continue' })));
    expect(onSubmit).toHaveBeenCalledWith({ isPEP: false, optIn: true });
  });
});

describe('StepForm changesAfterPaint (the company and stakeholder steps)', () => {
  const company = () => screen.getByLabelText(/Company name/) as HTMLInputElement;
  let replaceData: (data: unknown) => void = () => {};
  function Deferred({ onChange, onSubmit = () => {}, onTyping, onTyped }: { onChange(data: unknown): void; onSubmit?(data: unknown): void; onTyping?(): void; onTyped?(): void }) {
    const [data, setData] = useState<unknown>({});
    replaceData = setData;
    return inFluent(
      <StepForm
        id="d"
        step={step}
        formData={data}
        validator={validator}
        formContext={{ lists: {} }}
        changesAfterPaint
        onTyping={onTyping}
        onTyped={onTyped}
        onChange={(d) => {
          onChange(d);
          setData(d);
        }}
        onSubmit={onSubmit}
      />,
    );
  }

  it('shows each key at once and hands the page the latest change once the frame is painted', async () => {
    const onChange = vi.fn();
    render(<Deferred onChange={onChange} />);
    for (const value of ['F', 'Fa', 'Fal']) {
      type(company(), value);
      expect(company().value).toBe(value);
    }
    expect(onChange).not.toHaveBeenCalledWith(expect.objectContaining({ companyName: 'F' }));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith({ companyName: 'Fal' }));
    // The intermediate values were never handed over: one change for the three keys.
    expect(onChange.mock.calls.filter(([d]) => (d as { companyName?: string }).companyName?.startsWith('F'))).toHaveLength(1);
  });

  it('hands typing in a text field over once typing pauses, one change for the burst, and tells the page after the first paint', async () => {
    const events: { what: string; at: number }[] = [];
    render(<Deferred onChange={(d) => events.push({ what: `change ${(d as { companyName?: string }).companyName}`, at: performance.now() })} onTyping={() => events.push({ what: 'typing', at: performance.now() })} />);
    events.length = 0;
    company().focus();
    let lastKey = 0;
    for (const value of ['F', 'Fa', 'Fal']) {
      // Read before the key: the pause's timer starts during it, so what follows counts from no earlier than this.
      lastKey = performance.now();
      type(company(), value);
      expect(company().value).toBe(value);
    }
    await waitFor(() => expect(events.map((e) => e.what)).toEqual(['typing', 'change Fal']));
    // Timers never fire early: the change came once typing had paused that long, whatever the machine's load.
    expect(events[1]!.at - lastKey).toBeGreaterThanOrEqual(TYPING_PAUSE_MS - 1);
  });

  it('hands typing over before Continue submits and when the window comes back to the front, ahead of the page loading the server copy', () => {
    const order: string[] = [];
    // Registered first, as the page's refresh on focus could be: the form's hand-over still comes before it.
    const refresh = () => order.push('refresh');
    window.addEventListener('focus', refresh);
    try {
      render(<Deferred onChange={(d) => order.push(`change ${(d as { companyName?: string }).companyName}`)} onSubmit={(d) => order.push(`submit ${(d as { companyName?: string }).companyName}`)} />);
      order.length = 0;
      company().focus();
      type(company(), 'Falcon');
      act(() => void window.dispatchEvent(new FocusEvent('focus')));
      expect(order).toEqual(['change Falcon', 'refresh']);
      company().focus();
      type(company(), 'Falcon Trading');
      act(() => void fireEvent.submit(company().form!));
      expect(order).toEqual(['change Falcon', 'refresh', 'change Falcon Trading', 'submit Falcon Trading']);
    } finally {
      window.removeEventListener('focus', refresh);
    }
  });

  it('hands a pending change over before Continue submits and before a blur', () => {
    const order: string[] = [];
    render(<Deferred onChange={(d) => order.push(`change ${(d as { companyName?: string }).companyName}`)} onSubmit={() => order.push('submit')} />);
    order.length = 0;
    type(company(), 'Falcon');
    act(() => void fireEvent.blur(company()));
    expect(order).toEqual(['change Falcon']);
    type(company(), 'Falcon Trading');
    act(() => void fireEvent.click(screen.getByRole('button', { name: 'Continue' })));
    expect(order).toEqual(['change Falcon', 'change Falcon Trading', 'submit']);
  });

  it('hands a pending change over before the page goes away or is hidden, ahead of the store writing its copy', () => {
    const order: string[] = [];
    // Registered first, as the application store's is (at its creation): the form's hand-over still comes before it.
    const storeWrites = () => order.push('store writes its copy');
    window.addEventListener('pagehide', storeWrites);
    try {
      render(<Deferred onChange={(d) => order.push(`change ${(d as { companyName?: string }).companyName}`)} />);
      order.length = 0;
      type(company(), 'Falcon');
      act(() => void window.dispatchEvent(new Event('pagehide')));
      expect(order).toEqual(['change Falcon', 'store writes its copy']);
      type(company(), 'Falcon Trading');
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
      act(() => void document.dispatchEvent(new Event('visibilitychange')));
      expect(order).toEqual(['change Falcon', 'store writes its copy', 'change Falcon Trading']);
    } finally {
      window.removeEventListener('pagehide', storeWrites);
      Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    }
  });

  it('hands a pending change over at once when the page data changes meanwhile (a save answered): the value never flickers back', () => {
    const onChange = vi.fn();
    render(<Deferred onChange={onChange} />);
    onChange.mockClear();
    type(company(), 'Falcon');
    expect(onChange).not.toHaveBeenCalled();
    // The page's copy changes before the next paint (a new object, the typed value not in it yet).
    act(() => replaceData({ companyName: '' }));
    expect(onChange).toHaveBeenCalledWith({ companyName: 'Falcon' });
    expect(company().value).toBe('Falcon');
  });

  it('a typed fix of a value in error is shown as typed and goes to the form once typing pauses, with its error and aria-invalid together', async () => {
    const onChange = vi.fn();
    render(<Deferred onChange={onChange} />);
    act(() => void fireEvent.click(screen.getByRole('button', { name: 'Continue' })));
    expect(screen.getAllByText('Company name is not filled').length).toBeGreaterThan(0);
    onChange.mockClear();
    company().focus();
    type(company(), 'F');
    expect(company().value).toBe('F');
    // Until the pause the form holds the old value: its error and aria-invalid still say so, together.
    expect(company().getAttribute('aria-invalid')).toBe('true');
    expect(onChange).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.queryAllByText('Company name is not filled')).toHaveLength(0));
    expect(company().getAttribute('aria-invalid')).toBeNull();
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(expect.objectContaining({ companyName: 'F' })));
    expect(company().value).toBe('F');
  });

  it('a key in a text field renders that field only: the form is not checked (nor told) until typing pauses', async () => {
    const onChange = vi.fn();
    render(<Deferred onChange={onChange} />);
    const checks = vi.spyOn(validator, 'fieldErrors');
    try {
      company().focus();
      for (const value of ['F', 'Fa', 'Fal', 'Falc']) {
        type(company(), value);
        expect(company().value).toBe(value);
      }
      // Without the field keeping the keys, each one is an RJSF change and a check of the step.
      expect(checks).not.toHaveBeenCalled();
      expect(onChange).not.toHaveBeenCalled();
      await waitFor(() => expect(onChange).toHaveBeenCalledWith({ companyName: 'Falc' }));
      expect(checks).toHaveBeenCalled();
    } finally {
      checks.mockRestore();
    }
  });

  it('a value typed and changed back to the stored one within the pause still ends the typing state (onTyped after the hand-over)', async () => {
    const events: string[] = [];
    render(
      <Deferred
        onChange={(d) => events.push(`change ${(d as { companyName?: string }).companyName ?? ''}`)}
        onTyping={() => events.push('typing')}
        onTyped={() => events.push('typed')}
      />,
    );
    events.length = 0;
    company().focus();
    type(company(), 'F');
    // The first key is painted: the page is told (the save line says unsaved, an earlier edit's save waits).
    await waitFor(() => expect(events).toEqual(['typing']));
    type(company(), '');
    await waitFor(() => expect(events).toEqual(['typing', 'change ', 'typed']));
  });

  it('Continue right after typing checks the typed values, not those the form had (one field left, another typed)', async () => {
    const onSubmit = vi.fn();
    render(<Deferred onChange={(d) => console.log('CHANGE', JSON.stringify(d))} onSubmit={onSubmit} />);
    company().focus();
    type(company(), 'Falcon');
    eid().focus();
    type(eid(), '784');
    act(() => void fireEvent.click(screen.getByRole('button', { name: 'Continue' })));
    expect(await screen.findByText('Emirates ID is invalid')).toBeTruthy();
    expect(screen.queryByText('Company name is not filled')).toBeNull();
    expect(onSubmit).not.toHaveBeenCalled();
    eid().focus();
    type(eid(), '784198012345671');
    act(() => void fireEvent.submit(eid().form!));
    expect(onSubmit).toHaveBeenCalledWith({ companyName: 'Falcon', eidNumber: '784198012345671' });
  });

  it('Arabic-Indic digits show as 0-9 while typed, and a form going away puts what its fields hold into its data', () => {
    const onChange = vi.fn();
    const { unmount } = render(<Deferred onChange={onChange} />);
    onChange.mockClear();
    company().focus();
    type(company(), 'Falcon');
    act(() => eid().focus());
    onChange.mockClear();
    type(eid(), '٧٨٤١٩٨');
    expect(eid().value).toBe('784-198');
    expect(onChange).not.toHaveBeenCalled();
    unmount();
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith({ companyName: 'Falcon', eidNumber: '784198' });
  });

  it('a key in a plain text field renders and commits nothing: the input holds what is typed until the pause', async () => {
    const onChange = vi.fn();
    let commits = 0;
    render(
      <Profiler id="form" onRender={() => (commits += 1)}>
        <Deferred onChange={onChange} />
      </Profiler>,
    );
    company().focus();
    const before = commits;
    for (const value of ['F', 'Fa', 'Fal', 'Falc']) {
      type(company(), value);
      expect(company().value).toBe(value);
    }
    // A controlled field (React state per key) commits once a key.
    expect(commits).toBe(before);
    await waitFor(() => expect(onChange).toHaveBeenCalledWith({ companyName: 'Falc' }));
    expect(commits).toBeGreaterThan(before);
    expect(company().value).toBe('Falc');
  });

  it('the form\'s value written into a plain text field when it changes from outside, never over a value still being typed', async () => {
    const onChange = vi.fn();
    render(<Deferred onChange={onChange} />);
    act(() => replaceData({ companyName: 'Hawk' }));
    expect(company().value).toBe('Hawk');
    company().focus();
    type(company(), 'Hawk Trading');
    await waitFor(() => expect(onChange).toHaveBeenCalledWith({ companyName: 'Hawk Trading' }));
    // The server's copy, an undo of a conflict: shown.
    act(() => replaceData({ companyName: 'Hawk Holding' }));
    expect(company().value).toBe('Hawk Holding');
    // Typed meanwhile: what is typed stays and goes to the form.
    type(company(), 'Hawk Holdings');
    act(() => replaceData({ companyName: 'Hawk' }));
    expect(company().value).toBe('Hawk Holdings');
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith({ companyName: 'Hawk Holdings' }));
    expect(company().value).toBe('Hawk Holdings');
  });

  it('Arabic-Indic digits and typographic spaces typed into a plain text field show as 0-9 and a space at once, the caret where it was', async () => {
    const onChange = vi.fn();
    render(<Deferred onChange={onChange} />);
    const input = company();
    input.focus();
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    act(() => {
      setValue.call(input, 'Unit ٤٢\u00a0B');
      input.setSelectionRange(7, 7);
      fireEvent.input(input);
    });
    expect(input.value).toBe('Unit 42 B');
    expect([input.selectionStart, input.selectionEnd]).toEqual([7, 7]);
    await waitFor(() => expect(onChange).toHaveBeenCalledWith({ companyName: 'Unit 42 B' }));
  });

  it('hands a pending change over when the form goes away (another stakeholder opened)', () => {
    const onChange = vi.fn();
    const { unmount } = render(<Deferred onChange={onChange} />);
    onChange.mockClear();
    type(company(), 'Falcon');
    expect(onChange).not.toHaveBeenCalled();
    unmount();
    expect(onChange).toHaveBeenCalledWith({ companyName: 'Falcon' });
  });
});

describe('StepForm changesAfterPaint in an array whose items have defaults the page does not keep (the mailing addresses)', () => {
  const addressStep: StepDefinition = {
    schema: {
      type: 'object',
      properties: {
        addresses: {
          type: 'array',
          title: 'Addresses',
          items: {
            type: 'object',
            properties: {
              officeNumber: { type: 'string', title: 'Office / villa number', maxLength: 10, errorMessage: { maxLength: 'Office / villa number is too long' } },
              country: { type: 'string', title: 'Country', default: 'AE' },
            },
          },
        },
      },
    },
    uiSchema: { addresses: { 'ui:options': { addable: false, removable: false, orderable: false } }, 'ui:submitButtonOptions': { submitText: 'Continue' } },
  };
  /** The page keeps each change without the item's default (as a step keeps only the answers it stores). */
  const withoutDefault = (d: unknown) => ({ addresses: ((d as { addresses?: { country?: string }[] }).addresses ?? []).map(({ country: _, ...rest }) => rest) });
  let replaceData: (data: unknown) => void = () => {};
  function Page({ onChange }: { onChange(data: unknown): void }) {
    const [data, setData] = useState<unknown>({ addresses: [{}] });
    replaceData = setData;
    return inFluent(
      <StepForm
        id="a"
        step={addressStep}
        formData={data}
        validator={validator}
        formContext={{ lists: {} }}
        changesAfterPaint
        onChange={(d) => {
          onChange(d);
          setData(withoutDefault(d));
        }}
        onSubmit={() => {}}
      />,
    );
  }
  const office = () => screen.getByLabelText(/Office \/ villa number/) as HTMLInputElement;

  it('a value fixed after Continue showed its error stays fixed: RJSF, given the errors without the fix, never puts the old value back', async () => {
    const onChange = vi.fn();
    render(<Page onChange={onChange} />);
    type(office(), 'Office 1204');
    act(() => void fireEvent.click(screen.getByRole('button', { name: 'Continue' })));
    expect(await screen.findByText('Office / villa number is too long')).toBeTruthy();
    type(office(), '1204');
    await waitFor(() => expect(screen.queryByText('Office / villa number is too long')).toBeNull());
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith({ addresses: [{ officeNumber: '1204', country: 'AE' }] }));
    expect(office().value).toBe('1204');
  });

  it('a form going away puts a value typed into a list item at its place in the data', () => {
    const onChange = vi.fn();
    const { unmount } = render(<Page onChange={onChange} />);
    onChange.mockClear();
    office().focus();
    type(office(), '1204');
    expect(onChange).not.toHaveBeenCalled();
    unmount();
    expect(onChange).toHaveBeenCalledWith({ addresses: [{ officeNumber: '1204', country: 'AE' }] });
  });

  it('a save answered while a change waits for the paint does not put the old value back either', async () => {
    const onChange = vi.fn();
    render(<Page onChange={onChange} />);
    type(office(), '12');
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith({ addresses: [{ officeNumber: '12', country: 'AE' }] }));
    type(office(), '1204');
    // The page's copy changes before the next paint (the save of '12' answered: a new object, without the default).
    act(() => replaceData({ addresses: [{ officeNumber: '12' }] }));
    expect(office().value).toBe('1204');
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith({ addresses: [{ officeNumber: '1204', country: 'AE' }] }));
    expect(office().value).toBe('1204');
  });
});

describe('StepForm and the widgets loaded with their step', () => {
  it('renders the form once the step\'s lazily loaded widgets are there: no stand-in of a widget shows and is then replaced', async () => {
    const withTextarea: StepDefinition = {
      schema: { type: 'object', properties: { companyName: { type: 'string', title: 'Company name' }, remarks: { type: 'string', title: 'Remarks' } } },
      uiSchema: { remarks: { 'ui:widget': 'textarea' }, 'ui:submitButtonOptions': { submitText: 'Continue' } },
    };
    // Every state the page went through: a form on the page without its text area would be a widget's stand-in.
    const formWithoutWidget: boolean[] = [];
    const observer = new MutationObserver(() => formWithoutWidget.push(!!document.querySelector('form') && !document.querySelector('textarea')));
    observer.observe(document.body, { subtree: true, childList: true });
    render(inFluent(<StepForm id="s" step={withTextarea} formData={{}} validator={validator} formContext={{ lists: {} }} onChange={() => {}} onSubmit={() => {}} />));
    expect(document.querySelector('form')).toBeNull();
    expect(await screen.findByRole('textbox', { name: 'Remarks' })).toBeTruthy();
    observer.disconnect();
    expect(formWithoutWidget).not.toContain(true);
  });

  it('a key in a text area of a step that keeps typed values renders nothing either, and the text goes to the form at the pause', async () => {
    const withTextarea: StepDefinition = {
      schema: { type: 'object', properties: { remarks: { type: 'string', title: 'Remarks' } } },
      uiSchema: { remarks: { 'ui:widget': 'textarea' }, 'ui:submitButtonOptions': { submitText: 'Continue' } },
    };
    const onChange = vi.fn();
    let commits = 0;
    render(
      <Profiler id="form" onRender={() => (commits += 1)}>
        {inFluent(<StepForm id="t" step={withTextarea} formData={{}} validator={validator} formContext={{ lists: {} }} changesAfterPaint onChange={onChange} onSubmit={() => {}} />)}
      </Profiler>,
    );
    const remarks = (await screen.findByRole('textbox', { name: 'Remarks' })) as HTMLTextAreaElement;
    remarks.focus();
    await act(async () => {});
    const before = commits;
    for (const value of ['N', 'No', 'No\u00a0r']) type(remarks, value);
    expect(remarks.value).toBe('No r');
    expect(commits).toBe(before);
    await waitFor(() => expect(onChange).toHaveBeenCalledWith({ remarks: 'No r' }, 'root_remarks'));
  });
});

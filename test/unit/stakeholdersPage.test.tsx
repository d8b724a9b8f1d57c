// @vitest-environment happy-dom
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { type ReactNode, useSyncExternalStore } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { readCompletedSteps } from '../../src/app/features/application/completedSteps';
import type { Prospect } from '../../src/app/features/application/contract';
import { buildContent } from '../../src/content/buildContent';
import { buildConfigDocument, type ConfigDocument } from '../../src/content/configDocument';
import { readSchemas } from './readSchemas';
import { serveValidatorModules } from './precompiled';
import { loadStepValidator } from '../../src/app/features/forms/stepValidator';

// The runtime (engineer journey's store) is replaced by a small in-memory one with the same surface.
const fake = vi.hoisted(() => {
  const listeners = new Set<() => void>();
  const state = { prospect: undefined as Record<string, unknown> | undefined, tick: 0 };
  const emit = () => {
    state.tick += 1;
    listeners.forEach((l) => l());
  };
  return {
    state,
    listeners,
    emit,
    edit: (() => undefined) as (next: Record<string, unknown>, options?: { valid?: boolean }) => void,
    continueStep: (async () => ({ ok: true })) as (step: string, options?: { signatoryIndex?: number }) => Promise<{ ok: boolean }>,
    flush: (async () => undefined) as () => Promise<void>,
  };
});

vi.mock('../../src/app/features/application', async () => {
  const { toExtraErrors } = await vi.importActual<typeof import('../../src/app/features/application/extraErrors')>('../../src/app/features/application/extraErrors');
  const { firstIncomplete } = await vi.importActual<typeof import('../../src/app/features/application/completedSteps')>('../../src/app/features/application/completedSteps');
  return {
    toExtraErrors,
    firstIncomplete,
    SaveStatus: () => null,
    applicationStore: () => ({ getSnapshot: () => ({ prospect: fake.state.prospect }) }),
    useApplication: () => {
      useSyncExternalStore(
        (l: () => void) => {
          fake.listeners.add(l);
          return () => fake.listeners.delete(l);
        },
        () => fake.state.tick,
      );
      const prospect = fake.state.prospect as Prospect | undefined;
      return {
        prospect,
        prospectId: 'SME1',
        completedSteps: readCompletedSteps(prospect),
        fieldErrors: {},
        saveState: 'saved',
        edit: (next: Record<string, unknown>, o?: { valid?: boolean }) => fake.edit(next, o),
        continueStep: (step: string, o?: { signatoryIndex?: number }) => fake.continueStep(step, o),
        flush: () => fake.flush(),
      };
    },
  };
});

let config: ConfigDocument;
vi.mock('../../src/app/features/config/useConfig', () => ({ useConfig: () => ({ data: config, error: undefined }) }));
vi.mock('../../src/app/components/Shell', () => ({ Shell: ({ children }: { children: ReactNode }) => <main>{children}</main> }));

const { default: StakeholdersPage } = await import('../../src/app/features/stakeholders/StakeholdersPage');


beforeAll(async () => {
  // Fluent's dialog motion uses Web Animations; happy-dom's cancel() rejects, so run without animations.
  Object.defineProperty(Element.prototype, 'animate', { value: undefined, configurable: true });
  const files = readSchemas();
  config = buildConfigDocument(buildContent(files), { role: 'customer', schemaVersion: 1 });
  // The page imports its version's validator module; here it is generated in the process, as the server would.
  serveValidatorModules(files);
  // Loaded once, as after the first page of the session: the page then renders its cards at once.
  await loadStepValidator(config as never, ['stakeholderList']);
  // ... and the wizards' steps (each its own module, with the list's), as the page's idle prefetch would have.
  for (const flow of ['stakeholderPerson', 'stakeholderCompany']) {
    for (const { step } of config.flows[flow]!.steps) await loadStepValidator(config as never, ['stakeholderList', step]);
  }
});

let edits: { next: Record<string, unknown>; valid?: boolean }[] = [];
beforeEach(() => {
  edits = [];
  fake.edit = (next, options) => {
    edits.push({ next, valid: options?.valid });
    fake.state.prospect = next;
    fake.emit();
  };
  fake.flush = vi.fn(async () => undefined);
  fake.continueStep = vi.fn(async () => ({ ok: true }));
});
afterEach(cleanup);

type S = Record<string, unknown>;
const person = (id: string, pct: number, signatory: boolean, firstName = `Person${id}`): S => ({
  signatoryId: id,
  firstName,
  lastName: 'Nair',
  kycDetails: { isShareholderACompany: false, isSignatory: signatory, isShareholder: true, shareHoldingPercentage: pct },
});
const personSteps = ['stakeholderPersonalInfo', 'stakeholderSignatory', 'stakeholderShareholding', 'stakeholderNationality', 'stakeholderResidence', 'stakeholderContact'];
/** freeField5 with every person step of these stakeholders COMPLETED. */
const allDone = (ids: string[]) => ({
  freeField5: JSON.stringify({ completedSteps: ids.flatMap((id) => personSteps.map((step) => ({ flowId: 'stakeholderPerson', step, status: 'COMPLETED', signatoryId: id }))) }),
});

function renderPage(signatoryInfo: S[], freeFieldsInfo: S = { freeField5: '{"completedSteps":[]}' }, url = '/business/StakeholdersInfo') {
  fake.state.prospect = { applicationInfo: { islamicBanking: false }, signatoryInfo, freeFieldsInfo };
  const router = createMemoryRouter(
    [
      { path: '/business/StakeholdersInfo', element: <StakeholdersPage /> },
      { path: '/business/FinalQuestions', element: <h1>Final questions page</h1> },
    ],
    { initialEntries: [url] },
  );
  render(
    <FluentProvider theme={webLightTheme}>
      <RouterProvider router={router} />
    </FluentProvider>,
  );
  return router;
}

const stakeholdersIn = (p: Record<string, unknown>) => p.signatoryInfo as S[];

describe('the stakeholder cards', () => {
  it('show name, role, share and completion state, each with named Edit and Remove buttons', () => {
    renderPage([person('a', 60, true, 'Priya'), { signatoryId: 'b', kycDetails: { isShareholderACompany: true, shareHoldingPercentage: 40 }, signatoryCompanyInfo: { companyName: 'Gulf Holdings' } }], allDone(['a']));
    const list = screen.getByRole('list', { name: 'Company stakeholders' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]!.textContent).toContain('Priya Nair');
    expect(items[0]!.textContent).toContain('Person · Signatory · Shareholder 60 %');
    expect(items[0]!.textContent).toContain('Complete');
    expect(items[1]!.textContent).toContain('Company · Shareholder 40 %');
    expect(items[1]!.textContent).toContain('Not started');
    expect(screen.getByRole('button', { name: 'Edit Gulf Holdings' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remove Priya Nair' })).toBeTruthy();
  });

  it('adding appends a blank person with a new id and opens its wizard', async () => {
    renderPage([person('a', 100, true)]);
    fireEvent.click(screen.getByRole('button', { name: 'Add a stakeholder' }));
    // The first edit is the new stakeholder (the opened step may then store its schema defaults).
    expect(edits.length).toBeGreaterThanOrEqual(1);
    const list = stakeholdersIn(edits[0]!.next);
    expect(list).toHaveLength(2);
    expect(list[1]).toEqual({ signatoryId: expect.any(String), kycDetails: { isShareholderACompany: false } });
    expect(list[1]!.signatoryId).not.toBe('a');
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Personal Information' })).toBeTruthy());
    expect(screen.getByText(/· Step 1 of 6/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Edit Stakeholder 2' }).getAttribute('aria-expanded')).toBe('true');
  });

  it('can add up to 50: at 50 the button is disabled and says why', () => {
    renderPage(Array.from({ length: 50 }, (_, i) => person(`s${i}`, 2, i === 0)));
    const add = screen.getByRole('button', { name: 'Add a stakeholder' });
    expect(add.getAttribute('aria-disabled')).toBe('true');
    expect(document.getElementById(add.getAttribute('aria-describedby')!)!.textContent).toBe('You can add up to 50 stakeholders.');
    fireEvent.click(add);
    expect(edits).toHaveLength(0);
  }, 30_000);

  it('at 49 one more can be added, then no more', () => {
    renderPage(Array.from({ length: 49 }, (_, i) => person(`s${i}`, 2, i === 0)));
    fireEvent.click(screen.getByRole('button', { name: 'Add a stakeholder' }));
    expect(stakeholdersIn(edits[0]!.next)).toHaveLength(50);
    expect(screen.getByRole('button', { name: 'Add a stakeholder' }).getAttribute('aria-disabled')).toBe('true');
  }, 30_000);

  it("removing asks 'Are you sure?': Cancel keeps the stakeholder, \"Yes, I'm sure\" removes it and selects none", async () => {
    renderPage([person('a', 50, true, 'Priya'), person('b', 50, false, 'Omar')], undefined, '/business/StakeholdersInfo?stakeholder=b&step=2');
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Signatory Rights' })).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: 'Remove Omar Nair' }));
    let dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Are you sure?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(edits).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Remove Omar Nair' }));
    dialog = await screen.findByRole('alertdialog');
    // (by text: after the first dialog closed, Tabster's modalizer leaves the portal aria-hidden in happy-dom)
    fireEvent.click(within(dialog).getByText("Yes, I'm sure"));
    expect(edits).toHaveLength(1);
    expect(stakeholdersIn(edits[0]!.next).map((s) => s.signatoryId)).toEqual(['a']);
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Signatory Rights' })).toBeNull());
  }, 30_000);
});

describe('continue to the final questions', () => {
  const continueButton = () => screen.getByRole('button', { name: 'Continue to Final Questions' });

  it('is disabled below 100 % and without a signatory, and says why', () => {
    renderPage([person('a', 60, false)], allDone(['a']));
    expect(continueButton().getAttribute('aria-disabled')).toBe('true');
    const reasons = screen.getByRole('list', { name: 'Why you cannot continue yet' }).textContent;
    expect(reasons).toContain('Shareholders must hold 100% of shares in total');
    expect(reasons).toContain("At least one of the company stakeholders must be a signatory: answer Yes to 'Is this person a signatory?' for one");
    expect(screen.getByText('Shares held: 60 % of 100 % · Signatories: 0')).toBeTruthy();
  });

  it('is disabled at 100 % without a signatory, and with a signatory below 100 %', () => {
    renderPage([person('a', 100, false)], allDone(['a']));
    expect(continueButton().getAttribute('aria-disabled')).toBe('true');
    cleanup();
    renderPage([person('a', 99.99, true)], allDone(['a']));
    expect(continueButton().getAttribute('aria-disabled')).toBe('true');
  });

  it('is enabled at 100 % with a signatory, saves what is pending and goes to the final questions', async () => {
    renderPage([person('a', 40, true), person('b', 60, false)], allDone(['a', 'b']));
    expect(continueButton().getAttribute('aria-disabled')).toBeNull();
    fireEvent.click(continueButton());
    await screen.findByText('Final questions page');
    expect(fake.flush).toHaveBeenCalled();
  });

  it('follows the prospect: becomes enabled when another tab or a save brings the shares to 100 %', async () => {
    renderPage([person('a', 50, true)], allDone(['a']));
    expect(continueButton().getAttribute('aria-disabled')).toBe('true');
    act(() => {
      fake.state.prospect = { ...fake.state.prospect, signatoryInfo: [person('a', 100, true)] };
      fake.emit();
    });
    await waitFor(() => expect(continueButton().getAttribute('aria-disabled')).toBeNull());
  });
});

describe('the wizard', () => {
  it('Edit resumes at the first step of that stakeholder not yet completed, and Close returns to the list', async () => {
    const twoDone = {
      freeField5: JSON.stringify({
        completedSteps: ['stakeholderPersonalInfo', 'stakeholderSignatory'].map((step) => ({ flowId: 'stakeholderPerson', step, status: 'COMPLETED', signatoryId: 'a' })),
      }),
    };
    renderPage([person('a', 50, true, 'Priya')], twoDone);
    expect(screen.getByText('Step 3 of 6: Shareholding is incomplete')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Edit Priya Nair' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Shareholding' })).toBeTruthy());
    expect(screen.getByText(/· Step 3 of 6/)).toBeTruthy();
    // The step's form comes once its upload widget is loaded (StepForm waits for the step's lazily loaded widgets).
    fireEvent.click(await screen.findByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Shareholding' })).toBeNull());
  });

  it('a card names a step left incomplete before completed ones, and Edit opens that step', async () => {
    const laterDone = {
      freeField5: JSON.stringify({
        completedSteps: personSteps.slice(1).map((step) => ({ flowId: 'stakeholderPerson', step, status: 'COMPLETED', signatoryId: 'a' })),
      }),
    };
    renderPage([person('a', 100, true, 'Priya')], laterDone);
    expect(screen.getByText('Step 1 of 6: Personal Information is incomplete')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Edit Priya Nair' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Personal Information' })).toBeTruthy());
    expect(screen.getByText(/· Step 1 of 6/)).toBeTruthy();
  });

  it('Edit of a complete stakeholder opens its first step, not the last', async () => {
    renderPage([person('a', 100, true, 'Priya')], allDone(['a']));
    fireEvent.click(screen.getByRole('button', { name: 'Edit Priya Nair' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Personal Information' })).toBeTruthy());
    expect(screen.getByText(/· Step 1 of 6/)).toBeTruthy();
  });

  it('opens the 1-step company flow for a company and continues with its signatory index', async () => {
    const company = { signatoryId: 'c', kycDetails: { isShareholderACompany: true }, signatoryCompanyInfo: { companyName: 'Gulf Holdings' } };
    renderPage([person('a', 50, true), company], undefined, '/business/StakeholdersInfo?stakeholder=c&step=1');
    await waitFor(() => expect(screen.getByText(/Step 1 of 1/)).toBeTruthy());
    expect(screen.getByRole('heading', { name: 'Company information' })).toBeTruthy();
  });

  it('ticking "this stakeholder is a company" on a person resets it and switches to the company flow', async () => {
    renderPage([person('a', 50, true, 'Priya')], undefined, '/business/StakeholdersInfo?stakeholder=a&step=1');
    await waitFor(() => expect(screen.getByText(/Step 1 of 6/)).toBeTruthy());
    fireEvent.click(screen.getByRole('checkbox', { name: /This stakeholder is a company/ }));
    await waitFor(() => expect(screen.getByText(/Step 1 of 1/)).toBeTruthy());
    const last = stakeholdersIn(edits.at(-1)!.next)[0]!;
    expect(last).toMatchObject({ signatoryId: 'a', kycDetails: { isShareholderACompany: true } });
    expect(last.firstName).toBeUndefined();
  });

  it('Continue saves the step with the stakeholder index and moves to the next step', async () => {
    renderPage([person('x', 0, false), person('a', 50, true, 'Priya')], undefined, '/business/StakeholdersInfo?stakeholder=a&step=2');
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Signatory Rights' })).toBeTruthy());
    const form = document.getElementById('stakeholder-stakeholderSignatory') as HTMLFormElement;
    // Authority type is required for a signatory: the step is refused in the browser first.
    fireEvent.submit(form);
    await waitFor(() => expect(screen.getAllByText('Authority type is not filled').length).toBeGreaterThan(0));
    expect(fake.continueStep).not.toHaveBeenCalled();
  });
});

// @vitest-environment happy-dom
import { FluentProvider } from '@fluentui/react-components';
import { cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { ErrorBoundary } from '../../../src/app/components/ErrorBoundary';
import { customerJourney } from '../../../src/app/components/journey';
import { StepList } from '../../../src/app/components/StepList';
import { appTheme } from '../../../src/app/theme';

afterEach(cleanup);

const wrap = (ui: ReactNode) =>
  render(
    <FluentProvider theme={appTheme}>
      <MemoryRouter>{ui}</MemoryRouter>
    </FluentProvider>,
  );

describe('the progress list', () => {
  it('marks the active step, fills earlier ones and links back only in linking mode', () => {
    wrap(<StepList steps={customerJourney} active={3} linking search="?rocode=R1" />);
    const items = screen.getAllByRole('listitem');
    expect(items).toHaveLength(6);
    expect(items[2]!.getAttribute('aria-current')).toBe('step');
    expect(items[0]!.textContent).toContain('(completed)');
    expect(items[3]!.textContent).not.toContain('(completed)');
    const links = screen.getAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['/business/ApplicantInfo?rocode=R1', '/business/CompanyInfo?rocode=R1', '/business/StakeholdersInfo?rocode=R1']);
  });

  it('marks only the completed steps when told which (a later page opened by its address marked steps never filled)', () => {
    wrap(<StepList steps={customerJourney} active={6} done={[1]} />);
    const items = screen.getAllByRole('listitem');
    expect(items.map((i) => i.textContent!.includes('(completed)'))).toEqual([true, false, false, false, false, false]);
    expect(items[5]!.getAttribute('aria-current')).toBe('step');
  });

  it('has no links outside linking mode', () => {
    wrap(<StepList steps={customerJourney} active={4} />);
    expect(screen.queryAllByRole('link')).toHaveLength(0);
  });
});

describe('the error boundary', () => {
  it("shows 'Error occured' and the error text instead of a blank page", () => {
    const Boom = () => {
      throw new Error('Cannot read the prospect');
    };
    const original = console.error;
    console.error = () => undefined; // React logs the caught error
    try {
      wrap(
        <ErrorBoundary>
          <Boom />
        </ErrorBoundary>,
      );
    } finally {
      console.error = original;
    }
    expect(screen.getByRole('heading', { name: 'Error occured' })).toBeTruthy();
    expect(screen.getByText('Cannot read the prospect')).toBeTruthy();
  });

  it('is a page: heading, text and button each a block of their own, the logo and language switch on a band, a title', () => {
    const Boom = () => {
      throw new Error('Cannot read the prospect');
    };
    const original = console.error;
    console.error = () => undefined;
    try {
      wrap(
        <ErrorBoundary>
          <Boom />
        </ErrorBoundary>,
      );
    } finally {
      console.error = original;
    }
    const heading = screen.getByRole('heading', { level: 1, name: 'Error occured' });
    const text = screen.getByText('Cannot read the prospect');
    // Fluent's Title2 / Body1 are inline spans of text unless `block`: the three ran together on one line.
    expect(getComputedStyle(heading).display).toBe('block');
    expect(getComputedStyle(text).display).toBe('block');
    const button = screen.getByRole('button', { name: 'Reload the page' });
    expect(heading.closest('[role=alert]')!.contains(button)).toBe(false);
    expect(screen.getByRole('banner').textContent).toContain('Quick Apply');
    expect(screen.getByTestId('language-switch')).toBeTruthy();
    expect(screen.getByRole('main').contains(heading)).toBe(true);
    expect(document.title).toBe('Error occured – Quick Apply');
  });
});

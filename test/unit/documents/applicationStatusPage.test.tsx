// @vitest-environment happy-dom
import { FluentProvider } from '@fluentui/react-components';
import { cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { localizeFiles } from '../../../src/content/i18n/catalogue';
import { type Lifecycle, type ProspectStatusInfo, readStatusInfo } from '../../../src/content/lifecycle';
import { parseLifecycle } from '../../../src/content/lifecycleSchema';
import { withStatus } from '../../../src/server/prospects/lifecycle';
import { appTheme } from '../../../src/app/theme';
import { readSchemas } from '../readSchemas';

const files = readSchemas();
const english = parseLifecycle(files['lifecycle.json']);
const arabic = parseLifecycle(localizeFiles(files as never, 'ar')['lifecycle.json']);
let lifecycle: Lifecycle = arabic;
let stored: Partial<ProspectStatusInfo> = {};

vi.mock('../../../src/app/components/Shell', () => ({ Shell: ({ children }: { children: ReactNode }) => <main>{children}</main> }));
vi.mock('../../../src/app/features/application', () => ({ useApplication: () => ({ prospectId: 'SME1' }) }));
vi.mock('../../../src/app/features/config/useConfig', () => ({ useConfig: () => ({ data: { lifecycle, products: {} } }) }));
vi.mock('../../../src/app/features/documents/ApplicationNotice', () => ({ ApplicationNotice: () => null }));
vi.mock('../../../src/app/features/documents/useApplicationStatus', () => ({
  useApplicationStatus: () => ({
    prospect: { data: { prospectId: 'SME1', version: 3, status: stored.status, prospect: { prospectStatusInfo: stored }, accountInfo: [] }, isLoading: false },
    info: stored,
    missing: new Set(),
    documentsKnown: true,
  }),
}));

const { default: ApplicationStatusPage } = await import('../../../src/app/features/documents/ApplicationStatusPage');

afterEach(cleanup);

const show = (locale: 'ar' | 'en') =>
  render(
    <IntlProvider locale={locale} messages={{}} onError={() => undefined}>
      <FluentProvider theme={appTheme}>
        <MemoryRouter>
          <ApplicationStatusPage />
        </MemoryRouter>
      </FluentProvider>
    </IntlProvider>,
  );

/** The submit of fixtures/prospect/soleProprietor.json as the server stores it: SUBMITTED, then screening's decline. */
function declinedByScreening(): Partial<ProspectStatusInfo> {
  let document: Record<string, unknown> = {};
  document = withStatus(english, document, { from: 'DRAFT', to: 'SUBMITTED', by: 'applicant' });
  document = withStatus(english, document, {
    from: 'SUBMITTED',
    to: 'DECLINED',
    by: 'system',
    note: 'Screening: Starter account validation',
    reason: english.declineReasons.find((r) => r.value === 'NOT_ELIGIBLE')!,
  });
  return readStatusInfo(document);
}

describe('the application status page (declined by screening)', () => {
  beforeAll(() => {
    expect(english.declineReasons.find((r) => r.value === 'NOT_ELIGIBLE')?.label).toBe('The business is not eligible for this account');
  });

  it('the server keeps the reason by its code and no internal screening label as the bank message', () => {
    const info = declinedByScreening();
    expect(info.statusReason).toBe('NOT_ELIGIBLE');
    expect(info.statusReasonText).toBeUndefined();
    expect(info.message).toBeUndefined();
    expect(info.history?.at(-1)).toMatchObject({ to: 'DECLINED', by: 'system', reason: 'NOT_ELIGIBLE' });
    expect(JSON.stringify(info)).not.toContain('Screening:');
  });

  it('in Arabic: the reason and the timeline in Arabic, no "Message from the bank"', () => {
    lifecycle = arabic;
    stored = declinedByScreening();
    show('ar');
    expect(screen.getByTestId('status-reason').textContent).toBe('النشاط التجاري غير مؤهل لهذا الحساب');
    expect(screen.queryByTestId('bank-note')).toBeNull();
    const timeline = screen.getByRole('list', { name: /.+/ });
    expect(timeline.textContent).toContain('النشاط التجاري غير مؤهل لهذا الحساب');
    expect(document.body.textContent).not.toMatch(/not eligible|Screening|NOT_ELIGIBLE/);
  });

  it('an older row (English words beside the code, an English reason in its timeline) reads in Arabic too', () => {
    lifecycle = arabic;
    stored = {
      status: 'DECLINED',
      statusNotes: 'Declined',
      statusReason: 'NOT_ELIGIBLE',
      statusReasonText: 'The business is not eligible for this account',
      history: [{ from: 'SUBMITTED', to: 'DECLINED', at: '2026-01-02T10:00:00.000Z', by: 'agent', reason: 'The business is not eligible for this account' }],
    };
    show('ar');
    expect(screen.getByTestId('status-reason').textContent).toBe('النشاط التجاري غير مؤهل لهذا الحساب');
    expect(document.body.textContent).not.toContain('not eligible');
  });

  it('in English: the English words of the code; a row holding only words shows them', () => {
    lifecycle = english;
    stored = { status: 'DECLINED', statusNotes: 'Declined', statusReasonText: 'Words of an old row', history: [] };
    show('en');
    expect(screen.getByTestId('status-reason').textContent).toBe('Words of an old row');
    cleanup();
    stored = declinedByScreening();
    show('en');
    expect(screen.getByTestId('status-reason').textContent).toBe('The business is not eligible for this account');
  });
});

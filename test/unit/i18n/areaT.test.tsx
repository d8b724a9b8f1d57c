// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it } from 'vitest';
import { useAgentT } from '../../../src/app/i18n/useAgentT';
import { useStudioT } from '../../../src/app/i18n/useStudioT';

function AgentText() {
  const t = useAgentT();
  return <p>{t('agent.loading')}</p>;
}

function StudioText() {
  const t = useStudioT();
  return <p>{t.rich('studio.brand', {})}</p>;
}

describe("a staff area's texts (areaT.ts)", () => {
  afterEach(cleanup);

  it('are English outside the provider and in an English page', () => {
    render(<AgentText />);
    expect(screen.getByText('Loading')).toBeTruthy();
  });

  it('turn Arabic once the area\'s Arabic chunk has loaded, without a reload', async () => {
    render(
      <IntlProvider locale="ar" messages={{}}>
        <AgentText />
        <StudioText />
      </IntlProvider>,
    );
    expect(await screen.findByText('جارٍ التحميل')).toBeTruthy();
    expect(await screen.findByText('Quick Apply · استوديو النماذج')).toBeTruthy();
  });

  it('stay English in an English page after the Arabic has loaded', () => {
    render(
      <IntlProvider locale="en" messages={{}}>
        <AgentText />
      </IntlProvider>,
    );
    expect(screen.getByText('Loading')).toBeTruthy();
  });
});

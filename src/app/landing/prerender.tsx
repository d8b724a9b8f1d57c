import { createDOMRenderer, FluentProvider, RendererProvider, renderToStyleElements } from '@fluentui/react-components';
import { renderToStaticMarkup } from 'react-dom/server';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import ar from 'virtual:app-messages/ar';
import en from 'virtual:app-messages/en';
import type { ConfigDocument } from '../../content/configDocument';
import { directionOf, type Locale } from '../../content/i18n/locales';
import { GlobalStyles } from '../components/GlobalStyles';
import { configKey } from '../features/config/useConfig';
import { LandingPage } from '../features/landing/LandingPage';
import { setLocale } from '../i18n/localeStore';
import { WidgetTextsProvider } from '../i18n/useT';
import { JotaiProvider } from '../lib/jotai';
import { appTheme } from '../theme';

/**
 * The landing page rendered to HTML at build time (scripts/prerenderLanding.ts), from the very components the app
 * renders at `/`: the same providers as src/app/main.tsx and I18nProvider (texts, theme, direction), the config's
 * products in SWR's cache, a memory router at `/`. One Griffel renderer collects the CSS of every language
 * rendered (the Arabic page's right-to-left rules beside the English ones); `styles()` gives it as <style> tags.
 */
export function createLandingRenderer() {
  const renderer = createDOMRenderer();
  return {
    render(locale: Locale, config: ConfigDocument): string {
      setLocale(locale);
      return renderToStaticMarkup(
        <RendererProvider renderer={renderer}>
          <IntlProvider locale={locale} messages={locale === 'ar' ? ar : en} defaultLocale="en">
            <FluentProvider theme={appTheme} dir={directionOf(locale)} style={{ minHeight: '100vh' }}>
              <WidgetTextsProvider>
                <GlobalStyles />
                <SWRConfig value={{ provider: () => new Map(), fallback: { [configKey({ locale })]: config } }}>
                  <JotaiProvider>
                    <MemoryRouter initialEntries={['/']}>
                      <LandingPage />
                    </MemoryRouter>
                  </JotaiProvider>
                </SWRConfig>
              </WidgetTextsProvider>
            </FluentProvider>
          </IntlProvider>
        </RendererProvider>,
      );
    },
    styles(): string {
      return renderToStaticMarkup(<>{renderToStyleElements(renderer)}</>);
    },
  };
}

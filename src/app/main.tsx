import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { SWRConfig } from 'swr';
import { AppServices } from './components/AppServices';
import { ErrorBoundary } from './components/ErrorBoundary';
import { GlobalStyles } from './components/GlobalStyles';
import { I18nProvider } from './i18n/I18nProvider';
import { applyToDocument } from './i18n/localeStore';
import { AppRouter } from './lib/appRouter';
import { JotaiProvider } from './lib/jotai';
import { reloadOnNewRelease } from './lib/newRelease';
import { reportUncaughtErrors } from './lib/reportError';
import { AppRoutes } from './router';

reportUncaughtErrors();
reloadOnNewRelease();
// lang and dir before the first paint (the remembered or the browser's language), not after the texts load.
applyToDocument();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <I18nProvider>
      <GlobalStyles />
      <ErrorBoundary>
        <SWRConfig value={{ shouldRetryOnError: true, errorRetryCount: 3 }}>
          <JotaiProvider>
            <AppRouter>
              <AppRoutes />
            </AppRouter>
            <AppServices />
          </JotaiProvider>
        </SWRConfig>
      </ErrorBoundary>
    </I18nProvider>
  </StrictMode>,
);

import { FluentProvider } from '@fluentui/react-components';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { AppServices } from './components/AppServices';
import { ErrorBoundary } from './components/ErrorBoundary';
import { GlobalStyles } from './components/GlobalStyles';
import { JotaiProvider } from './lib/jotai';
import { reportUncaughtErrors } from './lib/reportError';
import { router } from './router';
import { appTheme } from './theme';

reportUncaughtErrors();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <FluentProvider theme={appTheme} style={{ minHeight: '100vh' }}>
      <GlobalStyles />
      <ErrorBoundary>
        <SWRConfig value={{ shouldRetryOnError: true, errorRetryCount: 3 }}>
          <JotaiProvider>
            <RouterProvider router={router} />
            <AppServices />
          </JotaiProvider>
        </SWRConfig>
      </ErrorBoundary>
    </FluentProvider>
  </StrictMode>,
);

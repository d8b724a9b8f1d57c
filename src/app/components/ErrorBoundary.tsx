import { Body1, Button, Title2 } from '@fluentui/react-components';
import { Component, type ErrorInfo, type ReactNode, useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { reloadingForNewRelease } from '../lib/newRelease';
import { reportError } from '../lib/reportError';
import { useT } from '../i18n/useT';

function errorText(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  if (error instanceof Error) return error.message;
  return String(error);
}

/**
 * Spec: a failure shows 'Error occured' plus the error text (and never a blank page). Spelling as in the spec. In
 * the page's language when the failure happened inside the app's provider, English outside it.
 */
export function ErrorMessage({ error }: { error: unknown }) {
  const t = useT();
  return (
    <div role="alert" style={{ padding: 32, maxWidth: 720 }}>
      <Title2 as="h1">{t('error.title')}</Title2>
      <Body1 as="p" style={{ whiteSpace: 'pre-wrap' }}>
        {errorText(error)}
      </Body1>
      <Button appearance="primary" onClick={() => window.location.reload()}>
        {t('error.reload')}
      </Button>
    </div>
  );
}

/** The router catches errors thrown while rendering a route: this is its error element (router root). */
export function RouteErrorPage() {
  const error = useRouteError();
  useEffect(() => {
    if (!isRouteErrorResponse(error)) reportError(error);
  }, [error]);
  // The tab is loading a new release (a chunk of the old one was gone): the reload replaces this page.
  if (reloadingForNewRelease()) return null;
  return <ErrorMessage error={error} />;
}

interface State {
  error: Error | null;
}

/** Outside the router (providers, dialogs): the last line of defence. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Unhandled UI error', error, info.componentStack);
    reportError(error, info.componentStack ?? undefined);
  }

  override render() {
    if (this.state.error) return reloadingForNewRelease() ? null : <ErrorMessage error={this.state.error} />;
    return this.props.children;
  }
}

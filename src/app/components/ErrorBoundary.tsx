import { Body1, Button, Title2 } from '@fluentui/react-components';
import { Component, type ErrorInfo, type ReactNode, useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { reportError } from '../lib/reportError';

function errorText(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  if (error instanceof Error) return error.message;
  return String(error);
}

/** Spec: a failure shows 'Error occured' plus the error text (and never a blank page). Spelling as in the spec. */
export function ErrorMessage({ error }: { error: unknown }) {
  return (
    <div role="alert" style={{ padding: 32, maxWidth: 720 }}>
      <Title2 as="h1">Error occured</Title2>
      <Body1 as="p" style={{ whiteSpace: 'pre-wrap' }}>
        {errorText(error)}
      </Body1>
      <Button appearance="primary" onClick={() => window.location.reload()}>
        Reload the page
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
    if (this.state.error) return <ErrorMessage error={this.state.error} />;
    return this.props.children;
  }
}

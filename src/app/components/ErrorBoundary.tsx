import { Body1, Button, makeStyles, Title2, tokens } from '@fluentui/react-components';
import { Component, type ErrorInfo, type ReactNode, useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { reloadingForNewRelease } from '../lib/newRelease';
import { reportError } from '../lib/reportError';
import { LanguageSwitcher } from '../i18n/LanguageSwitcher';
import { useT } from '../i18n/useT';
import { panelColours } from '../theme';
import { titleFor } from './documentTitle';
import { Logo } from './Logo';

function errorText(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  if (error instanceof Error) return error.message;
  return String(error);
}

// The shell's band and column (Shell.tsx) without what could fail again: no session, configuration or application.
const useStyles = makeStyles({
  root: { minHeight: '100vh', display: 'flex', flexDirection: 'column' },
  band: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: '16px',
    flexWrap: 'wrap',
    padding: '12px 48px',
    color: '#fff',
    '@media (max-width: 499px)': { padding: '12px 16px' },
  },
  main: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'flex-start',
    gap: tokens.spacingVerticalM,
    padding: '32px 48px',
    maxWidth: '720px',
    boxSizing: 'border-box',
    width: '100%',
    '@media (max-width: 499px)': { padding: '16px' },
  },
  alert: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0, maxWidth: '100%' },
  heading: { margin: 0 },
  // The error's own text (often English, from the browser): its direction, long words broken at 320 px.
  text: { margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' },
});

/**
 * Spec: a failure shows 'Error occured' plus the error text (and never a blank page). Spelling as in the spec. In
 * the page's language when the failure happened inside the app's provider, English outside it. A page of its own:
 * the logo and the language switch on the band (no session, configuration or application is read, so nothing
 * there can fail again), the heading, the text and the reload button each on a line, and the tab's title.
 */
export function ErrorMessage({ error }: { error: unknown }) {
  const styles = useStyles();
  const t = useT();
  const title = t('error.title');
  useEffect(() => {
    document.title = titleFor(title, document.title);
  }, [title]);
  return (
    <div className={styles.root}>
      <header className={styles.band} style={{ backgroundColor: panelColours.standard }}>
        <Logo variant="standard" />
        <LanguageSwitcher />
      </header>
      <main className={styles.main} id="main">
        <div role="alert" className={styles.alert}>
          <Title2 as="h1" block className={styles.heading}>
            {title}
          </Title2>
          <Body1 as="p" block dir="auto" className={styles.text}>
            {errorText(error)}
          </Body1>
        </div>
        <Button appearance="primary" onClick={() => window.location.reload()}>
          {t('error.reload')}
        </Button>
      </main>
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

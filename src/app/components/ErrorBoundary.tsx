import { Body1, Button, Title2 } from '@fluentui/react-components';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import type { Location } from 'react-router-dom';
import { reloadingForNewRelease } from '../lib/newRelease';
import { reportError } from '../lib/reportError';
import { LanguageSwitcher } from '../i18n/LanguageSwitcher';
import { useT } from '../i18n/useT';
import { panelColours } from '../theme';
import { titleFor } from './documentTitle';
import { Logo } from './Logo';

function errorText(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}

// The shell's band (Shell.tsx) without what could fail again: no session, configuration or application. Inline
// styles: this page is in the entry chunk every page loads (at its budget), and makes no classes. The rest is block
// flow: heading and text are `block` (Fluent's texts are inline without it), the button on a line of its own.
const BAND = { display: 'flex', justifyContent: 'space-between', padding: '8px 16px', color: '#fff', background: panelColours.standard } as const;

/**
 * Spec: a failure shows 'Error occured' plus the error text (and never a blank page). Spelling as in the spec. In
 * the page's language when the failure happened inside the app's provider, English outside it. A page of its own:
 * the logo and the language switch on the band (no session, configuration or application is read, so nothing
 * there can fail again), the heading, the text and the reload button each on a line, and the tab's title.
 */
export function ErrorMessage({ error }: { error: unknown }) {
  const t = useT();
  const title = t('error.title');
  return (
    <>
      {/* React puts it in the document's head: the tab says what happened (RouteRoot's title is not running). */}
      <title>{titleFor(title, '')}</title>
      <header style={BAND}>
        <Logo variant="standard" />
        <LanguageSwitcher />
      </header>
      <main style={{ padding: 16 }} id="main">
        <div role="alert">
          <Title2 as="h1" block>
            {title}
          </Title2>
          {/* The error's own text: long words (an address, a chunk's name) broken at 320 px. */}
          <Body1 as="p" block style={{ overflowWrap: 'anywhere' }}>
            {errorText(error)}
          </Body1>
        </div>
        <Button appearance="primary" onClick={() => window.location.reload()}>
          {t('error.reload')}
        </Button>
      </main>
    </>
  );
}

interface RouteState {
  error: unknown;
  location: Location;
}

/**
 * Around the routes (src/app/router.tsx): an error thrown while rendering a page shows the error message in its
 * place (reported once), and the next address renders its page again, as react-router's route error element did.
 */
export class RouteErrorBoundary extends Component<{ location: Location; children: ReactNode }, RouteState> {
  override state: RouteState = { error: null, location: this.props.location };

  static getDerivedStateFromError(error: unknown): Partial<RouteState> {
    return { error: error ?? new Error('Unknown error') };
  }

  static getDerivedStateFromProps(props: { location: Location }, state: RouteState): Partial<RouteState> | null {
    return props.location !== state.location ? { error: null, location: props.location } : null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    reportError(error, info.componentStack ?? undefined);
  }

  override render() {
    // The tab is loading a new release (a chunk of the old one was gone): the reload replaces this page.
    if (this.state.error) return reloadingForNewRelease() ? null : <ErrorMessage error={this.state.error} />;
    return this.props.children;
  }
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

// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { Link, useLocation, useNavigate, useRoutes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RouteErrorBoundary } from '../../src/app/components/ErrorBoundary';
import { AppRouter, useNavigationBlocker } from '../../src/app/lib/appRouter';

vi.mock('../../src/app/lib/reportError', () => ({ reportError: vi.fn() }));

/** A page with edits that must not be lost on leaving for another address (as the agent's services page). */
function Editor() {
  const [dirty, setDirty] = useState(false);
  const navigate = useNavigate();
  const blocker = useNavigationBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);
  return (
    <main>
      <h1>editor</h1>
      <button type="button" onClick={() => setDirty(true)}>edit</button>
      <Link to="/other">other</Link>
      <button type="button" onClick={() => navigate('/elsewhere', { replace: true })}>replace</button>
      <button type="button" onClick={() => navigate('/editor?step=2')}>next step</button>
      {blocker.state === 'blocked' && (
        <div role="dialog">
          leave for {blocker.location.pathname}?
          <button type="button" onClick={blocker.proceed}>leave</button>
          <button type="button" onClick={blocker.reset}>stay</button>
        </div>
      )}
    </main>
  );
}

function Broken(): never {
  throw new Error('page failed');
}

function Routes() {
  const location = useLocation();
  const element = useRoutes([
    { path: '/editor', element: <Editor /> },
    { path: '/broken', element: <Broken /> },
    { path: '*', element: <p>page {location.pathname}</p> },
  ]);
  return (
    <RouteErrorBoundary location={location}>
      {element}
      <Link to="/broken">break</Link>
      <Link to="/fine">fine</Link>
      <Link to="/editor">to the editor</Link>
    </RouteErrorBoundary>
  );
}

afterEach(cleanup);

function start(path: string) {
  // The history's own state (its entry's index) is kept: Back is undone by that index, as in a browser.
  window.history.replaceState(window.history.state, '', path);
  return render(
    <AppRouter>
      <Routes />
    </AppRouter>,
  );
}

describe('AppRouter (the declarative router with a navigation blocker)', () => {
  it('renders the page of the address and follows links', async () => {
    start('/start');
    expect(screen.getByText('page /start')).toBeTruthy();
    act(() => screen.getByText('fine').click());
    await waitFor(() => expect(screen.getByText('page /fine')).toBeTruthy());
    expect(window.location.pathname).toBe('/fine');
  });

  it('lets every navigation through while the blocker says no, then asks before leaving, and stays or leaves as answered', async () => {
    start('/editor');
    act(() => screen.getByText('next step').click());
    await waitFor(() => expect(window.location.search).toBe('?step=2'));
    act(() => screen.getByText('edit').click());
    // The same address with another query: the blocker's function lets it through.
    act(() => screen.getByText('next step').click());
    expect(screen.queryByRole('dialog')).toBeNull();

    act(() => screen.getByText('other').click());
    expect(screen.getByRole('dialog').textContent).toContain('leave for /other?');
    expect(window.location.pathname).toBe('/editor');
    act(() => screen.getByText('stay').click());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(window.location.pathname).toBe('/editor');
    expect(screen.getByText('editor')).toBeTruthy();

    act(() => screen.getByText('replace').click());
    expect(screen.getByRole('dialog').textContent).toContain('leave for /elsewhere?');
    const length = window.history.length;
    act(() => screen.getByText('leave').click());
    await waitFor(() => expect(screen.getByText('page /elsewhere')).toBeTruthy());
    expect(window.location.pathname).toBe('/elsewhere');
    expect(window.history.length).toBe(length); // replaced, as asked
  });

  it('asks before Back leaves the page, with the address kept while asking; Back again and leave goes back', async () => {
    start('/start');
    act(() => screen.getByText('to the editor').click());
    await waitFor(() => expect(screen.getByText('editor')).toBeTruthy());
    act(() => screen.getByText('edit').click());
    act(() => window.history.back());
    await waitFor(() => expect(screen.getByRole('dialog').textContent).toContain('leave for /start?'));
    await waitFor(() => expect(window.location.pathname).toBe('/editor')); // Back undone while asking
    act(() => screen.getByText('stay').click());
    expect(screen.getByText('editor')).toBeTruthy();

    act(() => window.history.back());
    await waitFor(() => expect(screen.getByRole('dialog')).toBeTruthy());
    await waitFor(() => expect(window.location.pathname).toBe('/editor'));
    act(() => screen.getByText('leave').click());
    await waitFor(() => expect(screen.getByText('page /start')).toBeTruthy());
    expect(window.location.pathname).toBe('/start');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('blocks nothing once the blocking page is gone', async () => {
    start('/editor');
    act(() => screen.getByText('edit').click());
    act(() => screen.getByText('other').click());
    act(() => screen.getByText('leave').click());
    await waitFor(() => expect(screen.getByText('page /other')).toBeTruthy());
    act(() => screen.getByText('fine').click());
    await waitFor(() => expect(screen.getByText('page /fine')).toBeTruthy());
  });

  it('shows the error message in place of a page that throws, and the next address renders again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    start('/start');
    act(() => screen.getByText('break').click());
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('page failed'));
    expect(screen.queryByText('fine')).toBeNull(); // the whole outlet is replaced, as the route's error element was
    act(() => window.history.back());
    await waitFor(() => expect(screen.getByText('page /start')).toBeTruthy());
  });
});

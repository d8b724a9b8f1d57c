import { type ReactNode, startTransition, useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import {
  type Location,
  type Navigator,
  NavigationType,
  parsePath,
  Router,
  type To,
  UNSAFE_createBrowserHistory as createBrowserHistory,
} from 'react-router-dom';

/**
 * The app's router: react-router's declarative `<Router>` on the browser's history (what `<BrowserRouter>` does),
 * plus the one thing of the data router (`createBrowserRouter`) the app used beside it, blocking a navigation
 * (`useNavigationBlocker`, the agent's unsaved edits). The data router (loaders, actions, fetchers, revalidation:
 * none of which the app uses) was 16 kB gzipped of every page.
 */

/** Asked before every navigation while a component holds it: true keeps the page (see `useNavigationBlocker`). */
export type ShouldBlock = (args: { currentLocation: Location; nextLocation: Location; historyAction: NavigationType }) => boolean;

/** What `useNavigationBlocker` returns, as react-router's `useBlocker` did. */
export type BlockerState = { state: 'unblocked' } | { state: 'blocked'; location: Location; proceed(): void; reset(): void };

const UNBLOCKED: BlockerState = { state: 'unblocked' };

type History = ReturnType<typeof createBrowserHistory>;

interface Store {
  history: History;
  navigator: Navigator;
  /** The location the app shows (a blocked Back is undone, so it is not always the browser's of the moment). */
  current: Location;
  blocker: ShouldBlock | null;
  blocked: BlockerState;
  subscribers: Set<() => void>;
  setBlocked(state: BlockerState): void;
}

let store: Store | undefined;

function asLocation(to: To, state: unknown, current: Location): Location {
  const path = typeof to === 'string' ? parsePath(to) : to;
  return { pathname: path.pathname ?? current.pathname, search: path.search ?? '', hash: path.hash ?? '', state: state ?? null, key: '' };
}

/** The app's one history (created on first use: the pre-rendered landing page's build has no window). */
function appStore(): Store {
  if (store) return store;
  const history = createBrowserHistory({ v5Compat: true });
  const s: Store = {
    history,
    current: history.location,
    blocker: null,
    blocked: UNBLOCKED,
    subscribers: new Set(),
    setBlocked(state) {
      s.blocked = state;
      for (const notify of s.subscribers) notify();
    },
    navigator: {
      createHref: (to) => history.createHref(to),
      encodeLocation: (to) => history.encodeLocation(to),
      go: (delta) => history.go(delta),
      push: (to, state) => guarded(NavigationType.Push, to, state, () => history.push(to, state)),
      replace: (to, state) => guarded(NavigationType.Replace, to, state, () => history.replace(to, state)),
    },
  };
  /** Runs `go` unless a blocker keeps the page; then `go` waits for the blocker's proceed. */
  function guarded(historyAction: NavigationType, to: To, state: unknown, go: () => void) {
    const nextLocation = asLocation(to, state, s.current);
    if (s.blocked.state === 'blocked') return; // one question at a time
    if (!s.blocker?.({ currentLocation: s.current, nextLocation, historyAction })) return go();
    s.setBlocked({
      state: 'blocked',
      location: nextLocation,
      proceed: () => {
        s.setBlocked(UNBLOCKED);
        go();
      },
      reset: () => s.setBlocked(UNBLOCKED),
    });
  }
  store = s;
  return s;
}

/**
 * The router of the app (in place of `<BrowserRouter>`): renders `children` at the browser's location, updates in a
 * transition as react-router's routers do (the page shown stays until the next one is ready), and asks the active
 * blocker before a link, `navigate()` or the browser's Back and Forward leave the page.
 */
export function AppRouter({ children }: { children: ReactNode }) {
  const s = appStore();
  const [view, setView] = useState({ action: s.history.action, location: s.history.location });
  /** Set while Back or Forward is being undone (the browser's history is moved back to the page shown). */
  const undoing = useRef(false);
  /** Set while a blocked Back or Forward goes on (the user chose to leave): not asked again. */
  const proceeding = useRef(false);
  useLayoutEffect(
    () =>
      s.history.listen(({ action, location, delta }) => {
        if (undoing.current) {
          undoing.current = false;
          return;
        }
        const allowed = proceeding.current;
        proceeding.current = false;
        if (action === NavigationType.Pop && !allowed && s.blocker && delta !== null && s.blocked.state !== 'blocked') {
          if (s.blocker({ currentLocation: s.current, nextLocation: location, historyAction: action })) {
            // The address already changed: go back to the page shown, and forward again if the user leaves.
            undoing.current = true;
            s.history.go(-delta);
            s.setBlocked({
              state: 'blocked',
              location,
              proceed: () => {
                s.setBlocked(UNBLOCKED);
                proceeding.current = true;
                s.history.go(delta);
              },
              reset: () => s.setBlocked(UNBLOCKED),
            });
            return;
          }
        }
        s.current = location;
        startTransition(() => setView({ action, location }));
      }),
    [s],
  );
  return (
    <Router location={view.location} navigationType={view.action} navigator={s.navigator}>
      {children}
    </Router>
  );
}

/**
 * react-router's `useBlocker` for the app's router: while mounted, every navigation for which `shouldBlock` is true
 * waits, and the state says so (`blocked`, with `proceed` to go on and `reset` to stay). One blocker at a time.
 * Outside `AppRouter` (a unit test's memory router) nothing is blocked.
 */
export function useNavigationBlocker(shouldBlock: ShouldBlock): BlockerState {
  const latest = useRef(shouldBlock);
  useLayoutEffect(() => {
    latest.current = shouldBlock;
  });
  const s = store;
  useEffect(() => {
    if (!s) return;
    const blocker: ShouldBlock = (args) => latest.current(args);
    s.blocker = blocker;
    return () => {
      if (s.blocker === blocker) s.blocker = null;
      if (s.blocked.state === 'blocked') s.setBlocked(UNBLOCKED);
    };
  }, [s]);
  return useSyncExternalStore(
    (notify) => {
      if (!s) return () => undefined;
      s.subscribers.add(notify);
      return () => s.subscribers.delete(notify);
    },
    () => s?.blocked ?? UNBLOCKED,
  );
}

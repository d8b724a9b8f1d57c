import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useConfig } from '../features/config/useConfig';
import { lastActivityAtom, useSessionControls } from '../features/session/session';
import { useAtom } from '../lib/jotai';
import { countdownLeft, DEFAULT_COUNTDOWN_SECONDS, DEFAULT_IDLE_SECONDS } from './sessionTimer';

const SessionDialogView = lazy(() => import('./SessionDialogView'));

/** User activity refreshes the idle clock at most this often (no re-render per mouse move). */
const ACTIVITY_THROTTLE_MS = 5000;
const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;

const positive = (v: unknown, fallback: number) => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : fallback);

/**
 * The session dialogs of every page (spec 001 §4, §8): after the idle delay a countdown ticking each second
 * ('Yes' keeps the session); at zero the session ends and the expired dialog offers a reload. Only while a
 * session exists; the expired dialog also follows a 401 or a refused refresh (session store).
 */
export function SessionDialogs() {
  const { session, expired, keepAlive, expire } = useSessionControls();
  const [lastActivity, setLastActivity] = useAtom(lastActivityAtom);
  const { data: config } = useConfig();
  const idleSeconds = positive(config?.flags.sessionIdleSeconds, DEFAULT_IDLE_SECONDS);
  const countdownSeconds = positive(config?.flags.sessionCountdownSeconds, DEFAULT_COUNTDOWN_SECONDS);
  const [now, setNow] = useState(() => Date.now());
  const [busy, setBusy] = useState(false);
  const left = session && !expired ? countdownLeft(now, lastActivity, idleSeconds, countdownSeconds) : null;
  const open = left !== null;
  const openRef = useRef(open);
  openRef.current = open;

  // Activity resets the idle clock, except while the countdown asks for an explicit answer.
  useEffect(() => {
    if (!session) return;
    let last = 0;
    const onActivity = () => {
      const t = Date.now();
      if (openRef.current || t - last < ACTIVITY_THROTTLE_MS) return;
      last = t;
      setLastActivity(t);
    };
    ACTIVITY_EVENTS.forEach((e) => window.addEventListener(e, onActivity, { passive: true, capture: true }));
    return () => ACTIVITY_EVENTS.forEach((e) => window.removeEventListener(e, onActivity, { capture: true }));
  }, [session, setLastActivity]);

  useEffect(() => {
    if (!session || expired) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [session, expired]);

  // Ending the session sends the pending edits first, while the countdown stays at zero: a token renewed by that
  // save calls it again, which changes nothing (the save queue is idle, the tokens are forgotten and revoked once more).
  useEffect(() => {
    if (left === 0) void expire();
  }, [left, expire]);

  const onContinue = async () => {
    setBusy(true);
    try {
      await keepAlive();
      setLastActivity(Date.now());
      setNow(Date.now());
    } finally {
      setBusy(false);
    }
  };

  // The view's chunk loads with the session (before any dialog can open); a page without a session has none.
  if (!session && !expired) return null;
  return (
    <Suspense fallback={null}>
      <SessionDialogView left={left} expired={expired} busy={busy} onContinue={() => void onContinue()} />
    </Suspense>
  );
}

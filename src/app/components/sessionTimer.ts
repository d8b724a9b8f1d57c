/** Spec 001 §4 leaves both values open: defaults, overridable by the flags sessionIdleSeconds / sessionCountdownSeconds. */
export const DEFAULT_IDLE_SECONDS = 600;
export const DEFAULT_COUNTDOWN_SECONDS = 60;

/** Seconds left on the countdown, or null while the user is not idle yet. Pure, from timestamps (survives sleeping tabs). */
export function countdownLeft(now: number, lastActivity: number, idleSeconds: number, countdownSeconds: number): number | null {
  const idleFor = (now - lastActivity) / 1000;
  if (idleFor < idleSeconds) return null;
  return Math.max(0, Math.ceil(countdownSeconds - (idleFor - idleSeconds)));
}

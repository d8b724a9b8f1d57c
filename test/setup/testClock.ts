/**
 * A clock for BuildOptions.now that follows real time plus an offset the test moves forward, so a test of
 * something that expires (a one-time code) jumps past the expiry instead of sleeping until it.
 */
export function movableClock(): { now: () => Date; advance(ms: number): void } {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    advance(ms: number) {
      offset += ms;
    },
  };
}

/**
 * The one clock behind every time-dependent rule. Rules compare calendar dates in the bank's time zone
 * (Asia/Dubai, UTC+4, no daylight saving), so "today" is the same in the browser, the server and the CLI.
 * Tests and fixtures pin it with `setToday('2026-01-15')`.
 */
const BANK_TIME_ZONE = 'Asia/Dubai';
const formatter = new Intl.DateTimeFormat('en-CA', {
  timeZone: BANK_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

let pinned: string | null = null;
/** The last answer and its second: a save checks several dates, and formatting in a time zone is not free. */
let last = { second: NaN, date: '' };

/** Today's date as yyyy-MM-dd in the bank's time zone (or the pinned date). */
export function today(): string {
  if (pinned) return pinned;
  const now = Date.now();
  const second = Math.floor(now / 1000);
  if (second !== last.second) last = { second, date: formatter.format(new Date(now)) };
  return last.date;
}

/** Pins "today" (yyyy-MM-dd) for deterministic tests; `null` returns to the real clock. */
export function setToday(date: string | null): void {
  if (date !== null && !/^\d{4}-\d{2}-\d{2}$/.test(date)) {
    throw new Error(`setToday expects yyyy-MM-dd, got ${date}`);
  }
  pinned = date;
}

/**
 * What a Chromium trace's page main thread spent its time on (bench:typing's BENCH_TRACE writes such traces):
 * total and count per trace event name, events by their DOM event type, and the style recalculations' and layouts'
 * sizes. Nested events are counted in their own line and in their parent's.
 *
 *   npx tsx scripts/bench/traceSummary.ts <file.trace.json> [keys]   (keys: divide the totals by the keys typed)
 */
import { readFileSync } from 'node:fs';

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string; data?: Record<string, unknown>; beginData?: Record<string, unknown>; elementCount?: number };
}

const [file, keysArg] = process.argv.slice(2);
if (!file) throw new Error('usage: traceSummary <file.trace.json> [keys]');
const raw = JSON.parse(readFileSync(file, 'utf8')) as TraceEvent[] | { traceEvents: TraceEvent[] };
const events = Array.isArray(raw) ? raw : raw.traceEvents;
const keys = Number(keysArg ?? 1);

// The page's main thread: the renderer main thread with the most events.
const mains = new Set(events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
const counts = new Map<string, number>();
for (const e of events) if (mains.has(`${e.pid}:${e.tid}`)) counts.set(`${e.pid}:${e.tid}`, (counts.get(`${e.pid}:${e.tid}`) ?? 0) + 1);
const main = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
if (!main) throw new Error('no renderer main thread in the trace');
const own = events.filter((e) => `${e.pid}:${e.tid}` === main);

// Complete events ('X') and begin/end pairs ('B'/'E') as spans.
const spans: { name: string; ts: number; dur: number; e: TraceEvent }[] = [];
const open: TraceEvent[] = [];
for (const e of own.sort((a, b) => a.ts - b.ts)) {
  if (e.ph === 'X') spans.push({ name: e.name, ts: e.ts, dur: e.dur ?? 0, e });
  else if (e.ph === 'B') open.push(e);
  else if (e.ph === 'E') {
    const b = open.pop();
    if (b) spans.push({ name: b.name, ts: b.ts, dur: e.ts - b.ts, e: b });
  }
}
const ms = (us: number) => (us / 1000 / keys).toFixed(2).padStart(8);
const table = (title: string, rows: Map<string, { total: number; n: number }>, limit = 40) => {
  console.log(`\n${title} (ms${keys > 1 ? ` per key, ${keys} keys` : ''}; count)`);
  for (const [name, { total, n }] of [...rows].sort((a, b) => b[1].total - a[1].total).slice(0, limit)) console.log(`${ms(total)}  ${String(n).padStart(6)}  ${name}`);
};
const add = (m: Map<string, { total: number; n: number }>, k: string, dur: number) => {
  const r = m.get(k) ?? { total: 0, n: 0 };
  r.total += dur;
  r.n += 1;
  m.set(k, r);
};

const byName = new Map<string, { total: number; n: number }>();
const byEvent = new Map<string, { total: number; n: number }>();
for (const s of spans) {
  add(byName, s.name, s.dur);
  if (s.name === 'EventDispatch') add(byEvent, String(s.e.args?.data?.type), s.dur);
  if (s.name === 'TimerFire' || s.name === 'FireAnimationFrame' || s.name === 'FunctionCall') {
    const d = s.e.args?.data;
    if (s.name === 'FunctionCall' && d) add(byEvent, `FunctionCall ${String(d.functionName || '(anon)')} ${String(d.url ?? '').split('/').pop()}:${String(d.lineNumber)}`, s.dur);
  }
}
const top = spans.filter((s) => s.name === 'ThreadControllerImpl::RunTask' || s.name === 'RunTask');
console.log(`main thread ${main}: ${top.length} tasks, ${(top.reduce((a, s) => a + s.dur, 0) / 1000).toFixed(1)} ms in tasks`);
table('by trace event', byName);
table('DOM events and JavaScript calls', byEvent, 25);

const sizes = (name: string, size: (s: (typeof spans)[number]) => number | undefined) => {
  const list = spans.filter((s) => s.name === name).map(size).filter((n): n is number => typeof n === 'number').sort((a, b) => a - b);
  if (list.length) console.log(`${name}: ${list.length}, size median ${list[Math.floor(list.length / 2)]}, max ${list[list.length - 1]}`);
};
console.log('');
sizes('UpdateLayoutTree', (s) => (s.e.args as { elementCount?: number } | undefined)?.elementCount ?? (s.e.args?.beginData?.elementCount as number | undefined));
sizes('Layout', (s) => s.e.args?.beginData?.dirtyObjects as number | undefined);
sizes('Layout', (s) => s.e.args?.beginData?.totalObjects as number | undefined);

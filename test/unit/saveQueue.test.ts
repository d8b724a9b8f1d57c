import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SaveState } from '../../src/app/features/application/contract';
import { SaveQueue, type SaveJob, type SendOutcome } from '../../src/app/features/application/saveQueue';
import { TYPING_PAUSE_MS } from '../../src/app/features/forms/typingPause';

type Result = { ok: boolean };

/** A queue whose sends are recorded and answered by the test. */
function setup(answers: SendOutcome<Result>[] = []) {
  const sent: SaveJob[] = [];
  const states: SaveState[] = [];
  const refused: Result[] = [];
  const send = vi.fn(async (job: SaveJob): Promise<SendOutcome<Result>> => {
    sent.push(job);
    return answers.shift() ?? { kind: 'done', result: { ok: true } };
  });
  const queue = new SaveQueue<Result>({
    send,
    onState: (s) => states.push(s),
    onAutoRefused: (r) => refused.push(r),
    backoffMs: [1000, 2000, 4000],
    now: () => Date.now(),
  });
  return { queue, sent, states, refused, send };
}

describe('the save queue', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('says pending while an edit is typed (typing()), and an earlier edit waits for it: one save, once the later typed edit is due', async () => {
    const { queue, sent } = setup();
    queue.typing();
    expect(queue.saveState).toBe('pending');
    queue.edit();
    // Typing again before the typed edit is due (500 ms after its last key, which was TYPING_PAUSE_MS before edit()).
    await vi.advanceTimersByTimeAsync(150);
    queue.typing();
    await vi.advanceTimersByTimeAsync(3000);
    expect(sent).toHaveLength(0);
    expect(queue.saveState).toBe('pending');
    queue.edit();
    await vi.advanceTimersByTimeAsync(1500);
    expect(sent).toEqual([{ saveType: 'auto' }]);
    expect(queue.saveState).toBe('saved');
    queue.typing();
    queue.clear();
    expect(queue.saveState).toBe('saved');
  });

  it('a value typed and changed back (no edit() comes) ends typing with typed(): the earlier edit it held back is saved, and the state is saved after it', async () => {
    const { queue, sent } = setup();
    queue.edit();
    await vi.advanceTimersByTimeAsync(100);
    // Another field typed into, then changed back to its stored value: the page finds nothing changed.
    queue.typing();
    await vi.advanceTimersByTimeAsync(3000);
    expect(sent).toHaveLength(0);
    queue.typed();
    await vi.advanceTimersByTimeAsync(1500);
    expect(sent).toEqual([{ saveType: 'auto' }]);
    expect(queue.saveState).toBe('saved');
    // Without an earlier edit: nothing to save, and the state goes back to saved.
    queue.typing();
    expect(queue.saveState).toBe('pending');
    queue.typed();
    expect(queue.saveState).toBe('saved');
    await vi.advanceTimersByTimeAsync(3000);
    expect(sent).toHaveLength(1);
    // After an edit() the typing has already ended: typed() changes nothing.
    queue.typing();
    queue.edit();
    queue.typed();
    await vi.advanceTimersByTimeAsync(1500);
    expect(sent).toHaveLength(2);
    queue.dispose();
  });

  it('a typed edit handed over once typing paused is due 500 ms after its last key, not 500 ms after the pause', async () => {
    const { queue, sent } = setup();
    // The checks run each second from the start: the edit is due at 1.9 s, so the check at 2 s sends it.
    await vi.advanceTimersByTimeAsync(1700 - TYPING_PAUSE_MS);
    queue.typing(); // the last key, then the pause
    await vi.advanceTimersByTimeAsync(TYPING_PAUSE_MS);
    queue.edit();
    await vi.advanceTimersByTimeAsync(299);
    expect(sent).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(2);
    expect(sent).toEqual([{ saveType: 'auto' }]);
    queue.dispose();
  });

  it('saves 500 ms after the last keystroke, at the next 1000 ms check, once for a burst of edits', async () => {
    const { queue, sent } = setup();
    queue.edit();
    await vi.advanceTimersByTimeAsync(300);
    queue.edit();
    await vi.advanceTimersByTimeAsync(300);
    queue.edit();
    expect(queue.saveState).toBe('pending');
    await vi.advanceTimersByTimeAsync(499);
    expect(sent).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1001);
    expect(sent).toEqual([{ saveType: 'auto' }]);
    expect(queue.saveState).toBe('saved');
    await vi.advanceTimersByTimeAsync(5000);
    expect(sent).toHaveLength(1);
    queue.dispose();
  });

  it('does not auto-save an edit with a validation error', async () => {
    const { queue, sent } = setup();
    queue.edit(true);
    queue.edit(false);
    await vi.advanceTimersByTimeAsync(5000);
    expect(sent).toHaveLength(0);
    queue.dispose();
  });

  it('sends a waiting temporary (auto) save before an explicit one, and resolves the explicit one with its result', async () => {
    const { queue, sent } = setup();
    queue.edit();
    await vi.advanceTimersByTimeAsync(600); // debounce done, auto save due, not yet sent (next check at 1000)
    const result = queue.request({ saveType: 'save', actionType: 'continue', step: 'companyDetails' });
    await vi.advanceTimersByTimeAsync(0);
    await expect(result).resolves.toEqual({ ok: true });
    expect(sent).toEqual([{ saveType: 'auto' }, { saveType: 'save', actionType: 'continue', step: 'companyDetails' }]);
    queue.dispose();
  });

  it('folds a pending debounce into an explicit save (no separate auto save)', async () => {
    const { queue, sent } = setup();
    queue.edit();
    const result = queue.request({ saveType: 'save', actionType: 'continue', step: 'companyLicense' });
    await vi.advanceTimersByTimeAsync(0);
    await expect(result).resolves.toEqual({ ok: true });
    await vi.advanceTimersByTimeAsync(3000);
    expect(sent.map((j) => j.saveType)).toEqual(['save']);
    queue.dispose();
  });

  it('retries a failed save with growing back-off and shows retrying, then saved', async () => {
    const { queue, sent, states } = setup([{ kind: 'retry' }, { kind: 'retry' }]);
    queue.edit();
    await vi.advanceTimersByTimeAsync(1000);
    expect(sent).toHaveLength(1);
    expect(queue.saveState).toBe('retrying');
    await vi.advanceTimersByTimeAsync(1000); // back-off 1 s
    expect(sent).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1000); // back-off now 2 s: not yet
    expect(sent).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1000);
    expect(sent).toHaveLength(3);
    expect(queue.saveState).toBe('saved');
    expect(states).toContain('retrying');
    queue.dispose();
  });

  it('keeps edits while offline and sends them as soon as the browser is back online', async () => {
    const { queue, sent } = setup([{ kind: 'offline' }]);
    queue.edit();
    await vi.advanceTimersByTimeAsync(1000);
    expect(sent).toHaveLength(1);
    expect(queue.saveState).toBe('offline');
    queue.setOnline(false);
    queue.edit();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sent).toHaveLength(1); // nothing is tried while offline
    expect(queue.saveState).toBe('offline');
    queue.setOnline(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toHaveLength(2);
    expect(sent[1]).toEqual({ saveType: 'auto' });
    expect(queue.saveState).toBe('saved');
    queue.dispose();
  });

  it('an explicit save waits offline and resolves once it went through', async () => {
    const { queue, sent } = setup([{ kind: 'offline' }]);
    queue.setOnline(true);
    let settled = false;
    const result = queue.request({ saveType: 'save', actionType: 'continue', step: 'companyDetails' });
    void result.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1000);
    await expect(result).resolves.toEqual({ ok: true });
    expect(sent).toHaveLength(2);
    queue.dispose();
  });

  it('hands a refused auto save to onAutoRefused and does not retry it', async () => {
    const { queue, sent, refused } = setup([{ kind: 'refused', result: { ok: false } }]);
    queue.edit();
    await vi.advanceTimersByTimeAsync(1000);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(sent).toHaveLength(1);
    expect(refused).toEqual([{ ok: false }]);
    expect(queue.saveState).toBe('saved');
    queue.dispose();
  });

  it('says "refused" after the server refused the data (400) until a later save goes through', async () => {
    const { queue, sent, states } = setup([{ kind: 'refused', result: { ok: false }, invalid: true }]);
    queue.edit();
    await vi.advanceTimersByTimeAsync(2000);
    expect(sent).toHaveLength(1);
    expect(queue.saveState).toBe('refused');
    expect(states).not.toContain('saved');
    queue.edit();
    expect(queue.saveState).toBe('pending');
    await vi.advanceTimersByTimeAsync(2000);
    expect(sent).toHaveLength(2);
    expect(queue.saveState).toBe('saved');
    queue.dispose();
  });

  it('says "ended" after a save refused because the session ended (401), typing included, until a save goes through', async () => {
    const { queue, sent, states } = setup([{ kind: 'refused', result: { ok: false }, ended: true }]);
    queue.edit();
    await vi.advanceTimersByTimeAsync(2000);
    expect(sent).toHaveLength(1);
    expect(queue.saveState).toBe('ended');
    queue.typing();
    expect(queue.saveState).toBe('ended');
    expect(states).not.toContain('saved');
    // Signed in again: the next save goes through.
    queue.edit();
    await vi.advanceTimersByTimeAsync(2000);
    expect(sent).toHaveLength(2);
    expect(queue.saveState).toBe('saved');
    queue.dispose();
  });

  it('never says "saved" while an edit with a validation error waits locally', async () => {
    const { queue, sent } = setup();
    queue.edit(false);
    await vi.advanceTimersByTimeAsync(3000);
    expect(sent).toHaveLength(0);
    expect(queue.saveState).toBe('pending');
    // A continue sends it (and the server's answer decides).
    await queue.request({ saveType: 'save', actionType: 'continue', step: 'companyDetails' });
    expect(queue.saveState).toBe('saved');
    queue.dispose();
  });

  it('sends an edit made while a save is in flight with the next save', async () => {
    let release!: () => void;
    const sent: SaveJob[] = [];
    const queue = new SaveQueue<Result>({
      send: async (job) => {
        sent.push(job);
        if (sent.length === 1) await new Promise<void>((r) => (release = r));
        return { kind: 'done', result: { ok: true } };
      },
    });
    queue.edit();
    await vi.advanceTimersByTimeAsync(1000);
    expect(queue.saveState).toBe('saving');
    queue.edit();
    await vi.advanceTimersByTimeAsync(600);
    release();
    await vi.advanceTimersByTimeAsync(1000);
    expect(sent).toHaveLength(2);
    expect(queue.saveState).toBe('saved');
    queue.dispose();
  });

  it('flush() sends a pending edit at once', async () => {
    const { queue, sent } = setup();
    queue.edit();
    await queue.flush();
    expect(sent).toEqual([{ saveType: 'auto' }]);
    queue.dispose();
  });
});

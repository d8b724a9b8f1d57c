/**
 * The save queue of the customer runtime, free of React and of the network so that it can be tested with fake
 * timers. Spec (000 §4, 001 §4): an edit is saved 500 ms after the last keystroke when it has no validation
 * error; the queue is checked every 1000 ms and a temporary (auto) save goes before the others; failures are
 * retried with back-off and an offline browser keeps everything until it comes back.
 *
 * The queue never holds the prospect itself: `send` reads the latest local copy when a save leaves, so an edit
 * made while a save is in flight is simply sent by the next one.
 */
import type { SaveState } from './contract';
import { TYPING_PAUSE_MS } from '../forms/typingPause';

export interface SaveJob {
  saveType: 'auto' | 'save' | 'submit';
  actionType?: 'continue' | 'next';
  step?: string;
  signatoryIndex?: number;
  /** A submit the applicant confirmed (the submit page's "information is true and complete"): the server records it. */
  declaration?: true;
}

/** What one attempt to send a job came to. */
export type SendOutcome<R> =
  | { kind: 'done'; result: R }
  /** No network (offline, fetch failed): kept, sent again when the browser is back online. */
  | { kind: 'offline' }
  /** A server error (5xx, 429): sent again after a back-off. */
  | { kind: 'retry' }
  /**
   * Refused for good (field errors, conflict, stopped prospect): handed to the caller, not retried. `invalid`:
   * the data itself was refused (field errors), so the edit is not on the server until the applicant fixes it.
   * `held`: the edit is kept locally until the applicant saves explicitly (a conflict they are asked about).
   * `ended`: the session ended (401): nothing is on the server until the applicant signs in again.
   */
  | { kind: 'refused'; result: R; invalid?: boolean; held?: boolean; ended?: boolean };

export interface SaveQueueOptions<R> {
  send(job: SaveJob): Promise<SendOutcome<R>>;
  /** Called whenever the state shown to the applicant may have changed. */
  onState?(state: SaveState): void;
  /** A refused auto save (field errors, conflict): explicit jobs hand their result to the caller instead. */
  onAutoRefused?(result: R): void;
  debounceMs?: number;
  tickMs?: number;
  /** Back-off delays for consecutive failures; the last one repeats. */
  backoffMs?: readonly number[];
  online?: boolean;
  now?: () => number;
}

interface Waiting<R> {
  job: SaveJob;
  resolve(result: R): void;
}

export const DEFAULT_BACKOFF_MS = [1000, 2000, 4000, 8000, 15000, 30000] as const;

export class SaveQueue<R> {
  private readonly opts: SaveQueueOptions<R>;
  private readonly debounceMs: number;
  private readonly backoff: readonly number[];
  private readonly now: () => number;
  private debounce: ReturnType<typeof setTimeout> | undefined;
  private ticker: ReturnType<typeof setInterval> | undefined;
  /** An auto save is due (the debounce ran out on a valid edit, or an auto save failed and waits). */
  private autoDue = false;
  private readonly explicit: Waiting<R>[] = [];
  private sending = false;
  private failures = 0;
  private retryAt = 0;
  private lastFailure: 'offline' | 'retry' | undefined;
  private online: boolean;
  private state: SaveState = 'saved';
  /** The server refused the last save's data (field errors): nothing is on the server until a field is fixed. */
  private refused = false;
  /** The last edit has a validation error, so it waits locally: "Unsaved changes", never "All changes saved". */
  private heldBack = false;
  private idleWaiters: (() => void)[] = [];
  /** An edit is being typed and not handed over yet (typing()): "Unsaved changes" until it comes (edit()). */
  private typingNow = false;
  /** typing() held back the automatic save of an earlier edit (it goes with the typed one, or again by typed()). */
  private heldForTyping = false;
  /** The last save was refused because the session ended: said until a save goes through (a new sign-in). */
  private ended = false;

  constructor(opts: SaveQueueOptions<R>) {
    this.opts = opts;
    this.debounceMs = opts.debounceMs ?? 500;
    this.backoff = opts.backoffMs ?? DEFAULT_BACKOFF_MS;
    this.now = opts.now ?? Date.now;
    this.online = opts.online ?? true;
    this.ticker = setInterval(() => void this.tick(), opts.tickMs ?? 1000);
  }

  /** A local edit: `valid` false (the field shows an error) keeps it local until the next valid edit or a continue. */
  edit(valid = true): void {
    if (this.debounce) clearTimeout(this.debounce);
    this.debounce = undefined;
    // A typed edit comes once typing has paused (TYPING_PAUSE_MS after its last key): the 500 ms count from that key.
    const waited = this.typingNow ? Math.min(TYPING_PAUSE_MS, this.debounceMs) : 0;
    this.typingNow = false;
    this.heldForTyping = false;
    this.heldBack = !valid;
    if (valid) this.arm(this.debounceMs - waited);
    this.update();
  }

  private arm(delay: number): void {
    this.debounce = setTimeout(() => {
      this.debounce = undefined;
      this.autoDue = true;
      this.update();
    }, delay);
  }

  /**
   * An edit is being typed, to be handed over by edit() when typing pauses: the state says pending from now on, and
   * the automatic save of an earlier edit waits for it (it is sent with it, 500 ms after its last key).
   */
  typing(): void {
    if (this.debounce) {
      clearTimeout(this.debounce);
      this.heldForTyping = true;
    }
    this.debounce = undefined;
    this.typingNow = true;
    this.update();
  }

  /**
   * The typed edit has been handed over: when the page made no edit of it (the value typed and changed back to what
   * it was), typing ends all the same, and the earlier edit's save that typing() held back is due again.
   */
  typed(): void {
    if (!this.typingNow) return;
    this.typingNow = false;
    if (this.heldForTyping && !this.debounce) this.arm(this.debounceMs);
    this.heldForTyping = false;
    this.update();
  }

  /** Queues an explicit save (continue, submit); resolves when the server accepted or refused it for good. */
  request(job: SaveJob): Promise<R> {
    // Whatever was typed goes with it: the pending debounce is folded into this save.
    if (this.debounce) {
      clearTimeout(this.debounce);
      this.debounce = undefined;
    }
    return new Promise<R>((resolve) => {
      this.explicit.push({ job, resolve });
      this.update();
      void this.tick();
    });
  }

  /** Sends a due auto save now instead of at the next tick (leaving the page, "Save and exit"). */
  async flush(): Promise<void> {
    if (this.debounce) {
      clearTimeout(this.debounce);
      this.debounce = undefined;
      this.autoDue = true;
    }
    if (!this.autoDue && !this.sending && this.explicit.length === 0) return;
    this.retryAt = 0;
    const idle = new Promise<void>((resolve) => this.idleWaiters.push(resolve));
    void this.tick();
    return idle;
  }

  setOnline(online: boolean): void {
    this.online = online;
    if (online) {
      // Back online: try at once rather than after the remaining back-off.
      this.retryAt = 0;
      void this.tick();
    }
    this.update();
  }

  /** Forgets pending work (the prospect was reloaded after a conflict, or the session ended). */
  clear(): void {
    if (this.debounce) clearTimeout(this.debounce);
    this.debounce = undefined;
    this.autoDue = false;
    this.failures = 0;
    this.retryAt = 0;
    this.lastFailure = undefined;
    this.refused = false;
    this.heldBack = false;
    this.typingNow = false;
    this.heldForTyping = false;
    this.ended = false;
    this.update();
  }

  dispose(): void {
    this.clear();
    if (this.ticker) clearInterval(this.ticker);
    this.ticker = undefined;
  }

  get saveState(): SaveState {
    return this.state;
  }

  /** True while something is waiting or in flight. */
  get busy(): boolean {
    return this.sending || this.autoDue || this.explicit.length > 0 || this.debounce !== undefined;
  }

  /** One check of the queue: sends the next job when nothing is in flight and no back-off is running. */
  async tick(): Promise<void> {
    if (this.sending || !this.online || this.now() < this.retryAt) return;
    let job: SaveJob;
    let waiting: Waiting<R> | undefined;
    if (this.autoDue) {
      // The temporary save goes first.
      job = { saveType: 'auto' };
      this.autoDue = false;
    } else if (this.explicit.length > 0) {
      waiting = this.explicit[0]!;
      job = waiting.job;
    } else {
      this.settleIdle();
      return;
    }
    this.sending = true;
    this.update();
    let outcome: SendOutcome<R>;
    try {
      outcome = await this.opts.send(job);
    } catch {
      outcome = { kind: 'retry' };
    }
    this.sending = false;
    if (outcome.kind === 'done' || outcome.kind === 'refused') {
      this.failures = 0;
      this.retryAt = 0;
      this.lastFailure = undefined;
      this.refused = outcome.kind === 'refused' && outcome.invalid === true;
      this.ended = outcome.kind === 'refused' && outcome.ended === true;
      // What was held back went with this save (an explicit save sends everything typed).
      if (waiting) this.heldBack = false;
      if (outcome.kind === 'refused' && outcome.held) this.heldBack = true;
      if (waiting) {
        this.explicit.shift();
        waiting.resolve(outcome.result);
      } else if (outcome.kind === 'refused') {
        this.opts.onAutoRefused?.(outcome.result);
      }
    } else {
      if (!waiting) this.autoDue = true;
      this.lastFailure = outcome.kind;
      if (outcome.kind === 'offline' && typeof navigator !== 'undefined' && navigator.onLine === false) this.online = false;
      this.retryAt = this.now() + this.backoff[Math.min(this.failures, this.backoff.length - 1)]!;
      this.failures += 1;
    }
    this.update();
    // Explicit saves behind this one do not wait for the next tick.
    if ((outcome.kind === 'done' || outcome.kind === 'refused') && (this.autoDue || this.explicit.length > 0)) void this.tick();
    else if (!this.busy || this.lastFailure) this.settleIdleIfStuck();
  }

  private settleIdle(): void {
    if (this.busy) return;
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const w of waiters) w();
  }

  /** flush() callers do not wait for a retry that may take minutes: they learn the state from saveState. */
  private settleIdleIfStuck(): void {
    if (!this.busy || this.lastFailure) {
      const waiters = this.idleWaiters;
      this.idleWaiters = [];
      for (const w of waiters) w();
    }
  }

  private update(): void {
    let next: SaveState;
    if (this.lastFailure === 'offline' || (!this.online && this.busy)) next = 'offline';
    else if (this.lastFailure === 'retry') next = 'retrying';
    else if (this.sending) next = 'saving';
    // Never "saved" (nor merely "unsaved") for edits no save can take until the applicant signs in again.
    else if (this.ended) next = 'ended';
    else if (this.busy || this.typingNow) next = 'pending';
    else if (this.refused) next = 'refused';
    else if (this.heldBack) next = 'pending';
    else next = 'saved';
    if (!this.online && !this.busy) next = 'offline';
    if (next !== this.state) {
      this.state = next;
      this.opts.onState?.(next);
    }
  }
}

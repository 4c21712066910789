// Waking a sleeping projector: a hint that new events may be readable ends the current wait, and a
// hint that arrives while the projector is busy reading is remembered, so it is never lost.

export const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done);
  });

export class WakeSignal {
  private pending = false;
  private waiter: (() => void) | null = null;

  constructor(private readonly signal: AbortSignal) {}

  wake(): void {
    this.pending = true;
    this.waiter?.();
  }

  /** True if a wake arrived since the last call; clears it. */
  take(): boolean {
    const pending = this.pending;
    this.pending = false;
    return pending;
  }

  /** Resolves on the next wake (at once if one is pending), after ms, or when aborted. */
  wait(ms: number): Promise<void> {
    if (this.pending || this.signal.aborted) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      const self = this;
      this.signal.addEventListener('abort', done);
      this.waiter = done;
      function done() {
        clearTimeout(timer);
        self.signal.removeEventListener('abort', done);
        self.waiter = null;
        resolve();
      }
    });
  }
}

const MIN_RECHECK_MS = 5;
const MAX_RECHECK_MS = 2_000;

/**
 * How long a caught-up follower waits after a read that found nothing. An append we were told about can
 * stay invisible for a moment (the SQL store hides events behind transactions still open anywhere on
 * the server), so after a wake an empty read is retried soon, backing off from 5 ms to 2 s, before the
 * follower falls back to the slow poll.
 */
export class RecheckBackoff {
  private ms = 0;

  constructor(private readonly pollIntervalMs: number) {}

  /** A wake arrived: the next empty reads are quick rechecks. */
  woken(): void {
    this.ms = MIN_RECHECK_MS;
  }

  /** True while an empty read is followed by a quick recheck rather than the slow poll. */
  get rechecking(): boolean {
    return this.ms > 0 && this.ms < this.pollIntervalMs;
  }

  /** The wait after an empty read; moves the back-off on. */
  next(): number {
    if (!this.rechecking) {
      this.ms = 0;
      return this.pollIntervalMs;
    }
    const wait = this.ms;
    this.ms = wait * 2 > MAX_RECHECK_MS ? 0 : wait * 2;
    return wait;
  }
}

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

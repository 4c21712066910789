// Catch-up + live subscription over readAll: read batches until caught up, then sleep until a wake
// (in-process append or NOTIFY) or the poll interval. readAll itself guarantees no skips; this loop
// only decides when to ask again.
import type { Checkpoint, ReadAllOptions, RecordedEvent } from './types.js';

export interface PollingSubscriptionOptions {
  from: Checkpoint | null;
  signal?: AbortSignal;
  batchSize?: number;
  readAll(options: ReadAllOptions): Promise<RecordedEvent[]>;
  /** True when committed events exist after the checkpoint that readAll does not return yet. */
  hasHidden?(after: Checkpoint | null): Promise<boolean>;
  /** Registers a wake-up hint; returns the unregister function. */
  onWake(listener: () => void): () => void;
  /** Aborted when the store closes: every subscription ends. */
  closed: AbortSignal;
  pollIntervalMs: number;
}

/** A wake that arrives while we read is kept, so it is never lost between a read and the wait. */
class Wakeup {
  private pending = false;
  private resolve: ((woken: boolean) => void) | null = null;

  fire = () => {
    this.pending = true;
    this.resolve?.(true);
  };

  clear() {
    this.pending = false;
  }

  wait(ms: number, signals: AbortSignal[]): Promise<boolean> {
    if (this.pending) return Promise.resolve(true);
    return new Promise<boolean>((resolve) => {
      const done = (woken: boolean) => {
        clearTimeout(timer);
        for (const s of signals) s.removeEventListener('abort', onAbort);
        this.resolve = null;
        resolve(woken);
      };
      const onAbort = () => done(false);
      const timer = setTimeout(() => done(false), ms);
      for (const s of signals) s.addEventListener('abort', onAbort, { once: true });
      this.resolve = done;
    });
  }
}

export async function* subscribeByPolling(options: PollingSubscriptionOptions): AsyncGenerator<RecordedEvent> {
  const { signal, closed, pollIntervalMs } = options;
  const batchSize = Math.max(1, options.batchSize ?? 500);
  const signals = signal ? [signal, closed] : [closed];
  const stopped = () => signals.some((s) => s.aborted);
  const wakeup = new Wakeup();
  const unregister = options.onWake(wakeup.fire);
  let checkpoint = options.from;
  // A wake that finds nothing new usually means an older transaction is still running and hides the
  // new rows. Its own NOTIFY wakes us if it appends; if it is some other writer, a quickly growing
  // retry interval finds the rows soon after it ends.
  let retryMs = 0;
  let woken = false;
  try {
    while (!stopped()) {
      wakeup.clear();
      const batch = await options.readAll({ after: checkpoint, limit: batchSize });
      for (const event of batch) {
        if (stopped()) return;
        yield event;
        checkpoint = event.checkpoint;
      }
      if (batch.length === batchSize) continue;
      if (batch.length > 0) retryMs = 0;
      else if (woken || retryMs > 0) {
        const hidden = options.hasHidden ? await options.hasHidden(checkpoint) : true;
        retryMs = hidden ? Math.min(Math.max(retryMs * 2, 10), pollIntervalMs) : 0;
      }
      woken = await wakeup.wait(retryMs || pollIntervalMs, signals);
    }
  } finally {
    unregister();
  }
}

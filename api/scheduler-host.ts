// Hosts the session scheduler in the server process (DESIGN.md §5 time): requests unanswered at
// their start expire, sessions past their end complete, and stalled step-by-step bookings (EventStoreDB)
// are reconciled. Follow-ups of ended sessions are the session follow-ups reactor's, not this loop's. Driven
// by the injected clock; the sessions read model says what is due.
import type { Kysely } from 'kysely';
import { startScheduler } from '../commands/sessions/scheduler.js';
import type { ProcessRuntime } from '../commands/runtime/types.js';
import type { Checkpoint } from '../eventstore/types.js';
import type { ReadModelsDb } from '../projections/read-models.js';
import { dueForScheduler } from '../projections/sessions/queries.js';

export const DEFAULT_SCHEDULER_INTERVAL_MS = 30_000;

export interface SchedulerHost {
  /** Runs a fresh round at the clock's current time and waits until the read models show its writes. */
  tick(): Promise<void>;
  stop(): Promise<void>;
}

export interface SchedulerHostOptions {
  runtime: ProcessRuntime;
  /** The read models (what is due comes from the sessions read model). */
  db: Kysely<ReadModelsDb>;
  waitFor: (checkpoint: Checkpoint) => Promise<unknown>;
  clock: () => Date;
  intervalMs?: number | undefined;
  onError: (error: unknown, sessionId?: string) => void;
}

export const hostScheduler = (options: SchedulerHostOptions): SchedulerHost => {
  const { runtime, db, clock, onError } = options;
  let latest: Checkpoint | null = null;
  const observed = runtime.observingAppends((checkpoint) => {
    if (runtime.compareCheckpoints(checkpoint, latest) > 0) latest = checkpoint;
  });
  const scheduler = startScheduler({
    runtime: observed,
    listDue: (now) => dueForScheduler(db, now),
    clock,
    intervalMs: options.intervalMs ?? DEFAULT_SCHEDULER_INTERVAL_MS,
    onError,
  });
  return {
    async tick() {
      // runOnce queues a fresh round after any under way, so it reads the clock as it is now.
      await scheduler.runOnce();
      if (latest) await options.waitFor(latest);
    },
    stop: () => scheduler.stop(),
  };
};

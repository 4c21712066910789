// Time-driven session commands: requests still unanswered at their start expire, confirmed sessions
// past their end complete. Their follow-ups (refund and release, or the points moving to the mentor)
// are the session follow-ups reactor's (follow-ups-reactor.ts); actOnSession also runs them at once. Which sessions
// are due comes from the sessions read model through `listDue`, so this module does not depend on
// projections; a lagging read model only delays the work, as the deciders ignore sessions that moved on.
import type { ProcessRuntime } from '../runtime/types.js';
import { DEFAULT_BOOKING_GRACE_MS, reconcileSessionRequests } from './reconciler.js';
import { actOnSession } from './session-actions.js';

export interface DueSessions {
  /** Requested sessions whose start has passed. */
  expire: string[];
  /** Confirmed (or modification-pending) sessions whose end has passed. */
  complete: string[];
}

export interface SchedulerDeps {
  runtime: ProcessRuntime;
  listDue: (now: string) => Promise<DueSessions>;
}

export interface SchedulerRun {
  expired: string[];
  completed: string[];
  failed: { sessionId: string; error: unknown }[];
}

export const runScheduler = async (deps: SchedulerDeps, now: string): Promise<SchedulerRun> => {
  const due = await deps.listDue(now);
  const run: SchedulerRun = { expired: [], completed: [], failed: [] };
  const each = async (ids: readonly string[], work: (sessionId: string) => Promise<boolean>, done: string[]) => {
    for (const sessionId of ids) {
      try {
        if (await work(sessionId)) done.push(sessionId);
      } catch (error) {
        run.failed.push({ sessionId, error });
      }
    }
  };
  const context = { actorId: null, now };
  await each(due.expire, async (sessionId) => (await actOnSession(deps, { type: 'ExpireRequest', sessionId, now }, context)).events.length > 0, run.expired);
  await each(due.complete, async (sessionId) => (await actOnSession(deps, { type: 'CompleteSession', sessionId, now }, context)).events.length > 0, run.completed);
  return run;
};

export interface StartSchedulerOptions extends SchedulerDeps {
  clock: () => Date;
  intervalMs: number;
  /** Grace before the reconciler touches an unfinished booking; default 5 minutes. */
  bookingGraceMs?: number | undefined;
  onError?: ((error: unknown, sessionId?: string) => void) | undefined;
}

export interface RunningScheduler {
  /** Runs one more round after any in progress, reading the clock when it starts. */
  runOnce(): Promise<void>;
  /** Stops the timer and waits for the rounds already queued. */
  stop(): Promise<void>;
}

/** Runs the scheduler and the booking reconciler every intervalMs, one round at a time. */
export const startScheduler = (options: StartSchedulerOptions): RunningScheduler => {
  const { runtime, listDue, clock, intervalMs } = options;
  const onError = options.onError ?? ((error: unknown, sessionId?: string) => console.error('session scheduler', sessionId ?? '', error));
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let queue: Promise<void> = Promise.resolve();
  let indexCursor: ReadonlyMap<string, bigint> | undefined;

  // Never throws: a failure is reported and the next round tries again.
  const round = async () => {
    const now = clock().toISOString();
    try {
      const result = await runScheduler({ runtime, listDue }, now);
      for (const { sessionId, error } of result.failed) onError(error, sessionId);
    } catch (error) {
      onError(error);
    }
    try {
      const olderThanMs = options.bookingGraceMs ?? DEFAULT_BOOKING_GRACE_MS;
      const result = await reconcileSessionRequests({ runtime }, { now, olderThanMs, from: indexCursor });
      indexCursor = result.resumeFrom;
      for (const { sessionId, error } of result.failed) onError(error, sessionId);
    } catch (error) {
      onError(error);
    }
  };
  const runOnce = (): Promise<void> => (queue = queue.then(round));
  const loop = async () => {
    await runOnce();
    if (!stopped) timer = setTimeout(loop, intervalMs);
  };
  timer = setTimeout(loop, 0);
  return {
    runOnce,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await queue;
    },
  };
};

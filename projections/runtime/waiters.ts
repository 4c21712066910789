// waitFor's bookkeeping for the projection runtime: promises settled when every interactive read model
// that follows the log has passed a checkpoint, or rejected when they time out. A wait that names the
// write's event types waits only for the read models that handle one of them: a read model that handles
// none has nothing of that write to show, and one lagging behind (catching up after a pause, a slow
// batch) must not hold back a member whose write it never reads (issue 30 point 1). Eventual read models
// (analytics, admin) are never waited for, nor is a read model while a version change rebuilds it or it is
// paused: a member's write must not wait for them (house-review-3 §3.2 measured every write timing out
// during a rebuild). The `rebuild` control leaves the state as it is: its live follower is waited for.
import type { Checkpoint, EventStore } from '../../eventstore/types.js';
import { WaitForTimeoutError } from './errors.js';
import type { Consistency, FollowerState } from './follower-operations.js';

/** Where a projector stands, without asking the database. */
export interface ProjectorPosition {
  name: string;
  state: FollowerState;
  position: Checkpoint | null;
  /** Absent means interactive. */
  consistency?: Consistency;
  /** The event types it handles; absent means it is waited for by every write. */
  handles?: ReadonlySet<string>;
}

/** States in which a read model holds writes back; 'starting' blocks until its position is known. */
const RUNNING: readonly FollowerState[] = ['starting', 'catching-up', 'live'];
const waitedFor = (p: Pick<ProjectorPosition, 'state' | 'consistency'>) => RUNNING.includes(p.state) && p.consistency !== 'eventual';

/** Whether waitFor(checkpoint) need not wait for this projector (it passed it, or it is not running): names those still behind on a timeout. */
const hasReached = (store: Pick<EventStore, 'compareCheckpoints'>, p: Pick<ProjectorPosition, 'state' | 'position' | 'consistency'>, checkpoint: Checkpoint): boolean =>
  !waitedFor(p) || (p.state !== 'starting' && store.compareCheckpoints(p.position, checkpoint) >= 0);

/** No running projector holds anything back. */
const ALL_CLEAR = Symbol('all clear');
/** A projector is starting (its position is not known yet): no waiter can be settled yet. */
const BLOCKED = Symbol('blocked');

/**
 * The lowest position among running projectors: a waiter is settled when its checkpoint is at or
 * below it. Worked out once per settle, so many waiters cost one comparison each, not one per projector.
 */
const lowWaterMark = (store: Pick<EventStore, 'compareCheckpoints'>, positions: readonly ProjectorPosition[]): Checkpoint | null | typeof ALL_CLEAR | typeof BLOCKED => {
  let low: Checkpoint | null | typeof ALL_CLEAR = ALL_CLEAR;
  for (const p of positions) {
    if (!waitedFor(p)) continue;
    if (p.state === 'starting') return BLOCKED;
    if (low === ALL_CLEAR || store.compareCheckpoints(p.position, low) < 0) low = p.position;
  }
  return low;
};

interface Waiter {
  checkpoint: Checkpoint;
  /** The write's event types, or null to wait for every running projector. */
  touched: readonly string[] | null;
  /** The projectors handling one of them, found once when the wait began; null with `touched`. */
  relevant: ReadonlySet<string> | null;
  resolve: () => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

/** Whether a write of these event types waits for this projector (null: a write of unknown types waits for all). */
const touches = (p: Pick<ProjectorPosition, 'handles'>, touched: readonly string[] | null): boolean =>
  touched === null || !p.handles || touched.some((type) => p.handles!.has(type));

export const createWaiters = (store: Pick<EventStore, 'compareCheckpoints'>, positions: () => readonly ProjectorPosition[]) => {
  const waiters = new Set<Waiter>();
  const passes = (low: ReturnType<typeof lowWaterMark>, checkpoint: Checkpoint) =>
    low === ALL_CLEAR || (low !== BLOCKED && store.compareCheckpoints(low, checkpoint) >= 0);
  /** Settled by the low-water mark of all, or else, for a typed write, by each projector it touches having passed it. */
  const isSettled = (all: readonly ProjectorPosition[], low: ReturnType<typeof lowWaterMark>, waiter: Pick<Waiter, 'checkpoint' | 'relevant'>) =>
    passes(low, waiter.checkpoint) || (waiter.relevant !== null && all.every((p) => !waiter.relevant!.has(p.name) || hasReached(store, p, waiter.checkpoint)));
  return {
    /** Call after any position or state changed. */
    settle(): void {
      if (waiters.size === 0) return;
      const all = positions();
      const low = lowWaterMark(store, all);
      for (const waiter of waiters) {
        if (isSettled(all, low, waiter)) {
          waiters.delete(waiter);
          clearTimeout(waiter.timer);
          waiter.resolve();
        }
      }
    },
    /** `touched`: the write's event types, to wait only for the read models that handle one of them. */
    waitFor(checkpoint: Checkpoint, timeoutMs: number, touched: readonly string[] | null = null): Promise<void> {
      const all = positions();
      const relevant = touched === null ? null : new Set(all.filter((p) => touches(p, touched)).map((p) => p.name));
      if (isSettled(all, lowWaterMark(store, all), { checkpoint, relevant })) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        const waiter: Waiter = {
          checkpoint,
          touched,
          relevant,
          resolve,
          reject,
          timer: setTimeout(() => {
            waiters.delete(waiter);
            const behind = positions()
              .filter((p) => touches(p, touched) && !hasReached(store, p, checkpoint))
              .map((p) => ({ name: p.name, checkpoint: p.position }));
            reject(new WaitForTimeoutError(checkpoint, timeoutMs, behind));
          }, timeoutMs),
        };
        waiters.add(waiter);
      });
    },
    /** Rejects every waiter (the runtime stopped). */
    rejectAll(message: string): void {
      for (const waiter of waiters) {
        clearTimeout(waiter.timer);
        waiter.reject(new Error(message));
      }
      waiters.clear();
    },
  };
};

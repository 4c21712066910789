// Rebuild (DESIGN.md §4): replay the whole log into fresh tables in a build schema with large batches,
// then swap them in. A killed rebuild resumes from the build's own checkpoint when run again. The one
// implementation behind `npm run rebuild`, a version change at start and the operators' `rebuild`
// control (projections/runtime/live-rebuilds.ts), which holds its live follower around the swap.
import type { SqlConnection } from '../../eventstore/sql-database.js';
import type { Checkpoint, EventStore } from '../../eventstore/types.js';
import { createLockHolder, type LockHolder } from '../runtime/advisory-lock.js';
import { ensureRuntimeTables, readCheckpointRow } from '../runtime/bookkeeping.js';
import { HandlerError, ProjectorFailedError, RebuildInProgressError, isTransient } from '../runtime/errors.js';
import { applyBatch } from '../runtime/isolate-failure.js';
import { buildSchemaFor } from '../runtime/migrate.js';
import { byName } from '../runtime/set-wise.js';
import type { Projector } from '../types.js';
import { openBuild, saveBuildState, swapIn } from './build-schema.js';

export interface RebuildProgress {
  projector: string;
  phase: 'building' | 'swapped';
  /** Events read so far (all types, handled or not), including those of a resumed build. */
  done: number;
  /** done + events still to read when last counted; grows if events arrive during the rebuild. */
  total: number;
  /** Events read by this run (excludes a resumed build's earlier progress), for rates. */
  doneThisRun: number;
  startedAt: number;
  resumed: boolean;
}

export interface RebuildProjectorOptions {
  sql: SqlConnection;
  store: EventStore;
  projector: Projector;
  /** Events per transaction; large batches make set-wise writes pay off. Default 5000. */
  batchSize?: number;
  onProgress?: (progress: RebuildProgress) => void;
  /** Stops between batches; the build stays and a later run resumes it. */
  signal?: AbortSignal;
  /**
   * Runs the last catch-up and the swap while the live follower of this read model commits nothing (a
   * rebuild inside the process that follows the log holds its follower between two batches). Without
   * it the swap still never loses an event the live tables hold (it checks the row under lock and
   * builds on when the live follower got ahead), but it may have to try again.
   */
  holdLive?: <T>(task: () => Promise<T>) => Promise<T>;
  /** The holder of the rebuild's advisory lock (the runtime's own); a connection of its own otherwise. */
  locks?: LockHolder;
}

export type RebuildOutcome =
  | {
      projector: string;
      status: 'swapped';
      checkpoint: Checkpoint | null;
      /** Events in the read model's build, including a resumed build's earlier progress. */
      events: number;
      /** Events this run read (for rates). */
      eventsThisRun: number;
      ms: number;
      resumed: boolean;
    }
  | { projector: string; status: 'aborted' };

export const rebuildProjector = async (options: RebuildProjectorOptions): Promise<RebuildOutcome> => {
  const { sql, store, projector, onProgress, signal } = options;
  const db = byName(sql.handle);
  const batchSize = options.batchSize ?? 5000;
  const holdLive = options.holdLive ?? (<T>(task: () => Promise<T>) => task());
  await ensureRuntimeTables(db);
  const locks = options.locks ?? (await createLockHolder(sql));
  let locked = false;
  try {
    if (!(await locks.tryAcquire('rebuild', projector.name))) {
      throw new RebuildInProgressError(projector.name);
    }
    locked = true;
    const build = buildSchemaFor(projector);
    const opened = await openBuild(db, projector, build);
    const startedAt = Date.now();
    const handles = new Set(projector.handles);
    let after = opened.checkpoint;
    let done = opened.eventsDone;
    let total = done + (await store.countAfter(after));
    const progress = (phase: RebuildProgress['phase']) =>
      onProgress?.({ projector: projector.name, phase, done, total: Math.max(total, done), doneThisRun: done - opened.eventsDone, startedAt, resumed: opened.resumed });
    progress('building');

    const compare = (a: Checkpoint | null, b: Checkpoint | null) => store.compareCheckpoints(a, b);
    /**
     * Applies the log to the build: up to `reach` when given, else until a read comes back short of a
     * batch (the end of the log as it stood then: under steady writes a read may never come back empty).
     * False when aborted.
     */
    const buildOn = async (reach?: Checkpoint | null): Promise<boolean> => {
      // The next batch is read while this one is written: on PostgreSQL the two overlap.
      const read = (from: Checkpoint | null) => {
        const batch = store.readAll({ after: from, limit: batchSize });
        batch.catch(() => {}); // observed when awaited; never an unhandled rejection
        return batch;
      };
      if (reach !== undefined && compare(after, reach) >= 0) return true;
      let next = read(after);
      for (;;) {
        const events = await next;
        if (signal?.aborted) return false;
        if (events.length === 0) return true;
        const reached = reach === undefined ? events.length < batchSize : compare(events[events.length - 1]!.checkpoint, reach) >= 0;
        if (!reached) next = read(events[events.length - 1]!.checkpoint);
        const outcome = await applyBatch(events, handles, async (slice, handled) => {
          const last = slice[slice.length - 1]!;
          await db.transaction().execute(async (trx) => {
            if (handled.length > 0) {
              try {
                await projector.apply(trx.withSchema(build), handled);
              } catch (error) {
                throw isTransient(error) ? error : new HandlerError(projector.name, error);
              }
            }
            await saveBuildState(trx, build, { checkpoint: last.checkpoint, eventsDone: done + slice.length });
          });
          after = last.checkpoint;
          done += slice.length;
        });
        if (!outcome.ok) throw new ProjectorFailedError(projector.name, outcome.event, outcome.error);
        if (done > total) total = done + (await store.countAfter(after));
        progress('building');
        if (reached) return true;
        // PGlite answers in microtasks alone: without a turn of the event loop between batches, a
        // rebuild inside the app would hold every member's request until it is done.
        await new Promise((resolve) => setImmediate(resolve));
      }
    };

    // The bulk of the log is built while the live follower goes on writing the old tables. Then, with
    // the live follower held (holdLive), the build is brought to where the live tables stand and
    // swapped in; swapIn checks that again under lock, and a live follower that got ahead meanwhile
    // (one not held: another process's) makes the build go on and the swap try again.
    if (!(await buildOn())) return { projector: projector.name, status: 'aborted' };
    for (;;) {
      const swapped = await holdLive(async () => {
        const row = await readCheckpointRow(db, projector.name);
        // A row at another version stands for other tables (a version change): nothing to reach.
        const live = row && row.version === projector.version ? row.checkpoint : null;
        if (!(await buildOn(live))) return 'aborted';
        return swapIn(db, projector, build, after, compare);
      });
      if (swapped === 'aborted') return { projector: projector.name, status: 'aborted' };
      if (swapped === 'swapped') break;
    }
    progress('swapped');
    return {
      projector: projector.name,
      status: 'swapped',
      checkpoint: after,
      events: done,
      eventsThisRun: done - opened.eventsDone,
      ms: Date.now() - startedAt,
      resumed: opened.resumed,
    };
  } finally {
    if (options.locks) {
      if (locked) await options.locks.release('rebuild', projector.name).catch(() => {});
    } else {
      await locks.close();
    }
  }
};

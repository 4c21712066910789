// Rebuild (DESIGN.md §4): replay the whole log into fresh tables in a build schema with large batches,
// then swap them in. A killed rebuild resumes from the build's own checkpoint when run again.
import type { SqlConnection } from '../../eventstore/sql-database.js';
import type { Checkpoint, EventStore } from '../../eventstore/types.js';
import { createLockHolder } from '../runtime/advisory-lock.js';
import { ensureRuntimeTables } from '../runtime/bookkeeping.js';
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
  await ensureRuntimeTables(db);
  const locks = await createLockHolder(sql);
  try {
    if (!(await locks.tryAcquire('rebuild', projector.name))) {
      throw new RebuildInProgressError(projector.name);
    }
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

    // The next batch is read while this one is written: on PostgreSQL the two overlap.
    const read = (from: Checkpoint | null) => {
      const batch = store.readAll({ after: from, limit: batchSize });
      batch.catch(() => {}); // observed when awaited; never an unhandled rejection
      return batch;
    };
    let next = read(after);
    for (;;) {
      const events = await next;
      if (signal?.aborted) return { projector: projector.name, status: 'aborted' };
      if (events.length === 0) break;
      next = read(events[events.length - 1]!.checkpoint);
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
    }

    await swapIn(db, projector, build, after);
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
    await locks.close();
  }
};

// The operators' `rebuild` of a running read model (DESIGN.md §13): its tables are built afresh from the
// log in a build schema by the one rebuild there is (projections/rebuild/, as `npm run rebuild` and a
// version change), while its live follower goes on writing the old tables, so members read their own
// writes there throughout and waitFor never waits for the build. The last events and the swap run
// between two batches of that follower (LogFollower.betweenBatches), which then goes on from the new
// tables' position: at the swap no event the old tables showed is missing from the new ones.
import type { SqlConnection } from '../../eventstore/sql-database.js';
import type { EventStore } from '../../eventstore/types.js';
import { rebuildProjector } from '../rebuild/rebuild-projector.js';
import type { Projector } from '../types.js';
import type { LockHolder } from './advisory-lock.js';
import { describeError } from './errors.js';
import {
  FollowerControlError,
  type FollowerRebuildRequest,
  type FollowerState,
  type RebuildFailure,
  type RebuildRequester,
  type RebuildResult,
  type RebuildStarted,
} from './follower-operations.js';
import type { LogFollower } from './log-follower.js';
import type { RuntimeLogger } from './logger.js';

export interface LiveRebuildsContext {
  sql: SqlConnection;
  store: EventStore;
  logger: RuntimeLogger;
  /** Events per build transaction. On PGlite each one holds the only connection, members' requests included. */
  batchSize: number;
  /** The runtime's lock holder: the rebuild's advisory lock rides on its connection instead of taking another. */
  locks: () => LockHolder | null;
  /** The follower of this read model now (the stall watch or a lost lock connection may have replaced it). */
  followerOf: (name: string) => LogFollower | undefined;
  /** Records who asked for a rebuild before it begins (the composition root wires the command); else it is only logged. */
  recordRebuild: ((request: FollowerRebuildRequest) => Promise<void>) | undefined;
}

/** A follower in these states follows the log here, so it can hold still for the swap. */
const FOLLOWING: readonly FollowerState[] = ['catching-up', 'live', 'paused'];

interface Running {
  abort: AbortController;
  progress: { done: number; total: number };
  finished: Promise<RebuildResult>;
}

export const createLiveRebuilds = (ctx: LiveRebuildsContext) => {
  const running = new Map<string, Running>();
  /** The last rebuild of a read model failed: kept until another begins, for status(). */
  const failures = new Map<string, RebuildFailure>();

  const holdLive =
    (name: string) =>
    <T>(task: () => Promise<T>): Promise<T> => {
      const follower = ctx.followerOf(name);
      if (!follower) return Promise.reject(new FollowerControlError('CONFLICT', `${name} has no follower here any more`));
      return follower.betweenBatches(task);
    };

  const run = async (projector: Projector, entry: Running, locks: LockHolder, by: RebuildRequester | undefined): Promise<RebuildResult> => {
    try {
      const outcome = await rebuildProjector({
        sql: ctx.sql,
        store: ctx.store,
        projector,
        batchSize: ctx.batchSize,
        signal: entry.abort.signal,
        locks,
        holdLive: holdLive(projector.name),
        onProgress: (p) => (entry.progress = { done: p.done, total: p.total }),
      });
      if (outcome.status === 'aborted') return { status: 'stopped' };
      ctx.logger.info({ projector: projector.name, events: outcome.events, ms: outcome.ms }, 'read model rebuilt and swapped in');
      return { status: 'swapped', checkpoint: outcome.checkpoint, events: outcome.events, ms: outcome.ms };
    } catch (error) {
      // The live tables are untouched and their follower goes on; the build stays for the next attempt.
      ctx.logger.error({ err: error, projector: projector.name }, 'rebuild failed; the read model keeps its tables');
      const failed = describeError(error);
      failures.set(projector.name, { error: failed, failedAt: new Date().toISOString(), by: by?.actorId ?? null });
      return { status: 'failed', error: failed };
    } finally {
      await locks.release('rebuild', projector.name).catch(() => {});
    }
  };

  return {
    /** The build's progress while `rebuild` runs for this read model; null otherwise. */
    progressOf(name: string): { done: number; total: number } | null {
      return running.get(name)?.progress ?? null;
    },

    /** How the last rebuild of this read model failed, while no later one began; null otherwise. */
    failureOf(name: string): RebuildFailure | null {
      return failures.get(name) ?? null;
    },

    async start(follower: LogFollower, projector: Projector, by?: RebuildRequester): Promise<RebuildStarted> {
      if (running.has(projector.name)) throw new FollowerControlError('CONFLICT', `A rebuild of ${projector.name} is already running`);
      if (!FOLLOWING.includes(follower.state))
        throw new FollowerControlError('CONFLICT', `${projector.name} does not follow the log here (it is ${follower.state}); its tables cannot be rebuilt beside it`);
      const locks = ctx.locks();
      if (!locks) throw new FollowerControlError('CONFLICT', 'The projection runtime is not running');
      // Claimed before the first await, so a second call in the meantime is refused above.
      const entry: Running = { abort: new AbortController(), progress: { done: 0, total: 0 }, finished: Promise.resolve({ status: 'stopped' }) };
      running.set(projector.name, entry);
      let held = false;
      try {
        // Held here first (advisory locks stack within a session; rebuildProjector takes it again) so a
        // rebuild in another process refuses this call rather than failing it later.
        held = await locks.tryAcquire('rebuild', projector.name);
        if (!held) throw new FollowerControlError('CONFLICT', `A rebuild of ${projector.name} is already running in another process`);
        // Recorded before any table is touched, as a skip is: no rebuild the audit does not see.
        const request = { projection: projector.name, version: projector.version, reason: by?.reason ?? null, actorId: by?.actorId ?? null };
        await ctx.recordRebuild?.(request);
      } catch (error) {
        running.delete(projector.name);
        if (held) await locks.release('rebuild', projector.name).catch(() => {});
        throw error;
      }
      failures.delete(projector.name);
      ctx.logger.info({ projector: projector.name, version: projector.version, actorId: by?.actorId ?? null }, 'rebuilding read model beside its live follower');
      entry.finished = run(projector, entry, locks, by).finally(() => running.delete(projector.name));
      return { finished: entry.finished };
    },

    /** Stops every rebuild between two batches (the builds stay, to be resumed) and waits for them. */
    async stopAll(): Promise<void> {
      const all = [...running.values()];
      for (const entry of all) entry.abort.abort();
      await Promise.all(all.map((entry) => entry.finished));
    },
  };
};

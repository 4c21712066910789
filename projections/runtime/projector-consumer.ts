// The projector as a consumer of the log follower: before following, its tables are migrated or
// rebuilt (a version change); each batch becomes rows and notices written with the checkpoint
// (commit-batch.ts).
import type { SqlConnection } from '../../eventstore/sql-database.js';
import type { EventStore } from '../../eventstore/types.js';
import { rebuildProjector } from '../rebuild/rebuild-projector.js';
import { byName } from './set-wise.js';
import type { Projector } from '../types.js';
import { commitBatch } from './commit-batch.js';
import { ProjectorFailedError, RebuildInProgressError } from './errors.js';
import type { FollowerConsumer, PrepareHooks } from './log-follower.js';
import { prepareProjector } from './prepare-projector.js';
import { RowCache } from './row-cache.js';
import { sleep } from './wake-signal.js';

export interface ProjectorConsumerContext {
  sql: SqlConnection;
  store: EventStore;
  rebuildBatchSize: number;
  standbyRetryMs: number;
  logger: { info(obj: object, msg: string): void };
}

export const projectorConsumer = (ctx: ProjectorConsumerContext, projector: Projector): FollowerConsumer => {
  // Per runtime: two servers of one process (tests) follow different databases with the same projector.
  const cache = new RowCache();
  const rebuild = async (hooks: PrepareHooks): Promise<'swapped' | 'stopped' | 'failed' | 'elsewhere'> => {
    hooks.setState('rebuilding');
    ctx.logger.info({ projector: projector.name, version: projector.version }, 'rebuilding read model');
    try {
      const outcome = await rebuildProjector({
        sql: ctx.sql,
        store: ctx.store,
        projector,
        batchSize: ctx.rebuildBatchSize,
        signal: hooks.signal,
        onProgress: (p) => hooks.setProgress({ done: p.done, total: p.total }),
      });
      hooks.setProgress(null);
      return outcome.status === 'swapped' ? 'swapped' : 'stopped';
    } catch (error) {
      if (error instanceof RebuildInProgressError) return 'elsewhere';
      if (!(error instanceof ProjectorFailedError)) throw error;
      await hooks.fail(error.event, error.cause);
      return 'failed';
    }
  };

  return {
    kind: 'projector',
    name: projector.name,
    version: projector.version,
    rowName: projector.name,
    lockKind: 'projector',
    handles: new Set(projector.handles),
    gathers: projector.consistency === 'eventual',
    async prepare(hooks) {
      for (;;) {
        const { needsRebuild, failure } = await prepareProjector(ctx.sql.handle, projector);
        hooks.ready();
        if (!needsRebuild) return { outcome: 'ready', failure };
        // A rebuild runs in the background: until it swaps in, the previous tables keep serving.
        const rebuilt = await rebuild(hooks);
        if (rebuilt === 'swapped') continue;
        if (rebuilt === 'stopped' || rebuilt === 'failed') return { outcome: rebuilt };
        // Someone else (npm run rebuild) is building it: look again once they may be done.
        await sleep(ctx.standbyRetryMs, hooks.signal);
        if (hooks.signal.aborted) return { outcome: 'stopped' };
      }
    },
    commit: (handled, move, mayDefer) => commitBatch(byName(ctx.sql.handle), projector, handled, move, mayDefer, cache),
  };
};

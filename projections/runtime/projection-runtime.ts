// The projection runtime (DESIGN.md §4): one worker per projector, woken by the store's append hint
// with a polling fallback; waitFor gives the API read-your-writes without polling.
import type { SqlConnection } from '../../eventstore/sql-database.js';
import type { Checkpoint, EventStore } from '../../eventstore/types.js';
import type { Projector } from '../types.js';
import { createLockHolder, type LockHolder } from './advisory-lock.js';
import { ensureRuntimeTables, type ProjectorFailure } from './bookkeeping.js';
import { stderrLogger, type RuntimeLogger } from './logger.js';
import { ProjectorWorker, type ProjectorState } from './projector-worker.js';
import { ReactorWorker, type LogReactor, type ReactorState } from './reactor-worker.js';
import { createSharedLogReader, type SharedLogReader } from './shared-log-reader.js';
import { createWaiters, type ProjectorPosition } from './waiters.js';

export interface ProjectionRuntimeOptions {
  sql: SqlConnection;
  store: EventStore;
  projectors: readonly Projector[];
  /** Followers of the log that turn events into commands on other streams (reactor-worker.ts). */
  reactors?: readonly LogReactor[];
  logger?: RuntimeLogger;
  /** Events per transaction while following the log. Default 1000. */
  batchSize?: number;
  /** Events per transaction when a version change rebuilds a read model. Default 5000. */
  rebuildBatchSize?: number;
  /** Polling fallback when no append hint arrives. Default 1000 ms. */
  pollIntervalMs?: number;
  /** How often a standby retries the lock another process holds. Default 2000 ms. */
  standbyRetryMs?: number;
  /** How long a position reached by batches that wrote nothing may stay unwritten while busy. Default 1000 ms. */
  lazyCheckpointMs?: number;
  /** Called after each committed batch (metrics, progress output of tools). */
  onBatch?: (batch: { projector: string; checkpoint: Checkpoint; events: number }) => void;
}

export interface ProjectorStatus {
  kind: 'projector' | 'reactor';
  name: string;
  version: number;
  status: ProjectorState | ReactorState;
  checkpoint: Checkpoint | null;
  /** Events in the log after the checkpoint; null when unknown (not started, or the count failed). */
  lag: number | null;
  failure: ProjectorFailure | null;
  /** Present while a version change rebuilds the read model. */
  rebuild: { done: number; total: number } | null;
}

export interface ProjectionRuntime {
  /** Resolves once every read model's tables exist (catch-up and any rebuild go on in the background). */
  start(): Promise<void>;
  stop(): Promise<void>;
  /**
   * Resolves once every running projector has passed `checkpoint` (failed and standby projectors are
   * not waited for). Rejects with WaitForTimeoutError after timeoutMs (default 5000).
   */
  waitFor(checkpoint: Checkpoint, timeoutMs?: number): Promise<void>;
  status(): Promise<ProjectorStatus[]>;
}

export const createProjectionRuntime = (options: ProjectionRuntimeOptions): ProjectionRuntime => {
  const { sql, store, projectors } = options;
  const logger = options.logger ?? stderrLogger;
  const names = new Set<string>();
  for (const p of projectors) {
    if (names.has(p.name)) throw new Error(`Two projectors are named ${p.name}`);
    names.add(p.name);
  }
  const reactors = options.reactors ?? [];
  if (new Set(reactors.map((r) => r.name)).size !== reactors.length) throw new Error('Two reactors have the same name');
  let workers: ProjectorWorker[] = [];
  let reactorWorkers: ReactorWorker[] = [];
  let runs: Promise<void>[] = [];
  let locks: LockHolder | null = null;
  let unsubscribe: (() => void) | null = null;
  let phase: 'idle' | 'started' | 'stopped' = 'idle';
  /** Between losing the lock connection and the new workers' start: the stopped workers hold nothing back otherwise. */
  let restarting = 0;
  const positions = (): ProjectorPosition[] => workers.map((w) => ({ name: w.projector.name, state: restarting > 0 ? 'starting' : w.state, position: w.position }));
  const waiters = createWaiters(store, positions);

  const settleWaiters = () => waiters.settle();

  let readLog: SharedLogReader | null = null;
  const startWorkers = async (holder: LockHolder) => {
    readLog = createSharedLogReader(store);
    const ctx = {
      sql,
      store,
      readLog,
      locks: holder,
      logger,
      batchSize: options.batchSize ?? 1000,
      rebuildBatchSize: options.rebuildBatchSize ?? 5000,
      pollIntervalMs: options.pollIntervalMs ?? 1000,
      standbyRetryMs: options.standbyRetryMs ?? 2000,
      lazyCheckpointMs: options.lazyCheckpointMs ?? 1000,
      onChange: settleWaiters,
      onBatch: options.onBatch ?? (() => {}),
    };
    workers = projectors.map((p) => new ProjectorWorker(ctx, p));
    // Read-your-writes waits for the projectors only: a reactor's commands are writes of their own.
    reactorWorkers = reactors.map((r) => new ReactorWorker(ctx, r));
    runs = [...workers.map((w) => w.run()), ...reactorWorkers.map((w) => w.run())];
    await Promise.all(workers.map((w) => w.ready));
  };

  // Losing the lock connection means another process may now own our projectors: step down and
  // start over as candidates (standby until the locks are free again).
  const onLocksLost = () => {
    if (phase !== 'started') return;
    logger.error({}, 'lost the connection that holds the projector locks; restarting the projectors');
    // A write's waitFor (read-your-writes) must wait for the restarted projectors, not pass the stopped
    // ones by: its route would read a read model without the write (a 404 for a post just created).
    restarting += 1;
    void (async () => {
      for (const w of [...workers, ...reactorWorkers]) w.stop();
      await Promise.all(runs);
      await locks?.close().catch(() => {});
      // The database may be down for a while: keep trying until it answers or we are stopped.
      while (phase === 'started') {
        try {
          locks = await createLockHolder(sql);
          break;
        } catch (error) {
          logger.warn({ err: error }, 'cannot reconnect for the projector locks yet; retrying');
          await new Promise((resolve) => setTimeout(resolve, 2000));
        }
      }
      if (phase !== 'started' || !locks) return;
      locks.onLost(onLocksLost);
      await startWorkers(locks);
    })()
      .catch((error: unknown) => logger.error({ err: error }, 'could not restart the projectors'))
      .finally(() => {
        restarting -= 1;
        settleWaiters();
      });
  };

  return {
    async start() {
      if (phase !== 'idle') throw new Error('A projection runtime starts once');
      phase = 'started';
      await ensureRuntimeTables(sql.handle);
      locks = await createLockHolder(sql);
      locks.onLost(onLocksLost);
      unsubscribe = store.onAppended(() => {
        readLog?.appended();
        for (const w of workers) w.wake();
        for (const w of reactorWorkers) w.wake();
      });
      await startWorkers(locks);
    },

    async stop() {
      if (phase !== 'started') {
        phase = 'stopped';
        return;
      }
      phase = 'stopped';
      unsubscribe?.();
      for (const w of [...workers, ...reactorWorkers]) w.stop();
      await Promise.all(runs);
      await locks?.close();
      waiters.rejectAll('The projection runtime stopped before the read models caught up');
    },

    waitFor(checkpoint, timeoutMs = 5000) {
      if (phase !== 'started') return Promise.reject(new Error('The projection runtime is not running'));
      return waiters.waitFor(checkpoint, timeoutMs);
    },

    async status() {
      const statuses: ProjectorStatus[] = [];
      for (const w of workers) {
        let lag: number | null = null;
        if (w.state !== 'starting' && w.state !== 'standby' && w.state !== 'rebuilding') {
          lag = await store.countAfter(w.position).catch(() => null);
        }
        statuses.push({
          kind: 'projector',
          name: w.projector.name,
          version: w.projector.version,
          status: w.state,
          checkpoint: w.position,
          lag,
          failure: w.failure,
          rebuild: w.rebuildProgress,
        });
      }
      for (const w of reactorWorkers) {
        const lag = w.state === 'catching-up' || w.state === 'live' || w.state === 'failed' ? await store.countAfter(w.position).catch(() => null) : null;
        statuses.push({ kind: 'reactor', name: w.reactor.name, version: 1, status: w.state, checkpoint: w.position, lag, failure: w.failure, rebuild: null });
      }
      return statuses;
    },
  };
};

// The projection runtime (DESIGN.md §4, §13): one log follower per projector and reactor, woken by the
// store's append hint with a polling fallback, watched for stalls; waitFor gives the API read-your-writes
// without polling, and the operations controls reach each follower (follower-controls.ts: here, or in
// the process holding its lock when this one stands by for it).
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { SqlConnection } from '../../eventstore/sql-database.js';
import type { Checkpoint, EventStore } from '../../eventstore/types.js';
import type { Projector } from '../types.js';
import { createLockHolder, type LockHolder } from './advisory-lock.js';
import { ensureRuntimeTables } from './bookkeeping.js';
import { createFollowerControls } from './follower-controls.js';
import type { FollowerOperations, FollowerRebuildRequest, FollowerSkip, FollowerState, FollowerStatus } from './follower-operations.js';
import { LogFollower, type FollowerConsumer, type FollowerFailureReport } from './log-follower.js';
import { createLiveRebuilds } from './live-rebuilds.js';
import { stderrLogger, type RuntimeLogger } from './logger.js';
import { projectorConsumer } from './projector-consumer.js';
import { reactorConsumer, type LogReactor } from './reactor-consumer.js';
import { createSharedLogReader, type SharedLogReader } from './shared-log-reader.js';
import { createStallWatch } from './stall-watch.js';
import { createWaiters, type ProjectorPosition } from './waiters.js';

export type { FollowerRebuildRequest, FollowerSkip } from './follower-operations.js';
export type { FollowerFailureReport } from './log-follower.js';

export interface ProjectionRuntimeOptions {
  sql: SqlConnection;
  store: EventStore;
  projectors: readonly Projector[];
  /** Followers of the log that turn events into commands on other streams (reactor-consumer.ts). */
  reactors?: readonly LogReactor[];
  logger?: RuntimeLogger;
  /** Events per transaction while following the log. Default 1000. */
  batchSize?: number;
  /** Events per transaction when a version change rebuilds a read model. Default 5000. */
  rebuildBatchSize?: number;
  /**
   * Events per transaction of the `rebuild` control, which runs while members use the app: on PGlite
   * each transaction holds the only connection and the event loop, so it is smaller. Default 1000.
   */
  liveRebuildBatchSize?: number;
  /** Polling fallback when no append hint arrives. Default 1000 ms. */
  pollIntervalMs?: number;
  /**
   * How long the followers no member waits for (eventual read models, the ledger check) let a batch gather
   * after one that did not fill. Default 250 ms: admin screens still move within a second.
   */
  eventualGatherMs?: number;
  /** How often a standby retries the lock another process holds. Default 2000 ms. */
  standbyRetryMs?: number;
  /** How long a position reached by batches that wrote nothing may stay unwritten while busy. Default 1000 ms. */
  lazyCheckpointMs?: number;
  /** A follower without a heartbeat this long while events wait is stalled: woken, then restarted. Default 10,000 ms. */
  stallAfterMs?: number;
  /** Records a skip before the follower moves past the event (the composition root wires the command). */
  recordSkip?: (skip: FollowerSkip) => Promise<void>;
  /** Records who asked for a `rebuild`, and why, before it begins (the composition root wires the command); else only logged. */
  recordRebuild?: (request: FollowerRebuildRequest) => Promise<void>;
  /**
   * How long a control asked of the process holding a follower waits for its outcome (PostgreSQL, a
   * runtime standing by for that follower). Default 10,000 ms.
   */
  controlTimeoutMs?: number;
  /** How often the holder publishes a rebuild's progress for the other processes' status (PostgreSQL). Default 1000 ms. */
  publishIntervalMs?: number;
  /** Called after each committed batch (metrics, progress output of tools). */
  onBatch?: (batch: { projector: string; checkpoint: Checkpoint; events: number }) => void;
  /** Called when a handler's throw stops a projector or reactor (the error monitor, decision 330). */
  onFailure?: (failure: FollowerFailureReport) => void;
}

/** Kept for the API's view (api/deps.ts): one follower's status. */
export type ProjectorStatus = FollowerStatus;

export interface ProjectionRuntime extends FollowerOperations {
  /** Resolves once every read model's tables exist (catch-up and any rebuild go on in the background). */
  start(): Promise<void>;
  stop(): Promise<void>;
  /**
   * Resolves once every interactive read model that follows the log has passed `checkpoint` (failed,
   * paused, rebuilding, standby and eventual ones are not waited for). A read model rebuilt by the
   * `rebuild` control is waited for through its live follower, which still writes the tables members
   * read. With `touched` (the write's event types) only the read models handling one of them are waited
   * for. Rejects with WaitForTimeoutError after timeoutMs (default 5000).
   */
  waitFor(checkpoint: Checkpoint, timeoutMs?: number, touched?: readonly string[]): Promise<void>;
  /**
   * The read models whose new version builds beside the old tables here (a version change at start,
   * or tables gone missing), with the rebuild's progress ({0, 0} until first counted). From the
   * followers' memory, no query: the API asks on every answer of a route that reads one. A runtime
   * standing by for another process (PostgreSQL) answers what that holder published, read every
   * `publishIntervalMs` while it stands by (standby-rebuilds.ts). The `rebuild` control at the same
   * version is not in it: its live follower still writes the tables members read.
   */
  rebuilding(): ReadonlyMap<string, { done: number; total: number }>;
}

const noneRebuilding: ReadonlyMap<string, { done: number; total: number }> = new Map();

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
  const consistencyOf = new Map(projectors.map((p) => [p.name, p.consistency ?? 'interactive'] as const));
  const handlesOf = new Map(projectors.map((p) => [p.name, new Set(p.handles)] as const));
  const rebuildBatchSize = options.rebuildBatchSize ?? 5000;
  // Names this runtime on the rows of the followers it holds, and on the controls it asks for.
  const runtimeId = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  const consumers: FollowerConsumer[] = [
    ...projectors.map((p) => projectorConsumer({ sql, store, logger, rebuildBatchSize, standbyRetryMs: options.standbyRetryMs ?? 2000 }, p)),
    ...reactors.map((r) => reactorConsumer({ sql, store }, r)),
  ];
  let followers: LogFollower[] = [];
  const runs = new Map<LogFollower, Promise<void>>();
  let locks: LockHolder | null = null;
  let unsubscribe: (() => void) | null = null;
  let phase: 'idle' | 'started' | 'stopped' = 'idle';
  /** Between losing the lock connection and the new followers' start: the stopped ones hold nothing back otherwise. */
  let restarting = 0;
  // Read-your-writes waits for the projectors only: a reactor's commands are writes of their own.
  const positions = (): ProjectorPosition[] =>
    followers
      .filter((f) => f.consumer.kind === 'projector')
      .map((f) => ({
        name: f.name,
        state: restarting > 0 ? 'starting' : f.state,
        position: f.position,
        consistency: consistencyOf.get(f.name) ?? 'interactive',
        handles: handlesOf.get(f.name),
      }));
  const waiters = createWaiters(store, positions);
  const settleWaiters = () => waiters.settle();

  let readLog: SharedLogReader | null = null;
  const followerContext = (holder: LockHolder) => ({
    sql,
    readLog: readLog!,
    locks: holder,
    logger,
    batchSize: options.batchSize ?? 1000,
    pollIntervalMs: options.pollIntervalMs ?? 1000,
    gatherMs: options.eventualGatherMs ?? 250,
    standbyRetryMs: options.standbyRetryMs ?? 2000,
    lazyCheckpointMs: options.lazyCheckpointMs ?? 1000,
    onChange: settleWaiters,
    onStateChange: (follower: LogFollower, from: FollowerState) => controls.stateChanged(follower, from),
    onBatch: options.onBatch ?? (() => {}),
    onFailure: options.onFailure ?? (() => {}),
  });
  const launch = (follower: LogFollower) => {
    runs.set(
      follower,
      follower.run().finally(() => runs.delete(follower)),
    );
    return follower;
  };
  const startFollowers = async (holder: LockHolder) => {
    readLog = createSharedLogReader(store);
    followers = consumers.map((c) => launch(new LogFollower(followerContext(holder), c)));
    await Promise.all(followers.filter((f) => f.consumer.kind === 'projector').map((f) => f.ready));
  };

  // The watchdog's last resort: a follower that does not answer a wake is replaced by a new one on the same consumer.
  const restartFollower = (stuck: LogFollower) => {
    // While the lock connection is being replaced every follower is restarted anyway, on the new one.
    if (phase !== 'started' || restarting > 0 || !locks || !followers.includes(stuck)) return;
    logger.error({ follower: stuck.name, state: stuck.state }, 'follower stalled while events wait; restarting it');
    const wasPaused = stuck.isPaused;
    stuck.stop();
    // Its run may never settle: stop() must not wait for it.
    runs.delete(stuck);
    const fresh = new LogFollower(followerContext(locks), stuck.consumer);
    // Its heartbeat goes on from the stuck one's, so health keeps naming it until it really reads the log.
    fresh.heartbeatAt = stuck.heartbeatAt;
    if (wasPaused) fresh.pause();
    followers = followers.map((f) => (f === stuck ? fresh : f));
    // The stuck run may never settle (a query on a dead connection): it is not awaited before the new one starts.
    launch(fresh);
    settleWaiters();
  };
  const liveRebuilds = createLiveRebuilds({
    sql,
    store,
    logger,
    batchSize: options.liveRebuildBatchSize ?? 1000,
    locks: () => (phase === 'started' ? locks : null),
    followerOf: (name) => followers.find((f) => f.consumer.kind === 'projector' && f.name === name),
    recordRebuild: options.recordRebuild,
  });
  const stallWatch = createStallWatch({ store, followers: () => followers, stallAfterMs: options.stallAfterMs ?? 10_000, restart: restartFollower, logger });

  // Losing the lock connection means another process may now own our followers: step down and
  // start over as candidates (standby until the locks are free again).
  const onLocksLost = () => {
    if (phase !== 'started') return;
    logger.error({}, 'lost the connection that holds the projector locks; restarting the followers');
    // A write's waitFor (read-your-writes) must wait for the restarted projectors, not pass the stopped
    // ones by: its route would read a read model without the write (a 404 for a post just created).
    restarting += 1;
    void (async () => {
      const stopping = [...runs.values()];
      for (const f of followers) f.stop();
      await Promise.all(stopping);
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
      const paused = new Set(followers.filter((f) => f.isPaused).map((f) => f.consumer));
      await startFollowers(locks);
      for (const f of followers) if (paused.has(f.consumer)) f.pause();
    })()
      .catch((error: unknown) => logger.error({ err: error }, 'could not restart the followers'))
      .finally(() => {
        restarting -= 1;
        settleWaiters();
      });
  };

  const controls = createFollowerControls({
    sql,
    store,
    logger,
    runtimeId,
    projectors,
    followers: () => followers,
    running: () => phase === 'started',
    settleWaiters,
    liveRebuilds,
    stallWatch,
    consistencyOf: (name) => consistencyOf.get(name) ?? 'interactive',
    recordSkip: options.recordSkip,
    controlTimeoutMs: options.controlTimeoutMs ?? 10_000,
    publishIntervalMs: options.publishIntervalMs ?? 1000,
  });

  return {
    async start() {
      if (phase !== 'idle') throw new Error('A projection runtime starts once');
      phase = 'started';
      await ensureRuntimeTables(sql.handle);
      locks = await createLockHolder(sql);
      locks.onLost(onLocksLost);
      unsubscribe = store.onAppended(() => {
        readLog?.appended();
        for (const f of followers) f.wake();
      });
      // Listening before any follower takes its lock, so no control asked of it goes unheard.
      await controls.start();
      await startFollowers(locks);
      stallWatch.start();
    },

    async stop() {
      if (phase !== 'started') {
        phase = 'stopped';
        return;
      }
      phase = 'stopped';
      // Rebuilds stop first, between two batches: the followers they hold still for must be there until then.
      await liveRebuilds.stopAll();
      stallWatch.stop();
      unsubscribe?.();
      const stopping = [...runs.values()];
      for (const f of followers) f.stop();
      await Promise.all(stopping);
      await controls.stop();
      await locks?.close();
      waiters.rejectAll('The projection runtime stopped before the read models caught up');
    },

    waitFor(checkpoint, timeoutMs = 5000, touched) {
      if (phase !== 'started') return Promise.reject(new Error('The projection runtime is not running'));
      return waiters.waitFor(checkpoint, timeoutMs, touched ?? null);
    },

    status: controls.status,
    pause: controls.pause,
    resume: controls.resume,
    retry: controls.retry,
    skip: controls.skip,
    rebuild: controls.rebuild,

    rebuilding() {
      // Asked on every answer of a route that reads a read model: nothing is allocated while none rebuilds.
      let found: Map<string, { done: number; total: number }> | null = null;
      for (const f of followers) {
        if (f.consumer.kind !== 'projector') continue;
        if (f.state === 'rebuilding') (found ??= new Map()).set(f.name, f.rebuildProgress ?? { done: 0, total: 0 });
        else if (f.state === 'standby') {
          const elsewhere = controls.rebuildingElsewhere(f.consumer.rowName);
          if (elsewhere) (found ??= new Map()).set(f.name, elsewhere);
        }
      }
      return found ?? noneRebuilding;
    },
  };
};

// One projector's life: take its lock, migrate or rebuild, then catch up from its checkpoint and follow
// the log live. Each batch is applied with its checkpoint update and its NOTIFY in one transaction.
import type { Kysely } from 'kysely';
import type { SqlDatabase } from '../../eventstore/sql-database.js';
import type { Checkpoint, EventStore, RecordedEvent } from '../../eventstore/types.js';
import { rebuildProjector } from '../rebuild/rebuild-projector.js';
import { CHANGES_CHANNEL, chunkPayloads } from '../shared/notices.js';
import type { Projector } from '../types.js';
import type { LockHolder } from './advisory-lock.js';
import { collectingWrites, type CollectingWrites } from '../shared/set-wise.js';
import { moveCheckpointAndNotify, readCheckpointRow, recordFailure, type ProjectorFailure } from './bookkeeping.js';
import { CheckpointMovedError, HandlerError, ProjectorFailedError, RebuildInProgressError, VersionChangedError, describeError, isTransient } from './errors.js';
import { applyBatch } from './isolate-failure.js';
import type { RuntimeLogger } from './logger.js';
import { prepareProjector } from './prepare-projector.js';
import { createRuntimeMemory } from './projector-memory.js';
import type { ReadLog } from './shared-log-reader.js';
import { WakeSignal, sleep } from './wake-signal.js';

export type ProjectorState = 'starting' | 'standby' | 'rebuilding' | 'catching-up' | 'live' | 'failed' | 'stopped';

export interface WorkerContext {
  sql: SqlDatabase;
  store: EventStore;
  /** The log as the runtime's projectors share it (shared-log-reader.ts). */
  readLog: ReadLog;
  locks: LockHolder;
  logger: RuntimeLogger;
  batchSize: number;
  rebuildBatchSize: number;
  pollIntervalMs: number;
  standbyRetryMs: number;
  /** How long a position reached by batches that wrote nothing may stay unwritten. */
  lazyCheckpointMs: number;
  /** Called after every change of state or position, so waiters can be settled. */
  onChange: () => void;
  onBatch: (batch: { projector: string; checkpoint: Checkpoint; events: number }) => void;
}

const MIN_RECHECK_MS = 5;
const MAX_RECHECK_MS = 2_000;
/** Thrown to roll back a batch whose checkpoint row changed under it (see moveCheckpointAndNotify). */
const notMoved = new Error('checkpoint not moved');
/** An infrastructure hiccup is retried; anything else a projector's batch raises is its handler's bug. */
const asHandlerFailure = (projector: string, error: unknown): unknown => (isTransient(error) ? error : new HandlerError(projector, error));

export class ProjectorWorker {
  state: ProjectorState = 'starting';
  position: Checkpoint | null = null;
  /**
   * The checkpoint in the projector's row. A batch with no event this projector handles, or whose
   * one-statement apply writes nothing, moves only `position`, without a statement; the row catches up
   * with the next batch that writes, or once the projector is idle or `lazyCheckpointMs` have passed.
   * A restart re-reads those events, which change nothing: nothing was written since they were
   * applied, so they meet the same rows again.
   */
  private persisted: Checkpoint | null = null;
  private persistedAt = 0;
  failure: ProjectorFailure | null = null;
  rebuildProgress: { done: number; total: number } | null = null;
  private readonly handles: ReadonlySet<string>;
  private readonly memory = createRuntimeMemory();
  private readonly abort = new AbortController();
  private readonly wakeSignal = new WakeSignal(this.abort.signal);
  private readonly markReady: () => void;
  /** Settles once the tables can be queried: migrated here, or owned by the process we stand by for. */
  readonly ready: Promise<void>;

  constructor(
    private readonly ctx: WorkerContext,
    readonly projector: Projector,
  ) {
    this.handles = new Set(projector.handles);
    let markReady = () => {};
    this.ready = new Promise<void>((resolve) => (markReady = resolve));
    this.markReady = markReady;
  }

  get running(): boolean {
    return this.state === 'starting' || this.state === 'rebuilding' || this.state === 'catching-up' || this.state === 'live';
  }

  /** New events may be readable: end the current wait, or skip the next one. */
  wake(): void {
    this.wakeSignal.wake();
  }

  stop(): void {
    this.abort.abort();
    this.wake();
  }

  /** Takes the lock (waiting as a standby if another process holds it) and prepares the tables. */
  async acquire(): Promise<boolean> {
    const { locks, standbyRetryMs } = this.ctx;
    while (!this.abort.signal.aborted) {
      if (await locks.tryAcquire('projector', this.projector.name)) return true;
      this.setState('standby');
      this.markReady();
      await sleep(standbyRetryMs, this.abort.signal);
    }
    return false;
  }

  /** Runs until stopped or failed. Never rejects: problems are logged and shown in the state. */
  async run(): Promise<void> {
    try {
      if (!(await this.acquire())) return;
      for (;;) {
        const { needsRebuild, failure } = await prepareProjector(this.ctx.sql.db, this.projector);
        this.failure = failure;
        // A rebuild runs in the background: until it swaps in, the previous tables keep serving.
        this.markReady();
        if (!needsRebuild) break;
        const rebuilt = await this.rebuild();
        if (rebuilt === 'swapped') break;
        if (rebuilt === 'stopped') return;
        // Someone else (npm run rebuild) is building it: look again once they may be done.
        await sleep(this.ctx.standbyRetryMs, this.abort.signal);
        if (this.abort.signal.aborted) return;
      }
      await this.follow();
    } catch (error) {
      if (error instanceof VersionChangedError) {
        this.ctx.logger.warn({ projector: this.projector.name }, error.message);
        return;
      }
      this.ctx.logger.error({ err: error, projector: this.projector.name }, 'projector stopped unexpectedly');
      this.setState('failed');
    } finally {
      this.markReady();
      if (this.state !== 'failed') this.setState('stopped');
      await this.ctx.locks.release('projector', this.projector.name).catch(() => {});
    }
  }

  private async rebuild(): Promise<'swapped' | 'stopped' | 'elsewhere'> {
    this.setState('rebuilding');
    this.ctx.logger.info({ projector: this.projector.name, version: this.projector.version }, 'rebuilding read model');
    try {
      const outcome = await rebuildProjector({
        sql: this.ctx.sql,
        store: this.ctx.store,
        projector: this.projector,
        batchSize: this.ctx.rebuildBatchSize,
        signal: this.abort.signal,
        onProgress: (p) => {
          this.rebuildProgress = { done: p.done, total: p.total };
        },
      });
      this.rebuildProgress = null;
      return outcome.status === 'swapped' ? 'swapped' : 'stopped';
    } catch (error) {
      if (error instanceof RebuildInProgressError) return 'elsewhere';
      if (!(error instanceof ProjectorFailedError)) throw error;
      await this.fail(error.event, error.cause);
      return 'stopped';
    }
  }

  private async follow(): Promise<void> {
    const { readLog, batchSize, pollIntervalMs, logger } = this.ctx;
    const row = await readCheckpointRow(this.ctx.sql.db, this.projector.name);
    this.position = row?.checkpoint ?? null;
    this.persisted = this.position;
    this.persistedAt = Date.now();
    this.setState('catching-up');
    let retryMs = 250;
    // An append we were told about can stay invisible for a moment (the SQL store hides events behind
    // transactions still open anywhere on the server), so after a wake an empty read is retried soon,
    // backing off, before falling back to the slow poll.
    let recheckMs = 0;
    while (!this.abort.signal.aborted) {
      if (this.wakeSignal.take()) recheckMs = MIN_RECHECK_MS;
      try {
        const events = await readLog({ after: this.position, limit: batchSize });
        if (events.length === 0) {
          // Caught up. Under load a projector is caught up between most batches, so the position
          // reached is written here only once it is lazyCheckpointMs old, or before the long wait.
          const rechecking = recheckMs > 0 && recheckMs < pollIntervalMs;
          if (this.position !== this.persisted && (!rechecking || !this.mayDeferCheckpoint())) await this.commit([], []);
          this.setState('live');
          if (rechecking) {
            await this.wakeSignal.wait(recheckMs);
            recheckMs = recheckMs * 2 > MAX_RECHECK_MS ? 0 : recheckMs * 2;
          } else {
            recheckMs = 0;
            await this.wakeSignal.wait(pollIntervalMs);
          }
          continue;
        }
        const outcome = await applyBatch(events, this.handles, (slice, handled) => this.commit(slice, handled));
        if (!outcome.ok) {
          await this.fail(outcome.event, outcome.error);
          return;
        }
        retryMs = 250;
      } catch (error) {
        if (error instanceof VersionChangedError) throw error;
        if (error instanceof CheckpointMovedError) {
          logger.info({ projector: this.projector.name, checkpoint: error.actual }, 'checkpoint moved by a rebuild; following from there');
          this.position = error.actual;
          this.persisted = error.actual;
          this.memory.clear();
          continue;
        }
        // The log or the database is unavailable: nothing is lost by waiting, so wait and retry.
        logger.warn({ err: error, projector: this.projector.name, retryMs }, 'projector batch failed; retrying');
        await sleep(retryMs, this.abort.signal);
        retryMs = Math.min(retryMs * 2, 30_000);
      }
    }
    // Only a stop ends the loop (a failed projector returned above, its row kept before the bad event).
    await this.writeDeferredPosition();
  }

  /**
   * On stop, the position reached by batches that wrote nothing goes to the row before the lock is let
   * go: a restart would only re-read those events, but a caller that waited for this position (and
   * tools that compare checkpoints with the log's head) expects the row to say so once we stop.
   */
  private async writeDeferredPosition(): Promise<void> {
    if (this.position === this.persisted) return;
    try {
      await this.commit([], []);
    } catch (error) {
      // Lost the lock, or a rebuild moved the row: the owner of the row now says where it stands.
      this.ctx.logger.info({ err: error, projector: this.projector.name }, 'position reached not written on stop');
    }
  }

  /** Applies a batch with its checkpoint; `events` empty writes the position reached without a batch. */
  private async commit(events: RecordedEvent[], handled: RecordedEvent[]): Promise<void> {
    const { projector } = this;
    const reached = events.at(-1)?.checkpoint ?? this.position;
    if (reached === null) return;
    if (events.length > 0 && handled.length === 0 && this.mayDeferCheckpoint()) {
      this.advance(reached, events.length);
      return;
    }
    const { db } = this.ctx.sql;
    const move = { name: projector.name, version: projector.version, from: this.persisted, to: reached };
    // Nothing to apply: the checkpoint moves in one statement, with no transaction around it.
    const atomically = (fn: (trx: Kysely<any>) => Promise<void>) => (handled.length > 0 ? db.transaction().execute(fn) : fn(db));
    // A one-statement batch that wrote nothing sent no statement: its position stays unwritten, as above.
    let deferred = false;
    try {
      if (handled.length > 0 && projector.writesInOneStatement) {
        const outcome = await this.applyInOneStatement(handled, move);
        if (outcome === 'not moved') throw notMoved;
        deferred = outcome === 'nothing written';
      } else {
        await atomically(async (trx) => {
          let notices: Awaited<ReturnType<Projector['apply']>> = [];
          if (handled.length > 0) {
            try {
              notices = await projector.apply(trx, handled, this.memory.forBatch());
            } catch (error) {
              throw asHandlerFailure(projector.name, error);
            }
          }
          // NOTIFY inside the transaction: delivered on commit, never for a batch that rolled back.
          if (!(await moveCheckpointAndNotify(trx, move, CHANGES_CHANNEL, chunkPayloads(projector.name, reached, notices)))) throw notMoved;
        });
      }
    } catch (error) {
      if (error !== notMoved) throw error;
      // The batch rolled back; the row says why.
      const row = await readCheckpointRow(db, projector.name);
      if (row && row.version !== projector.version) throw new VersionChangedError(projector.name, projector.version, row.version);
      throw new CheckpointMovedError(projector.name, row?.checkpoint ?? null);
    }
    if (handled.length > 0) this.memory.committed();
    if (!deferred) {
      this.persisted = reached;
      this.persistedAt = Date.now();
      this.failure = null;
    }
    this.advance(reached, events.length);
  }

  private collecting: CollectingWrites | null = null;

  /**
   * Reads run now, outside any transaction: only this projector writes its tables (it holds their
   * lock), and a rebuild that swaps them in meanwhile also moves the checkpoint, which the statement
   * checks. Writes, checkpoint and NOTIFY then go in one statement (moveCheckpointAndNotify).
   */
  private async applyInOneStatement(handled: RecordedEvent[], move: Parameters<typeof moveCheckpointAndNotify>[1]): Promise<'moved' | 'not moved' | 'nothing written'> {
    const { projector } = this;
    const { db } = this.ctx.sql;
    this.collecting ??= collectingWrites(db, projector.name);
    this.collecting.take(); // nothing left over from a batch that threw half-way
    let notices: Awaited<ReturnType<Projector['apply']>>;
    try {
      notices = await projector.apply(this.collecting.db, handled, this.memory.forBatch());
    } catch (error) {
      throw asHandlerFailure(projector.name, error);
    }
    const writes = this.collecting.take();
    // Events that changed no row (onboarding's bookings by members who booked before) need no statement.
    if (writes.length === 0 && notices.length === 0 && this.mayDeferCheckpoint()) return 'nothing written';
    const payloads = chunkPayloads(projector.name, move.to, notices);
    try {
      return (await moveCheckpointAndNotify(db, move, CHANGES_CHANNEL, payloads, writes)) ? 'moved' : 'not moved';
    } catch (error) {
      // The handler's writes fail here, not in apply: a bad row is still the handler's, event by event.
      throw asHandlerFailure(projector.name, error);
    }
  }

  private mayDeferCheckpoint(): boolean {
    return Date.now() - this.persistedAt < this.ctx.lazyCheckpointMs;
  }

  private advance(checkpoint: Checkpoint, events: number): void {
    this.position = checkpoint;
    if (events === 0) return;
    if (this.state !== 'live') this.setState('catching-up');
    this.ctx.onChange();
    this.ctx.onBatch({ projector: this.projector.name, checkpoint, events });
  }

  private async fail(event: RecordedEvent, error: unknown): Promise<void> {
    const failure: ProjectorFailure = {
      position: event.globalPosition.toString(),
      checkpoint: event.checkpoint,
      eventId: event.metadata.eventId,
      eventType: event.type,
      streamId: event.streamId,
      error: describeError(error),
      failedAt: new Date().toISOString(),
    };
    this.failure = failure;
    this.ctx.logger.error({ projector: this.projector.name, failure }, 'projector stopped: a handler threw');
    await recordFailure(this.ctx.sql.db, this.projector.name, failure);
    this.setState('failed');
  }

  private setState(state: ProjectorState): void {
    if (this.state === state) return;
    this.state = state;
    this.ctx.onChange();
  }
}

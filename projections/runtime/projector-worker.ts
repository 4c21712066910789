// One projector's life: take its lock, migrate or rebuild, then catch up from its checkpoint and follow
// the log live. Each batch is applied with its checkpoint update and its NOTIFY in one transaction.
import { sql as rawSql } from 'kysely';
import type { SqlDatabase } from '../../eventstore/sql-database.js';
import type { Checkpoint, EventStore, RecordedEvent } from '../../eventstore/types.js';
import { rebuildProjector } from '../rebuild/rebuild-projector.js';
import { CHANGES_CHANNEL, chunkPayloads } from '../shared/notices.js';
import type { Projector } from '../types.js';
import type { LockHolder } from './advisory-lock.js';
import { lockCheckpointRow, readCheckpointRow, recordFailure, writeCheckpoint, type ProjectorFailure } from './bookkeeping.js';
import { CheckpointMovedError, HandlerError, ProjectorFailedError, RebuildInProgressError, VersionChangedError, describeError, isTransient } from './errors.js';
import { applyBatch } from './isolate-failure.js';
import type { RuntimeLogger } from './logger.js';
import { prepareProjector } from './prepare-projector.js';
import { WakeSignal, sleep } from './wake-signal.js';

export type ProjectorState = 'starting' | 'standby' | 'rebuilding' | 'catching-up' | 'live' | 'failed' | 'stopped';

export interface WorkerContext {
  sql: SqlDatabase;
  store: EventStore;
  locks: LockHolder;
  logger: RuntimeLogger;
  batchSize: number;
  rebuildBatchSize: number;
  pollIntervalMs: number;
  standbyRetryMs: number;
  /** Called after every change of state or position, so waiters can be settled. */
  onChange: () => void;
  onBatch: (batch: { projector: string; checkpoint: Checkpoint; events: number }) => void;
}

const MIN_RECHECK_MS = 5;
const MAX_RECHECK_MS = 2_000;

export class ProjectorWorker {
  state: ProjectorState = 'starting';
  position: Checkpoint | null = null;
  failure: ProjectorFailure | null = null;
  rebuildProgress: { done: number; total: number } | null = null;
  private readonly handles: ReadonlySet<string>;
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
    const { store, batchSize, pollIntervalMs, logger } = this.ctx;
    const row = await readCheckpointRow(this.ctx.sql.db, this.projector.name);
    this.position = row?.checkpoint ?? null;
    this.setState('catching-up');
    let retryMs = 250;
    // An append we were told about can stay invisible for a moment (the SQL store hides events behind
    // transactions still open anywhere on the server), so after a wake an empty read is retried soon,
    // backing off, before falling back to the slow poll.
    let recheckMs = 0;
    while (!this.abort.signal.aborted) {
      if (this.wakeSignal.take()) recheckMs = MIN_RECHECK_MS;
      try {
        const events = await store.readAll({ after: this.position, limit: batchSize });
        if (events.length === 0) {
          this.setState('live');
          if (recheckMs > 0 && recheckMs < pollIntervalMs) {
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
          continue;
        }
        // The log or the database is unavailable: nothing is lost by waiting, so wait and retry.
        logger.warn({ err: error, projector: this.projector.name, retryMs }, 'projector batch failed; retrying');
        await sleep(retryMs, this.abort.signal);
        retryMs = Math.min(retryMs * 2, 30_000);
      }
    }
  }

  private async commit(events: RecordedEvent[], handled: RecordedEvent[]): Promise<void> {
    const { projector } = this;
    const last = events[events.length - 1]!;
    await this.ctx.sql.db.transaction().execute(async (trx) => {
      const row = await lockCheckpointRow(trx, projector.name);
      if (row && row.version !== projector.version) throw new VersionChangedError(projector.name, projector.version, row.version);
      if (!row || row.checkpoint !== this.position) throw new CheckpointMovedError(projector.name, row?.checkpoint ?? null);
      let notices: Awaited<ReturnType<Projector['apply']>> = [];
      if (handled.length > 0) {
        try {
          notices = await projector.apply(trx, handled);
        } catch (error) {
          throw isTransient(error) ? error : new HandlerError(projector.name, error);
        }
      }
      await writeCheckpoint(trx, projector.name, last.checkpoint);
      // NOTIFY inside the transaction: delivered on commit, never for a batch that rolled back.
      for (const payload of chunkPayloads(projector.name, last.checkpoint, notices)) {
        await rawSql`select pg_notify(${CHANGES_CHANNEL}, ${payload})`.execute(trx);
      }
    });
    this.position = last.checkpoint;
    this.failure = null;
    if (this.state !== 'live') this.setState('catching-up');
    this.ctx.onChange();
    this.ctx.onBatch({ projector: projector.name, checkpoint: last.checkpoint, events: events.length });
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

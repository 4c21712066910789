// One projector's life as a state machine: take its lock (or stand by), migrate or rebuild, then catch
// up from its checkpoint and follow the log live until stopped or failed. How a batch is written is
// commit-batch.ts's business; when its position is written, checkpoint-writer.ts's.
import type { SqlConnection } from '../../eventstore/sql-database.js';
import { byName } from '../shared/set-wise.js';
import type { Checkpoint, EventStore, RecordedEvent } from '../../eventstore/types.js';
import { rebuildProjector } from '../rebuild/rebuild-projector.js';
import type { Projector } from '../types.js';
import type { LockHolder } from './advisory-lock.js';
import { readCheckpointRow, recordFailure, type ProjectorFailure } from './bookkeeping.js';
import { CheckpointWriter } from './checkpoint-writer.js';
import { commitBatch } from './commit-batch.js';
import { CheckpointMovedError, ProjectorFailedError, RebuildInProgressError, VersionChangedError, describeError } from './errors.js';
import { applyBatch } from './isolate-failure.js';
import type { RuntimeLogger } from './logger.js';
import { prepareProjector } from './prepare-projector.js';
import type { ReadLog } from './shared-log-reader.js';
import { RecheckBackoff, WakeSignal, sleep } from './wake-signal.js';

export type ProjectorState = 'starting' | 'standby' | 'rebuilding' | 'catching-up' | 'live' | 'failed' | 'stopped';

export interface WorkerContext {
  sql: SqlConnection;
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

export class ProjectorWorker {
  state: ProjectorState = 'starting';
  failure: ProjectorFailure | null = null;
  rebuildProgress: { done: number; total: number } | null = null;
  private readonly handles: ReadonlySet<string>;
  private readonly checkpoints: CheckpointWriter;
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
    this.checkpoints = new CheckpointWriter(ctx.lazyCheckpointMs);
    let markReady = () => {};
    this.ready = new Promise<void>((resolve) => (markReady = resolve));
    this.markReady = markReady;
  }

  /** Where the projector stands in the log (its row may say less: checkpoint-writer.ts). */
  get position(): Checkpoint | null {
    return this.checkpoints.position;
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
        const { needsRebuild, failure } = await prepareProjector(this.ctx.sql.handle, this.projector);
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
    const row = await readCheckpointRow(this.ctx.sql.handle, this.projector.name);
    this.checkpoints.resetTo(row?.checkpoint ?? null);
    this.setState('catching-up');
    let retryMs = 250;
    const recheck = new RecheckBackoff(pollIntervalMs);
    while (!this.abort.signal.aborted) {
      if (this.wakeSignal.take()) recheck.woken();
      try {
        const events = await readLog({ after: this.position, limit: batchSize });
        if (events.length === 0) {
          // Caught up. Under load a projector is caught up between most batches, so the position
          // reached is written here only once it is lazyCheckpointMs old, or before the long wait.
          if (this.checkpoints.behind && (!recheck.rechecking || !this.checkpoints.mayDefer())) await this.commit([], []);
          this.setState('live');
          await this.wakeSignal.wait(recheck.next());
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
          this.checkpoints.resetTo(error.actual);
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
    if (!this.checkpoints.behind) return;
    try {
      await this.commit([], []);
    } catch (error) {
      // Lost the lock, or a rebuild moved the row: the owner of the row now says where it stands.
      this.ctx.logger.info({ err: error, projector: this.projector.name }, 'position reached not written on stop');
    }
  }

  /** Applies a batch with its checkpoint; `events` empty writes the position reached without a batch. */
  private async commit(events: RecordedEvent[], handled: RecordedEvent[]): Promise<void> {
    const { projector, checkpoints } = this;
    const reached = events.at(-1)?.checkpoint ?? checkpoints.position;
    if (reached === null) return;
    let written = false;
    if (events.length === 0 || handled.length > 0 || !checkpoints.mayDefer()) {
      const move = { name: projector.name, version: projector.version, from: checkpoints.persisted, to: reached };
      written = (await commitBatch(byName(this.ctx.sql.handle), projector, handled, move, () => checkpoints.mayDefer())) === 'written';
    }
    if (written) this.failure = null;
    checkpoints.reached(reached, written);
    this.advance(reached, events.length);
  }

  private advance(checkpoint: Checkpoint, events: number): void {
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
    await recordFailure(this.ctx.sql.handle, this.projector.name, failure);
    this.setState('failed');
  }

  private setState(state: ProjectorState): void {
    if (this.state === state) return;
    this.state = state;
    this.ctx.onChange();
  }
}

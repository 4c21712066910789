// One follower of the global log under every projector and reactor (DESIGN.md §13; emmett builds its
// projector() on reactor() the same way): it takes the consumer's lock (or stands by), lets the
// consumer prepare, then reads batches through the runtime's shared log reader, isolates a failing
// event, backs off while the database is away, keeps the lazy checkpoint (checkpoint-writer.ts) and a
// heartbeat, and obeys the operators' controls. What a batch does is the consumer's business: rows
// and notices for a projector (projector-consumer.ts), commands for a reactor (reactor-consumer.ts).
import type { Checkpoint, RecordedEvent } from '../../eventstore/types.js';
import type { SqlConnection } from '../../eventstore/sql-database.js';
import type { LockHolder, LOCK_CLASS } from './advisory-lock.js';
import { markRunning, readCheckpointRow, recordFailure, writeCheckpoint, type ProjectorFailure } from './bookkeeping.js';
import { CheckpointWriter } from './checkpoint-writer.js';
import type { CheckpointMove, CommitOutcome } from './commit-batch.js';
import { CheckpointMovedError, VersionChangedError, describeError } from './errors.js';
import { FollowerControlError, type FollowerState } from './follower-operations.js';
import { applyBatch } from './isolate-failure.js';
import type { RuntimeLogger } from './logger.js';
import type { ReadLog } from './shared-log-reader.js';
import { RecheckBackoff, WakeSignal, sleep } from './wake-signal.js';

export interface FollowerContext {
  sql: SqlConnection;
  readLog: ReadLog;
  locks: LockHolder;
  logger: RuntimeLogger;
  batchSize: number;
  pollIntervalMs: number;
  /** How long a gathering consumer waits after a batch that did not fill before it reads again (0: never). */
  gatherMs: number;
  standbyRetryMs: number;
  /** How long a position reached by batches that wrote nothing may stay unwritten. */
  lazyCheckpointMs: number;
  /** Called after every change of state or position, so waiters can be settled. */
  onChange: () => void;
  /** Called after a change of state only (rare: never per event), for what the holder publishes to other processes. */
  onStateChange: (follower: LogFollower, from: FollowerState) => void;
  onBatch: (batch: { projector: string; checkpoint: Checkpoint; events: number }) => void;
  /** Called once when a handler's throw stops the follower (the error monitor records it); must not throw. */
  onFailure: (failure: FollowerFailureReport) => void;
}

/** A follower stopped by its handler's throw: what the error monitor records (api/error-monitor/). */
export interface FollowerFailureReport {
  follower: string;
  kind: 'projector' | 'reactor';
  failure: ProjectorFailure;
  error: unknown;
}

/** What a consumer may do while it prepares (a projector's rebuild runs there). */
export interface PrepareHooks {
  signal: AbortSignal;
  /** The tables can be queried (the old ones while a rebuild runs): start() need not wait longer. */
  ready(): void;
  setState(state: FollowerState): void;
  setProgress(progress: { done: number; total: number } | null): void;
  fail(event: RecordedEvent, error: unknown): Promise<void>;
}

export interface FollowerConsumer {
  kind: 'projector' | 'reactor';
  name: string;
  version: number;
  /** Its row in projection_checkpoints (reactors' rows carry a prefix). */
  rowName: string;
  lockKind: keyof typeof LOCK_CLASS;
  handles: ReadonlySet<string>;
  /**
   * Whether it gathers its batches: a consumer no member waits for (an eventual read model, the ledger check)
   * reads the log less often under load, so a batch carries what came in meanwhile. Its cost per batch (the
   * rows' reads, a statement planned, the checkpoint, the notices) is paid once for many events, and the
   * members' requests and interactive read models go first; it runs at most gatherMs behind.
   */
  gathers: boolean;
  /** Makes the tables and row ready: 'ready' with the failure an earlier run recorded, 'failed' or 'stopped'. */
  prepare(hooks: PrepareHooks): Promise<{ outcome: 'ready'; failure: ProjectorFailure | null } | { outcome: 'failed' | 'stopped' }>;
  /**
   * Applies `handled` (maybe none) and moves the row as `move` says. Throws HandlerError for the
   * consumer's own failures, CheckpointMovedError when the row moved under it, anything else to retry.
   */
  commit(handled: RecordedEvent[], move: CheckpointMove, mayDefer: () => boolean): Promise<CommitOutcome>;
}

const MAX_RETRY_MS = 30_000;

export class LogFollower {
  state: FollowerState = 'starting';
  failure: ProjectorFailure | null = null;
  rebuildProgress: { done: number; total: number } | null = null;
  /** Last time the follower read the log or committed (ms since the epoch): its heartbeat. */
  heartbeatAt = Date.now();
  /** Whether it holds its advisory lock: then the controls asked of other processes come here. */
  holdsLock = false;
  private paused = false;
  /** Only a failure while following names an event the row can move past (a rebuild's cannot be skipped). */
  private failedFollowing = false;
  private control: { kind: 'retry' } | { kind: 'skip'; reason: string; onSkip: (failure: ProjectorFailure, reason: string) => Promise<void> } | null = null;
  /** Whether it follows the log (catching up, live or paused): only then does it take tasks between batches. */
  private following = false;
  private between: { task: () => Promise<void>; fail: (error: unknown) => void }[] = [];
  private readonly checkpoints: CheckpointWriter;
  private readonly abort = new AbortController();
  private readonly wakeSignal = new WakeSignal(this.abort.signal);
  private markReady: () => void = () => {};
  /** Settles once the tables can be queried: prepared here, or owned by the process we stand by for. */
  readonly ready: Promise<void>;

  constructor(
    private readonly ctx: FollowerContext,
    readonly consumer: FollowerConsumer,
  ) {
    this.checkpoints = new CheckpointWriter(ctx.lazyCheckpointMs);
    this.ready = new Promise<void>((resolve) => (this.markReady = resolve));
  }

  get position(): Checkpoint | null {
    return this.checkpoints.position;
  }

  get name(): string {
    return this.consumer.name;
  }

  get isPaused(): boolean {
    return this.paused;
  }

  wake(): void {
    this.wakeSignal.wake();
  }

  stop(): void {
    this.abort.abort();
    this.wake();
  }

  pause(): void {
    this.paused = true;
    this.wake();
  }

  resume(): void {
    this.paused = false;
    this.wake();
  }

  /** Tries a failed follower again from its failing event. */
  retry(): void {
    if (this.state !== 'failed') throw new FollowerControlError('CONFLICT', `${this.consumer.name} has not failed (it is ${this.state})`);
    this.control = { kind: 'retry' };
    this.wake();
  }

  /** Passes over the event a failed follower stopped at; `onSkip` records why before the row moves past it. */
  skip(reason: string, onSkip: (failure: ProjectorFailure, reason: string) => Promise<void>): void {
    if (this.state !== 'failed' || !this.failure || !this.failedFollowing)
      throw new FollowerControlError('CONFLICT', `${this.consumer.name} has not failed on an event while following the log (it is ${this.state})`);
    this.control = { kind: 'skip', reason, onSkip };
    this.wake();
  }

  /**
   * Runs `task` while this follower commits nothing: the batch under way ends first and the position
   * it reached is written; the next batch waits for the task. Then the row is read again, since the
   * task may have moved it (a rebuild's swap), and the follower goes on from where it stands. Refused
   * (CONFLICT) when the follower does not follow the log, or stops doing so before the task's turn.
   */
  betweenBatches<T>(task: () => Promise<T>): Promise<T> {
    if (!this.following) return Promise.reject(new FollowerControlError('CONFLICT', `${this.consumer.name} does not follow the log (it is ${this.state})`));
    return new Promise<T>((resolve, reject) => {
      this.between.push({ task: () => task().then(resolve, reject), fail: reject });
      this.wake();
    });
  }

  private async runBetween(): Promise<void> {
    const tasks = this.between.splice(0);
    await this.writeDeferredPosition();
    try {
      for (const { task } of tasks) await task();
    } finally {
      const row = await readCheckpointRow(this.ctx.sql.handle, this.consumer.rowName);
      if (row && row.checkpoint !== this.checkpoints.persisted) this.checkpoints.resetTo(row.checkpoint);
      this.heartbeatAt = Date.now();
      this.ctx.onChange();
    }
  }

  /** Runs until stopped. Never rejects: problems are logged and shown in the state. */
  async run(): Promise<void> {
    const { locks, logger } = this.ctx;
    const { consumer } = this;
    try {
      while (!(await locks.tryAcquire(consumer.lockKind, consumer.name))) {
        this.setState('standby');
        this.markReady();
        await sleep(this.ctx.standbyRetryMs, this.abort.signal);
        if (this.abort.signal.aborted) return;
      }
      this.holdsLock = true;
      // Taken over from another process: it prepares now, no longer stands by.
      if (this.state === 'standby') this.setState('starting');
      for (;;) {
        const prepared = await consumer.prepare({
          signal: this.abort.signal,
          ready: () => this.markReady(),
          setState: (state) => this.setState(state),
          setProgress: (progress) => (this.rebuildProgress = progress),
          fail: (event, error) => this.fail(event, error),
        });
        this.markReady();
        if (prepared.outcome === 'stopped') return;
        if (prepared.outcome === 'ready') {
          this.failure = prepared.failure;
          if ((await this.follow()) === 'stopped') return;
        }
        // Failed: hold the lock (controls reach this process) until told to retry or skip, or stopped.
        if (!(await this.awaitControl())) return;
      }
    } catch (error) {
      if (error instanceof VersionChangedError) {
        logger.warn({ follower: consumer.name }, error.message);
        return;
      }
      logger.error({ err: error, follower: consumer.name }, 'follower stopped unexpectedly');
      this.setState('failed');
    } finally {
      this.markReady();
      if (this.state !== 'failed') this.setState('stopped');
      await locks.release(consumer.lockKind, consumer.name).catch(() => {});
      this.holdsLock = false;
    }
  }

  /** Waits for a retry or skip of a failed follower; false when stopped. */
  private async awaitControl(): Promise<boolean> {
    const db = this.ctx.sql.handle;
    for (;;) {
      if (this.abort.signal.aborted) return false;
      const control = this.control;
      this.control = null;
      if (control) this.failedFollowing = false;
      if (control?.kind === 'retry') {
        await markRunning(db, this.consumer.rowName);
        return true;
      }
      if (control?.kind === 'skip' && this.failure) {
        await control.onSkip(this.failure, control.reason);
        // The row moves past the event; its failure is cleared with it (writeCheckpoint).
        await writeCheckpoint(db, this.consumer.rowName, this.failure.checkpoint);
        this.failure = null;
        return true;
      }
      this.wakeSignal.take();
      await this.wakeSignal.wait(60_000);
    }
  }

  private async follow(): Promise<'stopped' | 'failed'> {
    const row = await readCheckpointRow(this.ctx.sql.handle, this.consumer.rowName);
    this.checkpoints.resetTo(row?.checkpoint ?? null);
    this.setState('catching-up');
    this.following = true;
    try {
      return await this.followLog();
    } finally {
      this.following = false;
      const refused = new FollowerControlError('CONFLICT', `${this.consumer.name} stopped following the log (it is ${this.state})`);
      for (const { fail } of this.between.splice(0)) fail(refused);
    }
  }

  private async followLog(): Promise<'stopped' | 'failed'> {
    const { readLog, batchSize, pollIntervalMs, gatherMs, logger } = this.ctx;
    let retryMs = 250;
    const recheck = new RecheckBackoff(pollIntervalMs);
    while (!this.abort.signal.aborted) {
      if (this.wakeSignal.take()) recheck.woken();
      try {
        if (this.between.length > 0) await this.runBetween();
        if (this.paused) {
          await this.writeDeferredPosition();
          this.setState('paused');
          this.heartbeatAt = Date.now();
          await this.wakeSignal.wait(pollIntervalMs);
          continue;
        }
        const events = await readLog({ after: this.position, limit: batchSize });
        this.heartbeatAt = Date.now();
        if (events.length === 0) {
          // Caught up. Under load a follower is caught up between most batches, so the position
          // reached is written here only once it is lazyCheckpointMs old, or before the long wait.
          if (this.checkpoints.behind && (!recheck.rechecking || !this.checkpoints.mayDefer())) await this.commit([], []);
          this.setState('live');
          await this.wakeSignal.wait(recheck.next());
          continue;
        }
        const outcome = await applyBatch(events, this.consumer.handles, (slice, handled) => this.commit(slice, handled));
        if (!outcome.ok) {
          await this.fail(outcome.event, outcome.error);
          this.failedFollowing = true;
          return 'failed';
        }
        retryMs = 250;
        // A full batch means more is waiting: read on at once (catching up). Else let the next batch gather.
        if (this.consumer.gathers && gatherMs > 0 && events.length < batchSize) await sleep(gatherMs, this.abort.signal);
      } catch (error) {
        if (error instanceof VersionChangedError) throw error;
        if (error instanceof CheckpointMovedError) {
          logger.info({ follower: this.consumer.name, checkpoint: error.actual }, 'checkpoint moved by a rebuild; following from there');
          this.checkpoints.resetTo(error.actual);
          // Waiters up to the new position are settled now, not at the next batch, which may be long in coming.
          this.ctx.onChange();
          continue;
        }
        // The log or the database is unavailable: nothing is lost by waiting, so wait and retry.
        logger.warn({ err: error, follower: this.consumer.name, retryMs }, 'follower batch failed; retrying');
        await sleep(retryMs, this.abort.signal);
        retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
      }
    }
    await this.writeDeferredPosition();
    return 'stopped';
  }

  /**
   * The position reached by batches that wrote nothing goes to the row on stop and on pause: a restart
   * would only re-read those events, but callers that compare checkpoints with the log expect the row to say so.
   */
  private async writeDeferredPosition(): Promise<void> {
    if (!this.checkpoints.behind) return;
    try {
      await this.commit([], []);
    } catch (error) {
      this.ctx.logger.info({ err: error, follower: this.consumer.name }, 'position reached not written');
    }
  }

  /** Applies a batch with its checkpoint; `events` empty writes the position reached without a batch. */
  private async commit(events: RecordedEvent[], handled: RecordedEvent[]): Promise<void> {
    const { consumer, checkpoints } = this;
    const reached = events.at(-1)?.checkpoint ?? checkpoints.position;
    if (reached === null) return;
    let written = false;
    if (events.length === 0 || handled.length > 0 || !checkpoints.mayDefer()) {
      const move = { name: consumer.rowName, version: consumer.version, from: checkpoints.persisted, to: reached };
      written = (await consumer.commit(handled, move, () => checkpoints.mayDefer())) === 'written';
    }
    if (written) this.failure = null;
    checkpoints.reached(reached, written);
    this.heartbeatAt = Date.now();
    if (events.length === 0) return;
    if (this.state !== 'live') this.setState('catching-up');
    this.ctx.onChange();
    this.ctx.onBatch({ projector: consumer.rowName, checkpoint: reached, events: events.length });
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
    this.ctx.logger.error({ follower: this.consumer.name, failure }, `${this.consumer.kind} stopped: its handler threw`);
    try {
      this.ctx.onFailure({ follower: this.consumer.name, kind: this.consumer.kind, failure, error });
    } catch (reportError) {
      this.ctx.logger.error({ err: reportError, follower: this.consumer.name }, 'the failure report threw');
    }
    await recordFailure(this.ctx.sql.handle, this.consumer.rowName, failure);
    this.setState('failed');
  }

  private setState(state: FollowerState): void {
    if (this.state === state) return;
    const from = this.state;
    this.state = state;
    this.ctx.onChange();
    this.ctx.onStateChange(this, from);
  }
}

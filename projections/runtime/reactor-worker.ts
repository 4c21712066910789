// One reactor's life on the projection runtime's machinery: the same advisory lock, checkpoint row,
// shared log reads and wake-ups as a projector, but its body issues commands to other streams instead
// of writing rows. The checkpoint moves only after a batch's reactions are done, so a crash at any
// moment makes the next owner run them again; reactors give their commands deterministic event ids,
// which is what makes running them again harmless (docs/reactors.md).
import type { Checkpoint, RecordedEvent } from '../../eventstore/types.js';
import { WrongExpectedVersionError } from '../../eventstore/types.js';
import { insertCheckpointRow, markRunning, readCheckpointRow, recordFailure, writeCheckpoint, type ProjectorFailure } from './bookkeeping.js';
import { HandlerError, describeError, isTransient } from './errors.js';
import { applyBatch } from './isolate-failure.js';
import type { WorkerContext } from './projector-worker.js';
import { RecheckBackoff, WakeSignal, sleep } from './wake-signal.js';

/**
 * What the runtime needs of a reactor. Reactors are written on the command side (commands/ may not
 * import projections/), so this is matched by shape, not imported there.
 */
export interface LogReactor {
  name: string;
  /** Event types the reactor wants; batches without any are passed over without a call. */
  handles: readonly string[];
  /** Carries out the reactions to these events (log order). May run again for the same events. */
  react(events: readonly RecordedEvent[]): Promise<void>;
}

export type ReactorState = 'starting' | 'standby' | 'catching-up' | 'live' | 'failed' | 'stopped';

/** Reactors' rows sit beside the projectors' in the checkpoint table, under a prefix of their own. */
export const reactorRowName = (name: string) => `reactor:${name}`;
const ROW_VERSION = 1;
const MAX_RETRY_MS = 30_000;

// A command that lost a race five times over, or a database hiccup, is tried again, not a bug.
const retryable = (error: unknown) => isTransient(error) || error instanceof WrongExpectedVersionError;

export class ReactorWorker {
  state: ReactorState = 'starting';
  position: Checkpoint | null = null;
  failure: ProjectorFailure | null = null;
  private persisted: Checkpoint | null = null;
  private persistedAt = 0;
  private readonly handles: ReadonlySet<string>;
  private readonly rowName: string;
  private readonly abort = new AbortController();
  private readonly wakeSignal = new WakeSignal(this.abort.signal);

  constructor(
    private readonly ctx: WorkerContext,
    readonly reactor: LogReactor,
  ) {
    this.handles = new Set(reactor.handles);
    this.rowName = reactorRowName(reactor.name);
  }

  wake(): void {
    this.wakeSignal.wake();
  }

  stop(): void {
    this.abort.abort();
    this.wake();
  }

  /** Runs until stopped or failed. Never rejects: problems are logged and shown in the state. */
  async run(): Promise<void> {
    const { locks, logger } = this.ctx;
    try {
      while (!(await locks.tryAcquire('reactor', this.reactor.name))) {
        this.setState('standby');
        await sleep(this.ctx.standbyRetryMs, this.abort.signal);
        if (this.abort.signal.aborted) return;
      }
      const db = this.ctx.sql.handle;
      await insertCheckpointRow(db, this.rowName, ROW_VERSION);
      const row = await readCheckpointRow(db, this.rowName);
      // A restarted process tries a failed reactor again (a fix may have shipped); the failure stays shown until it passes.
      if (row?.status === 'failed') await markRunning(db, this.rowName);
      this.failure = row?.failure ?? null;
      this.position = row?.checkpoint ?? null;
      this.persisted = this.position;
      this.persistedAt = Date.now();
      await this.follow();
    } catch (error) {
      logger.error({ err: error, reactor: this.reactor.name }, 'reactor stopped unexpectedly');
      this.setState('failed');
    } finally {
      if (this.state !== 'failed') this.setState('stopped');
      await locks.release('reactor', this.reactor.name).catch(() => {});
    }
  }

  private async follow(): Promise<void> {
    const { readLog, batchSize, pollIntervalMs, logger } = this.ctx;
    this.setState('catching-up');
    let retryMs = 250;
    const recheck = new RecheckBackoff(pollIntervalMs);
    while (!this.abort.signal.aborted) {
      if (this.wakeSignal.take()) recheck.woken();
      try {
        const events = await readLog({ after: this.position, limit: batchSize });
        if (events.length === 0) {
          if (this.position !== this.persisted) await this.persist(this.position);
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
        logger.warn({ err: error, reactor: this.reactor.name, retryMs }, 'reactor batch failed; retrying');
        await sleep(retryMs, this.abort.signal);
        retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
      }
    }
    if (this.position !== this.persisted && this.state !== 'failed') {
      await this.persist(this.position).catch((error: unknown) => logger.info({ err: error, reactor: this.reactor.name }, 'position not written on stop'));
    }
  }

  /** Reacts, then moves the checkpoint: never the other way round. */
  private async commit(events: RecordedEvent[], handled: RecordedEvent[]): Promise<void> {
    const reached = events.at(-1)?.checkpoint;
    if (!reached) return;
    if (handled.length > 0) {
      try {
        await this.reactor.react(handled);
      } catch (error) {
        throw retryable(error) ? error : new HandlerError(this.reactor.name, error);
      }
    }
    this.position = reached;
    // Passing over events that ask nothing of us needs no write each time: replaying them does nothing.
    if (handled.length > 0 || Date.now() - this.persistedAt >= this.ctx.lazyCheckpointMs) await this.persist(reached);
    this.ctx.onBatch({ projector: this.rowName, checkpoint: reached, events: events.length });
  }

  private async persist(checkpoint: Checkpoint | null): Promise<void> {
    await writeCheckpoint(this.ctx.sql.handle, this.rowName, checkpoint);
    this.persisted = checkpoint;
    this.persistedAt = Date.now();
    this.failure = null;
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
    this.ctx.logger.error({ reactor: this.reactor.name, failure }, 'reactor stopped: a reaction threw');
    await recordFailure(this.ctx.sql.handle, this.rowName, failure);
    this.setState('failed');
  }

  private setState(state: ReactorState): void {
    this.state = state;
  }
}

// Errors the runtime tells apart: a handler bug stops its projector; an infrastructure hiccup is
// retried; a checkpoint moved by someone else (a rebuild swap) makes the runtime re-read its position.
import { isStalePlanError } from '../../eventstore/preparing-client.js';
import type { RecordedEvent } from '../../eventstore/types.js';

export class HandlerError extends Error {
  constructor(
    readonly projector: string,
    override readonly cause: unknown,
  ) {
    super(`Projector ${projector} failed: ${describeError(cause)}`);
    this.name = 'HandlerError';
  }
}

export class CheckpointMovedError extends Error {
  constructor(
    readonly projector: string,
    readonly actual: string | null,
  ) {
    super(`Checkpoint of ${projector} moved to ${actual ?? 'the beginning'} (a rebuild swapped it in)`);
    this.name = 'CheckpointMovedError';
  }
}

export class RebuildInProgressError extends Error {
  constructor(readonly projector: string) {
    super(`A rebuild of ${projector} is already running in another process`);
    this.name = 'RebuildInProgressError';
  }
}

/** The tables now belong to another version of the projector (a newer deploy rebuilt them). */
export class VersionChangedError extends Error {
  constructor(
    readonly projector: string,
    readonly ours: number,
    readonly theirs: number,
  ) {
    super(`Read model ${projector} is now at version ${theirs}; this process runs version ${ours} and steps aside`);
    this.name = 'VersionChangedError';
  }
}

export class ProjectorFailedError extends Error {
  constructor(
    readonly projector: string,
    readonly event: RecordedEvent,
    override readonly cause: unknown,
  ) {
    super(`Projector ${projector} stopped at ${event.type} (position ${event.globalPosition}, event ${event.metadata.eventId}): ${describeError(cause)}`);
    this.name = 'ProjectorFailedError';
  }
}

export class WaitForTimeoutError extends Error {
  readonly code = 'PROJECTION_TIMEOUT';
  constructor(
    readonly checkpoint: string,
    readonly timeoutMs: number,
    behind: { name: string; checkpoint: string | null }[],
  ) {
    super(
      `Read models did not reach checkpoint ${checkpoint} within ${timeoutMs} ms` +
        (behind.length ? ` (behind: ${behind.map((b) => `${b.name} at ${b.checkpoint ?? 'the beginning'}`).join(', ')})` : ''),
    );
    this.name = 'WaitForTimeoutError';
  }
}

export const describeError = (error: unknown): string => (error instanceof Error ? error.message : String(error));

const TRANSIENT_CODES = new Set(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN', '40001', '40P01', '55P03']);

/**
 * Connection loss, server shutdown, deadlock, serialisation failure, a prepared statement outdated by
 * a rebuild (preparing-client.ts), or a wait for a read model that has not caught up yet (a follower that
 * compares with one, the ledger audit's): worth retrying, never a reason to stop a projector. Anything
 * else raised while applying events is treated as a handler bug.
 */
export const isTransient = (error: unknown): boolean => {
  if (!(error instanceof Error)) return false;
  if (error instanceof WaitForTimeoutError) return true;
  const code = (error as { code?: unknown }).code;
  if (isStalePlanError(error)) return true;
  if (typeof code === 'string' && (TRANSIENT_CODES.has(code) || code.startsWith('08') || code.startsWith('57P') || code.startsWith('53'))) return true;
  return /Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect/i.test(error.message);
};

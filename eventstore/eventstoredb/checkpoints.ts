// EventStoreDB checkpoints: `esdb:${commit}:${prepare}`, a position in $all. The prefix is what tells
// them from the SQL adapters' `${transactionId}:${globalPosition}`, which have the same shape: the read
// models' stored positions stay in SQL when EVENTSTORE_URL moves the event log, and a SQL checkpoint
// read as an $all position would silently skip or replay events (or fail with InvalidPosition).
import { ForeignCheckpointError } from '../types.js';
import type { Checkpoint } from '../types.js';

export interface LogPosition {
  commit: bigint;
  prepare: bigint;
}

const PREFIX = 'esdb:';
const ESDB_CHECKPOINT = /^esdb:(0|[1-9]\d*):(0|[1-9]\d*)$/;

/**
 * Servers before 22.6 send Position.End (2^64-1 twice) for events read from a stream, and the client
 * passes it on as if it were a position: not a place in the log a reader could ever reach.
 */
export const isRealPosition = (p: LogPosition): boolean => p.commit >= 0n && p.prepare >= 0n && p.commit < 2n ** 63n && p.prepare < 2n ** 63n;

export function toEsdbCheckpoint(p: LogPosition): Checkpoint {
  if (!isRealPosition(p)) throw new Error(`EventStoreDB returned no usable log position (${p.commit}:${p.prepare}); servers before 22.6 are not supported`);
  return `${PREFIX}${p.commit}:${p.prepare}`;
}

export function parseEsdbCheckpoint(checkpoint: Checkpoint): LogPosition {
  const match = ESDB_CHECKPOINT.exec(checkpoint);
  if (!match) throw new ForeignCheckpointError(checkpoint, 'EventStoreDB');
  return { commit: BigInt(match[1]!), prepare: BigInt(match[2]!) };
}

/** $all order: commit position, then prepare position (events of one transaction share a commit). */
export function compareEsdbCheckpoints(a: Checkpoint | null, b: Checkpoint | null): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? -1 : 1;
  const x = parseEsdbCheckpoint(a);
  const y = parseEsdbCheckpoint(b);
  const diff = x.commit !== y.commit ? x.commit - y.commit : x.prepare - y.prepare;
  return diff < 0n ? -1 : diff > 0n ? 1 : 0;
}

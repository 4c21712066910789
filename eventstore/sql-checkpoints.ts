// Checkpoints of the SQL event store: `${transactionId}:${globalPosition}`, ordered by transaction
// id first, because that is the order in which the global log becomes final (see sql-event-store).
import { sql } from 'kysely';
import type { Checkpoint } from './types.js';

export function toCheckpoint(transactionId: string, globalPosition: string): Checkpoint {
  return `${transactionId}:${globalPosition}`;
}

export function parseSqlCheckpoint(checkpoint: Checkpoint): { transactionId: bigint; globalPosition: bigint } {
  const match = /^(\d+):(\d+)$/.exec(checkpoint);
  if (!match) throw new Error(`Not a SQL event-store checkpoint: ${checkpoint}`);
  return { transactionId: BigInt(match[1]!), globalPosition: BigInt(match[2]!) };
}

export function compareSqlCheckpoints(a: Checkpoint | null, b: Checkpoint | null): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? -1 : 1;
  const x = parseSqlCheckpoint(a);
  const y = parseSqlCheckpoint(b);
  const byTx = x.transactionId - y.transactionId;
  const diff = byTx !== 0n ? byTx : x.globalPosition - y.globalPosition;
  return diff < 0n ? -1 : diff > 0n ? 1 : 0;
}

/** `(transaction_id, global_position) > checkpoint` on the events table; null means the start. */
export function afterCheckpoint(after: Checkpoint | null) {
  const from = after === null ? { transactionId: 0n, globalPosition: 0n } : parseSqlCheckpoint(after);
  return sql`(events.transaction_id, events.global_position) > (${from.transactionId.toString()}::xid8, ${from.globalPosition.toString()}::bigint)`;
}

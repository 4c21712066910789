// Checkpoints of the SQL event store: `${transactionId}:${globalPosition}`, ordered by transaction
// id first, because that is the order in which the global log becomes final (see sql-event-store).
import { sql } from 'kysely';
import type { Checkpoint } from './types.js';

export function toCheckpoint(transactionId: string, globalPosition: string): Checkpoint {
  return `${transactionId}:${globalPosition}`;
}

// Both parts are printed by PostgreSQL (xid8 and bigint as text): digits without leading zeros, which
// is what lets two of them be ordered as strings (shorter first, then character by character).
const SQL_CHECKPOINT = /^(0|[1-9]\d*):(0|[1-9]\d*)$/;

const matchCheckpoint = (checkpoint: Checkpoint): RegExpExecArray => {
  const match = SQL_CHECKPOINT.exec(checkpoint);
  if (!match) throw new Error(`Not a SQL event-store checkpoint: ${checkpoint}`);
  return match;
};

export function parseSqlCheckpoint(checkpoint: Checkpoint): { transactionId: bigint; globalPosition: bigint } {
  const match = matchCheckpoint(checkpoint);
  return { transactionId: BigInt(match[1]!), globalPosition: BigInt(match[2]!) };
}

const compareDigits = (a: string, b: string): number => (a.length !== b.length ? a.length - b.length : a < b ? -1 : a > b ? 1 : 0);

/** Called for every waiter on every batch, so it compares the digit strings instead of making BigInts. */
export function compareSqlCheckpoints(a: Checkpoint | null, b: Checkpoint | null): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? -1 : 1;
  const x = matchCheckpoint(a);
  const y = matchCheckpoint(b);
  return Math.sign(compareDigits(x[1]!, y[1]!) || compareDigits(x[2]!, y[2]!));
}

/** `(transaction_id, global_position) > checkpoint` on the events table; null means the start. */
export function afterCheckpoint(after: Checkpoint | null) {
  const from = after === null ? { transactionId: 0n, globalPosition: 0n } : parseSqlCheckpoint(after);
  return sql`(events.transaction_id, events.global_position) > (${from.transactionId.toString()}::xid8, ${from.globalPosition.toString()}::bigint)`;
}

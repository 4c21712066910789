// How a live batch is written with its checkpoint and NOTIFY. A projector that plans its batches
// (row projections) has its rows read first, outside any transaction, then its writes, checkpoint
// and NOTIFY sent as one statement: one round trip where a transaction takes three more. Only this
// projector writes its tables (it holds their lock). A rebuild inside this process swaps new tables in
// between two batches (LogFollower.betweenBatches); one from another process (`npm run rebuild`) that
// swaps them in meanwhile moves the checkpoint when its build stands past the row, which the statement
// checks, and otherwise leaves it where it was, so a batch planned on the old rows may land on the new
// ones (equal, unless the old rows were wrong: docs/decisions.md decision 260). Custom projections'
// batches run in a transaction.
import type { Kysely } from 'kysely';
import type { RecordedEvent } from '../../eventstore/types.js';
import { CHANGES_CHANNEL, chunkPayloads } from './notices.js';
import type { TablesByName } from './set-wise.js';
import type { ChangeNotice, Projector } from '../types.js';
import { moveCheckpointAndNotify, readCheckpointRow } from './bookkeeping.js';
import { CheckpointMovedError, HandlerError, VersionChangedError, isTransient } from './errors.js';
import type { RowCache } from './row-cache.js';

export interface CheckpointMove {
  name: string;
  version: number;
  from: string | null;
  to: string;
}

/** 'nothing written': a planned batch changed no row and told no one, and its position may wait. */
export type CommitOutcome = 'written' | 'nothing written';

/** Thrown to roll back a batch whose checkpoint row changed under it (see moveCheckpointAndNotify). */
const notMoved = new Error('checkpoint not moved');

/** An infrastructure hiccup is retried; anything else a projector's batch raises is its handler's bug. */
const asHandlerFailure = (projector: string, error: unknown): unknown => (isTransient(error) ? error : new HandlerError(projector, error));

const handlerStep = async <T>(projector: string, step: () => Promise<T>): Promise<T> => {
  try {
    return await step();
  } catch (error) {
    throw asHandlerFailure(projector, error);
  }
};

/**
 * Applies `handled` (maybe none) and moves the checkpoint to `move.to`. Throws HandlerError for the
 * projector's failures, CheckpointMovedError or VersionChangedError when the row moved under it.
 * `cache` keeps the projector's rows between batches (row-cache.ts): emptied unless it matches `move.from`.
 */
export const commitBatch = async (
  db: Kysely<TablesByName>,
  projector: Projector,
  handled: RecordedEvent[],
  move: CheckpointMove,
  mayDefer: () => boolean,
  cache?: RowCache,
): Promise<CommitOutcome> => {
  cache?.startAt(move.from);
  try {
    if (handled.length === 0) {
      // Nothing to apply: the checkpoint moves in one statement, with no transaction around it.
      if (!(await moveCheckpointAndNotify(db, move, CHANGES_CHANNEL, []))) throw notMoved;
      cache?.committed(move.to);
      return 'written';
    }
    const { plan } = projector;
    if (!plan) return await inTransaction(db, move, (trx) => handlerStep(projector.name, () => projector.apply(trx, handled)));
    const planned = await handlerStep(projector.name, () => plan(db, handled, cache));
    // Events that changed no row (onboarding's bookings by members who booked before) need no statement.
    if (planned.writes.length === 0 && planned.notices.length === 0 && mayDefer()) return 'nothing written';
    const payloads = chunkPayloads(projector.name, move.to, planned.notices);
    // The writes fail here, not in plan: a bad row is still the handler's, event by event.
    if (!(await handlerStep(projector.name, () => moveCheckpointAndNotify(db, move, CHANGES_CHANNEL, payloads, planned.writes)))) throw notMoved;
    planned.keep?.();
    cache?.committed(move.to);
    return 'written';
  } catch (error) {
    // Whether the batch's rows are stored is not known here (a lost connection may have committed them).
    cache?.clear();
    if (error !== notMoved) throw error;
    // The batch rolled back; the row says why.
    const row = await readCheckpointRow(db, projector.name);
    if (row && row.version !== projector.version) throw new VersionChangedError(projector.name, projector.version, row.version);
    throw new CheckpointMovedError(projector.name, row?.checkpoint ?? null);
  }
};

const inTransaction = async (db: Kysely<TablesByName>, move: CheckpointMove, apply: (trx: Kysely<TablesByName>) => Promise<ChangeNotice[]>): Promise<'written'> => {
  await db.transaction().execute(async (trx) => {
    const notices = await apply(trx);
    // NOTIFY inside the transaction: delivered on commit, never for a batch that rolled back.
    if (!(await moveCheckpointAndNotify(trx, move, CHANGES_CHANNEL, chunkPayloads(move.name, move.to, notices)))) throw notMoved;
  });
  return 'written';
};

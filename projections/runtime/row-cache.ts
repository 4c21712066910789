// A projector's own rows kept between its batches (decision 378). A row projection that reads the same
// rows batch after batch (onboarding reads both members of every booking, though only a member's first
// booking changes their row) declares the tables whose rows it keeps, and its batches read from the
// database only the rows it has not seen.
//
// Why it stays true: only the follower holding the projector's lock writes its tables, and each batch
// writes its rows and moves the checkpoint row in one statement (commit-batch.ts). So the cache is
// tagged with the checkpoint at which it matches the tables, and a batch that starts from any other
// checkpoint (a rebuild swapped its tables in, another process held the lock meanwhile, a skip moved
// the row) finds it emptied. A batch that fails to commit empties it too. Only tables whose stored row
// is the row put (onConflict 'update', no `add` columns) may keep rows; `defineProjection` checks that.
import type { Checkpoint } from '../../eventstore/types.js';

/** Rows kept per table, at most (the oldest go first): about 10 MB of onboarding rows. */
export const ROWS_KEPT_PER_TABLE = 20_000;

/** A row as stored, or null for a key with no row. */
export type KeptRow = object | null;

export class RowCache {
  private tag: Checkpoint | null | undefined = undefined;
  private readonly tables = new Map<string, Map<string, KeptRow>>();

  constructor(private readonly max = ROWS_KEPT_PER_TABLE) {}

  /** Readies the cache for a batch moving the checkpoint from `from`: emptied unless it matches the tables there. */
  startAt(from: Checkpoint | null): void {
    if (this.tag === from) return;
    this.clear();
    this.tag = from;
  }

  /** A batch's rows (none, when it only moved the checkpoint) are committed with the checkpoint `to`. */
  committed(to: Checkpoint): void {
    this.tag = to;
  }

  clear(): void {
    this.tables.clear();
    this.tag = undefined;
  }

  /** The kept row of `key` (null: known to have none), or undefined when not kept. */
  get(table: string, key: string): KeptRow | undefined {
    return this.tables.get(table)?.get(key);
  }

  set(table: string, key: string, row: KeptRow): void {
    let rows = this.tables.get(table);
    if (!rows) this.tables.set(table, (rows = new Map()));
    rows.delete(key); // the newest last, so the oldest go first
    // Later batches are handed this very object: an evolve that changed it in place instead of putting a
    // copy would change what the cache says is stored. Frozen, such an evolve throws and its follower stops.
    rows.set(key, row === null ? null : Object.freeze(row));
    if (rows.size <= this.max) return;
    const over = rows.size - Math.floor(this.max * 0.9);
    let dropped = 0;
    for (const oldest of rows.keys()) {
      if (dropped++ >= over) break;
      rows.delete(oldest);
    }
  }

  size(table: string): number {
    return this.tables.get(table)?.size ?? 0;
  }
}

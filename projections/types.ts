// The projector contract (DESIGN.md §4). The runtime in projections/runtime feeds each projector
// batches of events from the global log and stores its checkpoint in the same transaction.
import type { Kysely } from 'kysely';
import type { RecordedEvent } from '../eventstore/types.js';

import type { ChangeNotice } from '../api/contracts/live.js';

/** What changed (declared with the contracts: the websocket and the client speak it too). */
export type { ChangeNotice };

export interface ReadModelMigration {
  /** Timestamped name, e.g. '20261122T0900-create-members'. */
  name: string;
  up(db: Kysely<any>): Promise<void>;
  down(db: Kysely<any>): Promise<void>;
}

/**
 * Facts a projector may remember between live batches to skip reads, such as "this member's row has
 * its first booking": a key learned in a batch is known from the next batch on, once this one has
 * committed. Only for facts that no later event can undo. Rebuilds (and tests) pass no memory.
 */
export interface ProjectorMemory {
  has(key: string): boolean;
  learn(key: string): void;
}

export interface Projector {
  name: string;
  /** Bumping the version makes the runtime rebuild this read model on start. */
  version: number;
  /** Tables this projector owns; a rebuild creates them afresh in a build schema and swaps them in. */
  tables: readonly string[];
  /** Creates the tables (run against a schema-bound Kysely, so never name a schema here). */
  migrations: readonly ReadModelMigration[];
  /** Event types the projector wants; others are skipped without a call. */
  handles: readonly string[];
  /**
   * Applies a batch (in global order) inside the runtime's transaction. `db` is bound to the schema
   * being written (public, or the build schema during a rebuild). Write set-wise where you can: a
   * rebuild of 100k events must run at multi-row-INSERT speed.
   */
  apply(db: Kysely<any>, events: RecordedEvent[], memory?: ProjectorMemory): Promise<ChangeNotice[]>;
  /**
   * The projector writes only through writeRows, writes each row at most once per batch, and never
   * reads, in a batch, rows it wrote in that batch (the statement's parts all see the database as it
   * was before it). The live runtime then runs its reads first and its writes, checkpoint and NOTIFY as one
   * statement, with no transaction around them (runtime/bookkeeping.ts moveCheckpointAndNotify):
   * one round trip where a transaction takes three more.
   */
  writesInOneStatement?: boolean;
}

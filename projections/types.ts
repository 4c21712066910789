// What the projection runtime runs (DESIGN.md §4). Read models do not write this by hand: they are
// declared with defineProjection or defineCustomProjection (runtime/define-projection.ts), which
// make it. The runtime feeds each projector batches of events from the global log and stores its
// checkpoint with the batch's writes.
import type { CompiledQuery, Kysely } from 'kysely';
import type { RecordedEvent } from '../eventstore/types.js';
import type { RowCache } from './runtime/row-cache.js';

import type { LivePayload } from '../api/contracts/live.js';

/**
 * Who hears a change notice: a closed set, which the change hub (api/plugins/change-hub.ts) routes by and
 * which grows only with a new kind of listener, never with a new kind of notice.
 */
export type Audience =
  /** These members' sockets (each member once, however often named): a member's own change, a session's or conversation's two. */
  | { to: 'members'; ids: readonly string[] }
  /** Every signed-in socket (a new post, the member directory). */
  | { to: 'signed-in' }
  /** The sockets of admins (as the socket was opened). */
  | { to: 'admins' }
  /** The sockets that joined a topic (`post:{id}`, api/contracts/live.ts postTopic). */
  | { to: 'subscribers'; topic: string };

/**
 * What changed, as a projector announces it: who hears it, apart from what it says. The payload is what the
 * socket receives, as it is; its kind and data are the emitting feature's (declared next to its projection,
 * typed with api/contracts when the client reads it), and nothing between the two reads it.
 */
export interface ChangeNotice<P extends LivePayload = LivePayload> {
  audience: Audience;
  payload: P;
}

export interface ReadModelMigration {
  /** Timestamped name, e.g. '20261122T0900-create-members'. */
  name: string;
  up(db: Kysely<unknown>): Promise<void>;
  down(db: Kysely<unknown>): Promise<void>;
}

/**
 * A batch evolved in memory: its writes, none of them run yet, and its notices. Each row is written
 * once and no write needs another's effect, so they may run as parts of one statement.
 */
export interface PlannedBatch {
  writes: CompiledQuery[];
  notices: ChangeNotice[];
  /** Puts the rows the batch wrote into the row cache it was planned with; called once they are committed. */
  keep?: () => void;
}

export interface Projector {
  name: string;
  /** Bumping the version makes the runtime rebuild this read model on start. */
  version: number;
  /**
   * Whether a member's write waits for this read model before their next request: 'interactive' (the
   * default: members read their own writes there) or 'eventual' (analytics and admin read models).
   * A read model that rebuilds or is paused is never waited for, whatever it declares.
   */
  consistency?: 'interactive' | 'eventual';
  /** Tables this projector owns; a rebuild creates them afresh in a build schema and swaps them in. */
  tables: readonly string[];
  /** Creates the tables (run against a schema-bound Kysely, so never name a schema here). */
  migrations: readonly ReadModelMigration[];
  /** Event types the projector wants; others are skipped without a call. */
  handles: readonly string[];
  /** The declared columns of each table, checked against the tables the migrations made. */
  columns?: Readonly<Record<string, readonly { name: string; type: string; notNull: boolean }[]>>;
  /**
   * Applies a batch (in global order), its writes running at once on `db`: inside the runtime's
   * transaction, or on its own in tests. `db` is bound to the schema being written (public, or the
   * build schema during a rebuild).
   */
  apply<DB>(db: Kysely<DB>, events: RecordedEvent[]): Promise<ChangeNotice[]>;
  /**
   * Present when a batch can be read and evolved before any of its writes runs (row projections):
   * the runtime then sends the writes, the checkpoint and the NOTIFY as one statement.
   */
  plan?<DB>(db: Kysely<DB>, events: RecordedEvent[], cache?: RowCache): Promise<PlannedBatch>;
}

// The reactor as a consumer of the log follower: its body issues commands to other streams instead of
// writing rows. The checkpoint moves only after a batch's reactions are done, so a crash at any moment
// makes the next owner run them again; reactors give their commands deterministic event ids, which is
// what makes running them again harmless (docs/reactors.md).
import type { Checkpoint, EventStore, RecordedEvent } from '../../eventstore/types.js';
import { WrongExpectedVersionError } from '../../eventstore/types.js';
import type { SqlConnection } from '../../eventstore/sql-database.js';
import { insertCheckpointRow, markRunning, readCheckpointRow, writeCheckpoint } from './bookkeeping.js';
import { HandlerError, isTransient } from './errors.js';
import type { StartFrom } from './follower-operations.js';
import type { FollowerConsumer } from './log-follower.js';

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
  /**
   * Where a reactor that never ran starts: the whole log (the default: it reacts to history too),
   * the log's end (only what happens from now on: an e-mail reactor), or after a checkpoint.
   * Read once, when its row is made; a reactor that has a row goes on from it.
   */
  startFrom?: StartFrom | undefined;
  /**
   * An observer no member waits for (the ledger check, which issues no command): it gathers its batches as an
   * eventual read model does (log-follower.ts). A reactor that carries a member's process on never does.
   */
  gathers?: boolean;
}

/** Reactors' rows sit beside the projectors' in the checkpoint table, under a prefix of their own. */
export const reactorRowName = (name: string) => `reactor:${name}`;
const ROW_VERSION = 1;
const HEAD_PAGE = 10_000;

// A command that lost a race five times over, or a database hiccup, is tried again, not a bug.
const retryable = (error: unknown) => isTransient(error) || error instanceof WrongExpectedVersionError;

/** The checkpoint of the log's last event, paged through readAll (the port has no head query). */
export const logHead = async (store: Pick<EventStore, 'readAll'>): Promise<Checkpoint | null> => {
  let head: Checkpoint | null = null;
  for (;;) {
    const events = await store.readAll({ after: head, limit: HEAD_PAGE });
    if (events.length === 0) return head;
    head = events.at(-1)!.checkpoint;
  }
};

export const reactorConsumer = (ctx: { sql: SqlConnection; store: EventStore }, reactor: LogReactor): FollowerConsumer => {
  const rowName = reactorRowName(reactor.name);
  return {
    kind: 'reactor',
    name: reactor.name,
    version: ROW_VERSION,
    rowName,
    lockKind: 'reactor',
    handles: new Set(reactor.handles),
    gathers: reactor.gathers === true,
    async prepare(hooks) {
      const db = ctx.sql.handle;
      hooks.ready();
      let row = await readCheckpointRow(db, rowName);
      if (!row) {
        await insertCheckpointRow(db, rowName, ROW_VERSION);
        const from = reactor.startFrom ?? 'beginning';
        const start = from === 'beginning' ? null : from === 'end' ? await logHead(ctx.store) : from.after;
        if (start !== null) await writeCheckpoint(db, rowName, start);
        row = await readCheckpointRow(db, rowName);
      }
      // A restarted process tries a failed reactor again (a fix may have shipped); the failure stays shown until it passes.
      if (row?.status === 'failed') await markRunning(db, rowName);
      return { outcome: 'ready', failure: row?.failure ?? null };
    },
    // Reacts, then moves the checkpoint: never the other way round.
    async commit(handled, move) {
      if (handled.length > 0) {
        try {
          await reactor.react(handled);
        } catch (error) {
          throw retryable(error) ? error : new HandlerError(reactor.name, error);
        }
      }
      await writeCheckpoint(ctx.sql.handle, rowName, move.to);
      return 'written';
    },
  };
};

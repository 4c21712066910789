// The log-keys indexer of the SQL event store (migrations/log-keys-table.ts, decisions 275 and 314):
// fills `event_log_keys` (each event's keys and commit time) after the appends, in batches, so no append
// pays for the log browser's indexes.
// One statement per batch, atomic without BEGIN and COMMIT: the events after the watermark and below
// es_log_horizon() (as readAll reads them), their keys stored, the watermark moved to the last of them.
// Two processes indexing at once may read the same batch: `on conflict do nothing` keeps one copy and the
// watermark only moves forward. A failed batch leaves both tables as they were; readLog stays right
// whatever the indexer's lag, because it computes the keys of the events after the watermark itself.
import { sql as q, type Kysely } from 'kysely';

/** Events per batch: one statement of about 100 ms on the bench's machine. */
export const LOG_KEYS_BATCH = 5_000;
/** Wait after an append before indexing, so that a burst of appends is one batch. */
const DEFAULT_DELAY_MS = 200;

/**
 * The batch: the events after the watermark in readAll's order, their keys stored, the watermark moved. The
 * watermark is a scalar subquery, so the row comparison is a condition of the events' primary key and the
 * batch reads from the watermark on. As a joined table it was a filter: every batch walked the log from its
 * first event (40 ms a batch in a bench log of 50,000 events, growing with the log; decision 370).
 */
export const logKeysBatch = (limit: number) => q<{ n: number }>`
    with batch as (
      select e.transaction_id, e.global_position, e.created_at, es_log_keys(e.stream_id, e.type, e.data, e.metadata) as keys
      from events e
      where (e.transaction_id, e.global_position) > (select transaction_id, global_position from event_log_keys_watermark)
        and e.transaction_id < es_log_horizon()
      order by e.transaction_id, e.global_position
      limit ${limit}
    ),
    stored as (
      insert into event_log_keys (global_position, transaction_id, created_at, keys)
      select global_position, transaction_id, created_at, keys from batch
      on conflict do nothing
    ),
    newest as (select transaction_id, global_position from batch order by transaction_id desc, global_position desc limit 1),
    moved as (
      update event_log_keys_watermark w set transaction_id = newest.transaction_id, global_position = newest.global_position
      from newest where (w.transaction_id, w.global_position) < (newest.transaction_id, newest.global_position)
    )
    select count(*)::int as n from batch`;

/** Stores the keys of up to `limit` events after the watermark; answers how many. */
export async function indexLogKeys<DB>(db: Kysely<DB>, limit = LOG_KEYS_BATCH): Promise<number> {
  const { rows } = await logKeysBatch(limit).execute(db);
  return rows[0]?.n ?? 0;
}

/** Indexes until nothing is left below the horizon (a backfill, a test). */
export async function indexAllLogKeys<DB>(db: Kysely<DB>): Promise<number> {
  let total = 0;
  for (let n = LOG_KEYS_BATCH; n === LOG_KEYS_BATCH; total += n) n = await indexLogKeys(db);
  return total;
}

export interface LogKeysIndexer {
  /** Something was appended: index it soon. */
  schedule(): void;
  /** Stops scheduling and waits for a batch in flight. */
  close(): Promise<void>;
}

/**
 * Runs the batches `delayMs` after an append, one run at a time, until caught up; an append during a run
 * asks for one more. A failure (a lost connection) is left to the next append's run: until then readLog
 * reads the unindexed events through their keys computed on the fly.
 */
export function createLogKeysIndexer<DB>(db: Kysely<DB>, { delayMs = DEFAULT_DELAY_MS, manual = false }: { delayMs?: number; manual?: boolean } = {}): LogKeysIndexer {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let again = false;
  let closed = false;

  const run = () => {
    timer = null;
    running = indexAllLogKeys(db)
      .then(
        () => undefined,
        () => undefined,
      )
      .finally(() => {
        running = null;
        if (again && !closed) {
          again = false;
          start();
        }
      });
  };
  const start = () => {
    timer = setTimeout(run, delayMs);
    timer.unref();
  };

  return {
    schedule() {
      if (closed || manual) return;
      if (running) again = true;
      else if (!timer) start();
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
    },
  };
}

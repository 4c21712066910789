// The PostgreSQL / PGlite event store (DESIGN.md §3). Same SQL on both engines: appends go through
// the es_append function created by the migration; the global log is read in (transaction_id,
// global_position) order and only below the oldest running transaction of this database
// (es_log_horizon, migrations/log-horizon.ts), so a transaction that took a lower position but commits
// later is never skipped.
import { sql as q } from 'kysely';
import type { Kysely } from 'kysely';
import { eventStoreMigrationSet } from './migrations/event-tables.js';
import { migrateToLatest } from './migrations/run-migrations.js';
import { checkAppends, checkUnchanged } from './append-many.js';
import { createCoalescer, settle } from './coalescer.js';
import { EVENTS_APPENDED_CHANNEL, callAppend, callAppendBatch, callAppendMany, type AppendBatchItem, type AppendManyOutcome } from './sql-append.js';
import { afterCheckpoint, compareSqlCheckpoints } from './sql-checkpoints.js';
import { toRecorded, type EventRow } from './sql-event-rows.js';
import { createLogKeysIndexer } from './sql-log-keys.js';
import { readSqlLog } from './sql-read-log.js';
import type { SqlConnection } from './sql-database.js';
import { subscribeByPolling } from './subscribe-by-polling.js';
import type { Checkpoint, EventStore, ReadAllOptions, ReadStreamOptions, RecordedEvent, SubscribeAllOptions } from './types.js';

export { appendWithin, EVENTS_APPENDED_CHANNEL } from './sql-append.js';
export { compareSqlCheckpoints, parseSqlCheckpoint } from './sql-checkpoints.js';

/** Least time between two NOTIFYs of one store's appends (see notifyOthers). */
const NOTIFY_SPACING_MS = 10;

export interface SqlEventStoreOptions {
  /** Fallback poll interval when no notification arrives, default 1000 ms. */
  pollIntervalMs?: number;
  /** Run the event-table migrations first (default true). */
  migrate?: boolean;
  /**
   * Group commit (coalescer.ts): appendMany and readStreams batches out at once, default 1 each
   * (ES_APPEND_IN_FLIGHT, ES_READ_IN_FLIGHT, validated in api/config.ts; for tuning experiments).
   */
  inFlight?: { appends: number; reads: number };
  /**
   * When the log browser's keys are stored (sql-log-keys.ts): `delayMs` (default 200) after an append, or
   * only when `indexAllLogKeys` is called ('manual', for tests of readLog across the watermark).
   */
  logKeys?: { delayMs?: number } | 'manual';
}

const eventColumns = q`global_position::text as gp_text, transaction_id::text as tx_text,
  stream_id, stream_position::text as sp_text, type, data, metadata`;

// Every store opened on the same database in this process hears this process's appends at once,
// without waiting for the NOTIFY round trip (and on PGlite, which is never shared across processes,
// instead of it).
const localBuses = new WeakMap<object, Set<() => void>>();

function joinLocalBus(sql: object, wake: () => void): () => void {
  let bus = localBuses.get(sql);
  if (!bus) localBuses.set(sql, (bus = new Set()));
  bus.add(wake);
  return () => void bus.delete(wake);
}

function wakeLocal(sql: object): void {
  for (const wake of localBuses.get(sql) ?? []) wake();
}

export async function migrateEventStore<DB>(db: Kysely<DB>): Promise<void> {
  await migrateToLatest(db, eventStoreMigrationSet);
}

export async function createSqlEventStore(sql: SqlConnection, options: SqlEventStoreOptions = {}): Promise<EventStore> {
  const db = sql.handle;
  if (options.migrate !== false) await migrateEventStore(db);

  const listeners = new Set<() => void>();
  const wake = () => {
    for (const listener of listeners) listener();
  };
  // This process's appends wake its stores through the local bus at once; the NOTIFY that tells other
  // processes echoes back to our own listener ~a round trip later and would wake every projector again
  // for nothing new (a log read each time).
  const unlisten = await sql.listen(EVENTS_APPENDED_CHANNEL, wake, { othersOnly: true });
  const leaveBus = joinLocalBus(sql, wake);
  const closing = new AbortController();
  // The log browser's keys are stored after the appends, in batches (sql-log-keys.ts); the first run
  // indexes what an older log holds (the backfill after the migration).
  const logKeys = createLogKeysIndexer(db, options.logKeys === 'manual' ? { manual: true } : options.logKeys);
  logKeys.schedule();

  // Other processes learn of our appends by NOTIFY. It is sent after commit, outside the append: a
  // NOTIFY inside the append would hold PostgreSQL's global notify lock through the commit flush and
  // serialise all writers. Coalesced: at most one in flight, and the next no sooner than
  // NOTIFY_SPACING_MS after it, so a busy writer costs other processes' readers at most that much
  // delay and the database at most one NOTIFY per interval. A PGlite database lives in this process
  // only, where the local bus already woke every store on it.
  let notifying = false;
  let notifyAgain = false;
  let lastNotify: Promise<void> = Promise.resolve();
  const notifyOthers = () => {
    if (sql.kind !== 'postgres' || closing.signal.aborted) return;
    if (notifying) {
      notifyAgain = true;
      return;
    }
    notifying = true;
    const started = Date.now();
    lastNotify = sql
      .notify(EVENTS_APPENDED_CHANNEL)
      .catch(() => {}) // readers fall back to polling
      .then(() => {
        const wait = NOTIFY_SPACING_MS - (Date.now() - started);
        return wait > 0 && notifyAgain && !closing.signal.aborted ? new Promise<void>((resolve) => setTimeout(resolve, wait)) : undefined;
      })
      .finally(() => {
        notifying = false;
        if (notifyAgain) {
          notifyAgain = false;
          notifyOthers();
        }
      });
  };

  // Concurrent appendMany calls go out as one es_append_batch (one transaction, each call decided on
  // its own). A database error fails the whole statement, so the calls are then sent one by one and
  // the error reaches only the call that caused it. Streams a call only checks (`unchanged`) are no
  // keys: two calls may check one stream, and a check next to another call's write of it sees the
  // stream as before that write, which is a serial order too.
  const alone = async (item: AppendBatchItem): Promise<AppendManyOutcome> => {
    if (item.unchanged.length === 0) return callAppendMany(db, [...item.appends]);
    const [outcome] = await callAppendBatch(db, [item]); // only es_append_batch takes checked streams
    if (!outcome!.ok) throw outcome!.error;
    return outcome!.value;
  };
  const appendBatcher = createCoalescer<AppendBatchItem, AppendManyOutcome>({
    maxInFlight: options.inFlight?.appends ?? 1,
    keysOf: (item) => item.appends.map((a) => a.streamId),
    async run(batch) {
      if (batch.length === 1) return [await settle(alone(batch[0]!))];
      try {
        return await callAppendBatch(db, batch);
      } catch {
        return Promise.all(batch.map((item) => settle(alone(item))));
      }
    },
  });

  // Concurrent readStreams calls share one query; each caller gets its own map and arrays. A stream two
  // callers ask for from different positions is read from the earlier one and cut per caller.
  const readBatcher = createCoalescer<{ ids: readonly string[]; after: ReadonlyMap<string, bigint> | undefined }, Map<string, RecordedEvent[]>>({
    maxInFlight: options.inFlight?.reads ?? 1,
    async run(batch) {
      const from = new Map<string, bigint>();
      for (const { ids, after } of batch) {
        for (const id of ids) {
          const position = after?.get(id) ?? -1n;
          const known = from.get(id);
          if (known === undefined || position < known) from.set(id, position);
        }
      }
      // One index range per stream. As a plain join, the generic plan of the prepared statement (which
      // cannot know the arrays are short) hashed the arrays and scanned the whole log: 5 ms a call under
      // load. The LATERAL subquery with OFFSET 0 cannot be flattened into such a join.
      const { rows } = await q<EventRow>`
        select e.* from unnest(${[...from.keys()]}::text[], ${[...from.values()].map(String)}::int8[]) as wanted(id, after)
        cross join lateral (
          select ${eventColumns} from events
          where events.stream_id = wanted.id and events.stream_position > wanted.after
          offset 0
        ) e
        order by e.stream_id, e.sp_text::bigint`.execute(db);
      const byStream = new Map<string, RecordedEvent[]>();
      for (const row of rows) {
        const events = byStream.get(row.stream_id);
        if (events) events.push(toRecorded(row));
        else byStream.set(row.stream_id, [toRecorded(row)]);
      }
      return batch.map(({ ids, after }) => ({
        ok: true as const,
        value: new Map(
          ids.map((id) => {
            const events = byStream.get(id) ?? [];
            const position = after?.get(id);
            return [id, position === undefined ? [...events] : events.filter((e) => e.streamPosition > position)];
          }),
        ),
      }));
    },
  });

  const readAll = async ({ after, limit }: ReadAllOptions): Promise<RecordedEvent[]> => {
    const { rows } = await q<EventRow>`
      select ${eventColumns} from events
      where ${afterCheckpoint(after)}
        and transaction_id < es_log_horizon()
      order by events.transaction_id, events.global_position
      limit ${Math.max(1, Math.floor(limit))}`.execute(db);
    return rows.map(toRecorded);
  };

  const hasHidden = async (after: Checkpoint | null): Promise<boolean> => {
    const { rows } = await q<{ hidden: boolean }>`
      select exists (select 1 from events where ${afterCheckpoint(after)}) as hidden`.execute(db);
    return rows[0]?.hidden === true;
  };

  const store: EventStore = {
    kind: sql.kind,

    async append(streamId, events, opts = {}) {
      const { result, appended } = await callAppend(db, streamId, events, opts.expectedRevision ?? 'any', null);
      if (appended) {
        wakeLocal(sql);
        notifyOthers();
        logKeys.schedule();
      }
      return result;
    },

    multiStreamAppend: 'atomic',

    async appendMany(appends, options) {
      checkAppends(appends);
      checkUnchanged(appends, options);
      const { results, appended } = await appendBatcher.submit({ appends, unchanged: options?.unchanged ?? [] });
      if (appended) {
        wakeLocal(sql);
        notifyOthers();
        logKeys.schedule();
      }
      return results;
    },

    async readStream(streamId, { from = 0n, to }: ReadStreamOptions = {}) {
      const { rows } = await q<EventRow>`
        select ${eventColumns} from events
        where stream_id = ${streamId} and stream_position >= ${from.toString()}::bigint
          ${to === undefined ? q`` : q`and stream_position <= ${to.toString()}::bigint`}
        order by events.stream_position`.execute(db);
      return rows.map(toRecorded);
    },

    async readStreams(streamIds, { after } = {}) {
      if (streamIds.length === 0) return new Map();
      return readBatcher.submit({ ids: streamIds, after });
    },

    readAll,

    readLog: (query) => readSqlLog(db, query),

    subscribeAll(opts: SubscribeAllOptions) {
      return subscribeByPolling({
        ...opts,
        readAll,
        hasHidden,
        onWake: store.onAppended,
        closed: closing.signal,
        pollIntervalMs: options.pollIntervalMs ?? 1000,
      });
    },

    onAppended(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },

    async countAfter(after) {
      const { rows } = await q<{ n: string }>`
        select count(*)::text as n from events where ${afterCheckpoint(after)}`.execute(db);
      return Number(rows[0]?.n ?? 0);
    },

    compareCheckpoints: compareSqlCheckpoints,

    async close() {
      closing.abort();
      listeners.clear();
      leaveBus();
      await lastNotify;
      await logKeys.close();
      await unlisten().catch(() => {});
    },
  };
  return store;
}

// readLog on PostgreSQL and PGlite (log-browser.ts): keyset-paged by global position.
// The id filters and the types are tested against the events' log keys (tagged texts, es_log_keys of
// migrations/log-indexes.ts). The keys, commit times and order live beside the log (log-keys-table.ts and
// log-order-beside-the-log.ts, decisions 275 and 314): no index of the browser is paid by an append.
// `event_log_keys` answers for the events up to a watermark read first (GIN for keys, the primary key for
// the order, (created_at, global_position) for a time range), and the events after it (those the indexer
// of sql-log-keys.ts had not reached) are found by the events' primary key from the watermark, their keys
// computed here. Each stored row keeps its transaction id, so the watermark splits both parts exactly,
// even when a batch lands between the two statements, and the page's rows are read by the events' primary
// key. The watermark is sent as values, not joined: against a joined row the planner took the tail for a
// third of the log and scanned it in parallel (1.1 s over 200,000 events, against 0.1 ms by the primary
// key). The cursor is the last global position of the page before.
//
// A browse, not a reader of the log: a transaction that took a lower position and commits after a page
// has passed it is not on that page (readAll, which the followers use, never skips such an event).
import { sql as q, type RawBuilder } from 'kysely';
import type { Kysely } from 'kysely';
import { checkLogQuery, type LogEntry, type LogPage, type LogQuery } from './log-browser.js';
import { toRecorded, type EventRow } from './sql-event-rows.js';

type LogRow = EventRow & { recorded_at: string };

const POSITION = /^(0|[1-9]\d{0,18})$/;

const toEntry = (row: LogRow): LogEntry => ({ ...toRecorded(row), recordedAt: row.recorded_at });

const and = (tests: RawBuilder<unknown>[]) => (tests.length === 0 ? q`true` : q.join(tests, q` and `));

export async function readSqlLog<DB>(db: Kysely<DB>, query: LogQuery): Promise<LogPage> {
  const checked = checkLogQuery(query, (cursor) => POSITION.test(cursor));
  const keys = [
    checked.actorId && `a:${checked.actorId}`,
    checked.subjectId && `s:${checked.subjectId}`,
    checked.correlationId && `c:${checked.correlationId}`,
    checked.causationId && `k:${checked.causationId}`,
  ].filter((key): key is string => Boolean(key));
  const newestFirst = checked.order === 'newest-first';
  const direction = newestFirst ? q`desc` : q`asc`;
  const limit = checked.limit + 1;

  /** The time range's tests on a commit time. */
  const timeTests = (at: RawBuilder<unknown>) => [
    ...(checked.from ? [q`${at} >= ${checked.from}::timestamptz`] : []),
    ...(checked.to ? [q`${at} < ${checked.to}::timestamptz`] : []),
  ];
  const prefixTests = (streamId: RawBuilder<unknown>) => (checked.streamPrefix ? [q`starts_with(${streamId}, ${checked.streamPrefix})`] : []);
  const cursor = (position: RawBuilder<unknown>) =>
    checked.after === null ? [] : [newestFirst ? q`${position} < ${checked.after}::bigint` : q`${position} > ${checked.after}::bigint`];
  /** The tests on the log keys `k` of an event. */
  const keyTests = (k: RawBuilder<unknown>) => [
    ...(keys.length > 0 ? [q`${k} @> ${keys}::text[]`] : []),
    ...(checked.types ? [q`${k} && ${checked.types.map((t) => `t:${t}`)}::text[]`] : []),
  ];

  const { rows: marks } = await q<{ tx: string; gp: string }>`
    select transaction_id::text as tx, global_position::text as gp from event_log_keys_watermark`.execute(db);
  const mark = marks[0] ?? { tx: '0', gp: '0' };
  // A time range alone is ordered by `global_position + 0` so the planner cannot walk the position index
  // from the log's end, which it prefers for a LIMIT (it takes the window's events as spread over the whole
  // log) and which read up to every event after the window: 576 ms p50 for a first page over 1,000,000
  // events (docs/performance.md). The window's positions then come from the (created_at, global_position)
  // index alone, so the cost grows with the window's events, not the log's.
  const timeOnly = keys.length === 0 && !checked.types && (checked.from !== null || checked.to !== null);
  // The events up to the watermark through the keys' table (joined to the events by their primary key only
  // when the stream prefix needs their stream), and the events after it with their keys computed.
  const indexedTests = [
    ...keyTests(q`k.keys`),
    ...timeTests(q`k.created_at`),
    q`(k.transaction_id, k.global_position) <= (${mark.tx}::xid8, ${mark.gp}::bigint)`,
    ...cursor(q`k.global_position`),
  ];
  const indexed = checked.streamPrefix
    ? q`select k.transaction_id, k.global_position from event_log_keys k
        join events e on (e.transaction_id, e.global_position) = (k.transaction_id, k.global_position)
        where ${and([...indexedTests, ...prefixTests(q`e.stream_id`)])}
        order by k.global_position ${direction} limit ${limit}`
    : q`select k.transaction_id, k.global_position from event_log_keys k
        where ${and(indexedTests)}
        order by ${timeOnly ? q`k.global_position + 0` : q`k.global_position`} ${direction} limit ${limit}`;
  const tail = q`select e.transaction_id, e.global_position from events e
    where (e.transaction_id, e.global_position) > (${mark.tx}::xid8, ${mark.gp}::bigint)
      and ${and([
        ...keyTests(q`es_log_keys(e.stream_id, e.type, e.data, e.metadata)`),
        ...timeTests(q`e.created_at`),
        ...prefixTests(q`e.stream_id`),
        ...cursor(q`e.global_position`),
      ])}
    order by e.global_position ${direction} limit ${limit}`;
  const page = q`
    select found.transaction_id, found.global_position from ((${indexed}) union all (${tail})) found
    order by found.global_position ${direction}
    limit ${limit}`;

  // The page's positions first, then its rows.
  const { rows } = await q<LogRow>`
    with page as (${page})
    select e.global_position::text as gp_text, e.transaction_id::text as tx_text, e.stream_id,
      e.stream_position::text as sp_text, e.type, e.data, e.metadata,
      to_char(e.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as recorded_at
    from page join events e on (e.transaction_id, e.global_position) = (page.transaction_id, page.global_position)
    order by e.global_position ${direction}`.execute(db);
  const entries = rows.slice(0, checked.limit).map(toEntry);
  return { events: entries, next: rows.length > checked.limit ? entries[entries.length - 1]!.globalPosition.toString() : null };
}

// readLog on PostgreSQL and PGlite (log-browser.ts): one statement, keyset-paged by global position.
// The id filters and the types become one test against the GIN index of the events' log keys
// (migrations/log-indexes.ts); the expression must be written exactly as the index's for the planner to
// use it. The cursor is the last global position of the page before.
//
// A browse, not a reader of the log: a transaction that took a lower position and commits after a page
// has passed it is not on that page (readAll, which the followers use, never skips such an event).
import { sql as q, type RawBuilder } from 'kysely';
import type { Kysely } from 'kysely';
import { checkLogQuery, type LogEntry, type LogPage, type LogQuery } from './log-browser.js';
import { toRecorded, type EventRow } from './sql-event-rows.js';

type LogRow = EventRow & { recorded_at: string };

const POSITION = /^(0|[1-9]\d{0,18})$/;
const logKeys = q`es_log_keys(stream_id, type, data, metadata)`;

const toEntry = (row: LogRow): LogEntry => ({ ...toRecorded(row), recordedAt: row.recorded_at });

export async function readSqlLog<DB>(db: Kysely<DB>, query: LogQuery): Promise<LogPage> {
  const checked = checkLogQuery(query, (cursor) => POSITION.test(cursor));
  const keys = [
    checked.actorId && `a:${checked.actorId}`,
    checked.subjectId && `s:${checked.subjectId}`,
    checked.correlationId && `c:${checked.correlationId}`,
    checked.causationId && `k:${checked.causationId}`,
  ].filter((key): key is string => Boolean(key));
  const newestFirst = checked.order === 'newest-first';

  const where: RawBuilder<unknown>[] = [];
  if (keys.length > 0) where.push(q`${logKeys} @> ${keys}::text[]`);
  if (checked.types) {
    // The overlap lets the index answer a rare type; `type = any` is the cheap test on a walk of the log.
    where.push(q`${logKeys} && ${checked.types.map((t) => `t:${t}`)}::text[]`);
    where.push(q`type = any(${checked.types}::text[])`);
  }
  if (checked.streamPrefix) where.push(q`starts_with(stream_id, ${checked.streamPrefix})`);
  if (checked.from) where.push(q`created_at >= ${checked.from}::timestamptz`);
  if (checked.to) where.push(q`created_at < ${checked.to}::timestamptz`);
  if (checked.after !== null) where.push(newestFirst ? q`global_position < ${checked.after}::bigint` : q`global_position > ${checked.after}::bigint`);

  // The page's positions first, then its rows: a time range alone is then answered from the index on
  // (created_at, global_position) without reading the rows it skips (an index-only scan).
  const direction = newestFirst ? q`desc` : q`asc`;
  // A time range alone: ordered by `global_position + 0` so the planner cannot walk the position index
  // from the log's end, which it prefers for a LIMIT (it takes the window's events as spread over the whole
  // log) and which read up to every event after the window: 576 ms p50 for a first page over 1,000,000
  // events (docs/performance.md). The window's positions then come from the (created_at, global_position)
  // index alone, so the cost grows with the window's events, not the log's.
  const timeOnly = keys.length === 0 && !checked.types && (checked.from !== null || checked.to !== null);
  const orderBy = timeOnly ? q`global_position + 0` : q`global_position`;
  const { rows } = await q<LogRow>`
    with page as (
      select global_position from events
      where ${where.length === 0 ? q`true` : q.join(where, q` and `)}
      order by ${orderBy} ${direction}
      limit ${checked.limit + 1}
    )
    select e.global_position::text as gp_text, e.transaction_id::text as tx_text, e.stream_id,
      e.stream_position::text as sp_text, e.type, e.data, e.metadata,
      to_char(e.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as recorded_at
    from page join events e on e.global_position = page.global_position
    order by e.global_position ${direction}`.execute(db);
  const page = rows.slice(0, checked.limit).map(toEntry);
  return { events: page, next: rows.length > checked.limit ? page[page.length - 1]!.globalPosition.toString() : null };
}

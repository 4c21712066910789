// Indexes of the log browser (readLog, sql-read-log.ts). Three indexes, not one per filter: every index on
// `events` is paid by every append (decision 226).
// - One GIN index over an event's "log keys", an array of tagged texts computed from the row: 't:' type,
//   'a:' actor, 'c:' correlation, 'k:' causation and 's:' each subject (the members the event is about,
//   the rules of log-subjects.ts, written again in SQL below). Any mix of these filters is one containment test
//   that the index answers, and building the index computes the keys of every event already stored:
//   that is the backfill of old events, on PostgreSQL and PGlite alike, with no column to fill or keep.
// - A B-tree on global_position: keyset paging of the whole log (newest first, the browser's default),
//   and the walk the planner takes when a filter matches most of the log.
// - A B-tree on (created_at, global_position): time ranges, read from the index alone (the positions of
//   a range, then the rows of the page only).
// Both B-trees grow at their right edge only (positions and commit times increase), the cheapest insert
// a B-tree has; GIN keeps its pending list (fastupdate) and merges it in bulk.
//
// Changing a subject rule means a new migration that replaces es_log_keys and rebuilds the GIN index (an
// expression index over an immutable function must never see the function change under it). The text of
// this migration is frozen: later rules go into the new migration, not into these lists.
import { sql } from 'kysely';
import type { NamedMigration } from './run-migrations.js';

// One expression, no subquery and no aggregate: PostgreSQL inlines such a SQL function into the index
// expression, so each append pays a few string operations per event (a first version with a UNION
// subquery cost about 0.7 ms an event). A key whose value is missing is null and array_remove drops it;
// GIN stores each distinct key once. Backslashes are doubled: the template's cooked text reaches the
// server.
const memberFields = [
  'memberId',
  'mentorId',
  'studentId',
  'instructorId',
  'authorId',
  'postAuthorId',
  'commentAuthorId',
  'parentAuthorId',
  'senderId',
  'recipientId',
  'readerId',
  'ownerId',
  'fromMemberId',
];
const subjectKey = (value: string) => `'s:' || nullif(${value}, '')`;
/** The subjects named by the data's fields, the same in every version of the function. */
export const dataSubjects = [
  ...memberFields.map((field) => `case when jsonb_typeof(p_data->'${field}') = 'string' then p_data->>'${field}' end`),
  `case when jsonb_typeof(p_data->'participantIds'->0) = 'string' then p_data->'participantIds'->>0 end`,
  `case when jsonb_typeof(p_data->'participantIds'->1) = 'string' then p_data->'participantIds'->>1 end`,
];
/** This migration's subjects of the stream id (log-keys-function-guards.ts finds the same without a regex per event). */
export const streamSubjectsByRegex = [
  `substring(p_stream_id from '^(?:member|ledger|inbox)-(.+)$')`,
  `substring(p_stream_id from '^slots-(.+)-\\d{4}-\\d{2}-\\d{2}T')`,
  `substring(p_stream_id from '^ai-quota-(.+)-\\d{4}-\\d{2}-\\d{2}$')`,
];

/** The function's definition with the given subject expressions of the stream id (`create` or `create or replace`). */
export const logKeysFunctionSql = (streamSubjects: readonly string[], create = 'create') => `
${create} function es_log_keys(p_stream_id text, p_type text, p_data jsonb, p_metadata jsonb) returns text[]
language sql immutable parallel safe as $fn$
  select array_remove(array[
    't:' || p_type,
    'a:' || (p_metadata->>'actorId'),
    'c:' || (p_metadata->>'correlationId'),
    'k:' || (p_metadata->>'causationId'),
    ${[...streamSubjects, ...dataSubjects].map(subjectKey).join(',\n    ')}
  ], null)
$fn$`;

const logKeysFunction = sql.raw(logKeysFunctionSql(streamSubjectsByRegex));

export const logIndexesMigration: NamedMigration = {
  name: '20261128T1000-log-browser-indexes',
  async up(db) {
    await logKeysFunction.execute(db);
    await sql`create index events_log_keys on events using gin (es_log_keys(stream_id, type, data, metadata))`.execute(db);
    await sql`create index events_global_position on events (global_position)`.execute(db);
    await sql`create index events_created_at on events (created_at, global_position)`.execute(db);
  },
  async down(db) {
    await sql`drop index if exists events_created_at`.execute(db);
    await sql`drop index if exists events_global_position`.execute(db);
    await sql`drop index if exists events_log_keys`.execute(db);
    await sql`drop function if exists es_log_keys(text, text, jsonb, jsonb)`.execute(db);
  },
};

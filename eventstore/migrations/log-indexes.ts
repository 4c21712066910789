// Indexes of the log browser (readLog, sql-read-log.ts). Three indexes, not one per filter: every index on
// `events` is paid by every append (docs/decisions.md, D-log-2).
// - One GIN index over an event's "log keys", an array of tagged texts computed from the row: 't:' type,
//   'a:' actor, 'c:' correlation, 'k:' causation and 's:' each subject (the members the event is about,
//   es_subject_ids below, the twin of log-subjects.ts). Any mix of these filters is one containment test
//   that the index answers, and building the index computes the keys of every event already stored:
//   that is the backfill of old events, on PostgreSQL and PGlite alike, with no column to fill or keep.
// - A B-tree on global_position: keyset paging of the whole log (newest first, the browser's default),
//   and the walk the planner takes when a filter matches most of the log.
// - A B-tree on created_at: time ranges.
// Both B-trees grow at their right edge only (positions and commit times increase), the cheapest insert
// a B-tree has; GIN keeps its pending list (fastupdate) and merges it in bulk.
//
// Changing a subject rule means a new migration that replaces es_subject_ids and rebuilds the GIN index
// (an expression index over an immutable function must never see the function change under it).
import { sql } from 'kysely';
import type { NamedMigration } from './run-migrations.js';

// Backslashes are doubled: the template's cooked text is what reaches the server. es_log_keys names
// es_subject_ids with its schema: PostgreSQL 17 evaluates index expressions under a search_path of
// pg_catalog alone (CREATE INDEX, VACUUM, REINDEX).
const subjectIdsFunction = sql`
create function es_subject_ids(p_stream_id text, p_data jsonb) returns text[]
language sql immutable parallel safe as $fn$
  select coalesce(array_agg(distinct x.s order by x.s), '{}') from (
    select substring(p_stream_id from '^(?:member|ledger|inbox)-(.+)$') as s
    union all select substring(p_stream_id from '^slots-(.+)-\\d{4}-\\d{2}-\\d{2}T')
    union all select substring(p_stream_id from '^ai-quota-(.+)-\\d{4}-\\d{2}-\\d{2}$')
    union all select p_data->>f.name from unnest(array[
      'memberId', 'mentorId', 'studentId', 'instructorId', 'authorId', 'postAuthorId', 'commentAuthorId',
      'parentAuthorId', 'senderId', 'recipientId', 'readerId', 'ownerId', 'fromMemberId'
    ]) as f(name) where jsonb_typeof(p_data->f.name) = 'string'
    union all select p.value #>> '{}' from jsonb_array_elements(
      case when jsonb_typeof(p_data->'participantIds') = 'array' then p_data->'participantIds' else '[]'::jsonb end
    ) as p(value) where jsonb_typeof(p.value) = 'string'
  ) x where x.s is not null and x.s <> ''
$fn$`;

const logKeysFunction = (schema: string) => sql`
create function es_log_keys(p_stream_id text, p_type text, p_data jsonb, p_metadata jsonb) returns text[]
language sql immutable parallel safe as $fn$
  select array_remove(array[
      't:' || p_type,
      'a:' || (p_metadata->>'actorId'),
      'c:' || (p_metadata->>'correlationId'),
      'k:' || (p_metadata->>'causationId')
    ], null) || array(select 's:' || s from unnest(${sql.id(schema)}.es_subject_ids(p_stream_id, p_data)) as s)
$fn$`;

export const logIndexesMigration: NamedMigration = {
  name: '20261128T1000-log-browser-indexes',
  async up(db) {
    await subjectIdsFunction.execute(db);
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
    await logKeysFunction(rows[0]!.schema).execute(db);
    await sql`create index events_log_keys on events using gin (es_log_keys(stream_id, type, data, metadata))`.execute(db);
    await sql`create index events_global_position on events (global_position)`.execute(db);
    await sql`create index events_created_at on events (created_at)`.execute(db);
  },
  async down(db) {
    await sql`drop index if exists events_created_at`.execute(db);
    await sql`drop index if exists events_global_position`.execute(db);
    await sql`drop index if exists events_log_keys`.execute(db);
    await sql`drop function if exists es_log_keys(text, text, jsonb, jsonb)`.execute(db);
    await sql`drop function if exists es_subject_ids(text, jsonb)`.execute(db);
  },
};

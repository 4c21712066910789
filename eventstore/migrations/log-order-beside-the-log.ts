// The log browser's order and time beside the log, not on it (issue 30, decision 314). After the keys
// moved to `event_log_keys` (log-keys-table.ts), two B-trees of the browser were still on `events`: one on
// global_position (the unfiltered page, newest first) and one on (created_at, global_position) (time
// ranges). Each is paid by every append inside the member's transaction; with them the appends bench read
// 45-47% of a bare INSERT against 53-56% before the log browser. Both go: `event_log_keys` already has the
// position as its primary key, and now keeps each event's commit time too, with the (created_at,
// global_position) index on it, filled by the indexer's batches. readLog pages the indexed part through
// that table and the tail after the watermark through the events' primary key (sql-read-log.ts).
//
// The update copies the commit time of every event already indexed (the backfill; nothing on a new log).
import { sql } from 'kysely';
import type { NamedMigration } from './run-migrations.js';

export const logOrderBesideTheLogMigration: NamedMigration = {
  name: '20261129T1000-log-order-beside-the-log',
  async up(db) {
    await sql`alter table event_log_keys add column created_at timestamptz`.execute(db);
    await sql`
      update event_log_keys k set created_at = e.created_at from events e
      where (e.transaction_id, e.global_position) = (k.transaction_id, k.global_position)`.execute(db);
    await sql`alter table event_log_keys alter column created_at set not null`.execute(db);
    // The transaction id rides in the index so a time range's page is read from the index alone.
    await sql`create index event_log_keys_created_at on event_log_keys (created_at, global_position) include (transaction_id)`.execute(db);
    await sql`drop index if exists events_created_at`.execute(db);
    await sql`drop index if exists events_global_position`.execute(db);
  },
  async down(db) {
    await sql`create index events_global_position on events (global_position)`.execute(db);
    await sql`create index events_created_at on events (created_at, global_position)`.execute(db);
    await sql`drop index if exists event_log_keys_created_at`.execute(db);
    await sql`alter table event_log_keys drop column created_at`.execute(db);
  },
};

// The log browser's keys beside the log, not on it (decision 275). The GIN index over es_log_keys(...) of
// every event (log-indexes.ts) was maintained by every append, inside the member's transaction: about 30 us
// of the engine's time per event, which took the appends bench from 59% to 44-52% of a bare INSERT. The keys
// now go to `event_log_keys` (position, keys), filled after the appends in batches by the store's log-keys
// indexer (sql-log-keys.ts), one multi-row INSERT ... SELECT per batch, whose GIN work is one pending-list
// merge instead of one per event.
//
// `event_log_keys_watermark` is the (transaction id, position) of the last event indexed, in readAll's
// order; the indexer only indexes below es_log_horizon(), as readAll only reads below it, so no event can
// later commit at or below the watermark. readLog reads the watermark, then the keys' table up to it and the
// events after it (the tail, a few hundred at most while the indexer keeps up) with their keys computed on
// the fly; each row keeps its transaction id so that a watermark read before a batch still splits the two.
// The old expression index goes; es_log_keys stays, frozen, as the one definition of the keys.
import { sql } from 'kysely';
import type { NamedMigration } from './run-migrations.js';

export const logKeysTableMigration: NamedMigration = {
  name: '20261129T0300-log-keys-beside-the-log',
  async up(db) {
    await sql`drop index if exists events_log_keys`.execute(db);
    await sql`create table event_log_keys (global_position bigint primary key, transaction_id xid8 not null, keys text[] not null)`.execute(db);
    await sql`create index event_log_keys_keys on event_log_keys using gin (keys)`.execute(db);
    await sql`
      create table event_log_keys_watermark (
        only_row boolean primary key default true check (only_row),
        transaction_id xid8 not null,
        global_position bigint not null
      )`.execute(db);
    await sql`insert into event_log_keys_watermark (transaction_id, global_position) values ('0'::xid8, 0)`.execute(db);
  },
  async down(db) {
    await sql`drop table if exists event_log_keys_watermark`.execute(db);
    await sql`drop table if exists event_log_keys`.execute(db);
    await sql`create index events_log_keys on events using gin (es_log_keys(stream_id, type, data, metadata))`.execute(db);
  },
};

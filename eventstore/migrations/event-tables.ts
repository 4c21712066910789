// The event log tables and the migrations of the event store (DESIGN.md §3). An append is one call of
// a SQL function, so a single-event append costs one round trip and one implicit transaction; the
// functions' texts live beside this file, one file per version.
import { sql } from 'kysely';
import {
  appendBatchFunction,
  appendManyFunction,
  createAppendFunction,
  createDuplicateFunction,
  duplicatesByExists,
  duplicatesByIndex,
} from './append-functions-with-streams-table.js';
import type { NamedMigration } from './run-migrations.js';
import { logHorizonMigration } from './log-horizon.js';
import { logIndexesMigration } from './log-indexes.js';
import { logKeysFunctionGuardsMigration } from './log-keys-function-guards.js';
import { logKeysTableMigration } from './log-keys-table.js';
import { logOrderBesideTheLogMigration } from './log-order-beside-the-log.js';
import { versionsFromEventsMigration } from './versions-from-events.js';

export const eventTablesMigrations: readonly NamedMigration[] = [
  {
    name: '20261122T0400-create-event-tables',
    async up(db) {
      await sql`
        create table streams (
          stream_id text primary key,
          version bigint not null
        )`.execute(db);
      await sql`
        create table events (
          global_position bigserial not null,
          transaction_id xid8 not null default pg_current_xact_id(),
          stream_id text not null,
          stream_position bigint not null,
          event_id uuid not null unique,
          type text not null,
          data jsonb not null,
          metadata jsonb not null,
          created_at timestamptz not null default now(),
          unique (stream_id, stream_position),
          -- readAll walks the log in this order from a checkpoint; one index fewer on the hot path
          -- than a separate primary key on global_position.
          primary key (transaction_id, global_position)
        )`.execute(db);
      await createDuplicateFunction.execute(db);
      await createAppendFunction.execute(db);
    },
    async down(db) {
      await sql`drop function if exists es_append(text, text, jsonb, text)`.execute(db);
      await sql`drop function if exists es_append_duplicate(text, jsonb)`.execute(db);
      await sql`drop table if exists events`.execute(db);
      await sql`drop table if exists streams`.execute(db);
    },
  },
  {
    name: '20261122T1000-create-append-many',
    async up(db) {
      await appendManyFunction(duplicatesByExists).execute(db);
    },
    async down(db) {
      await sql`drop function if exists es_append_many(jsonb)`.execute(db);
    },
  },
  {
    name: '20261122T1400-append-many-duplicates-by-index',
    async up(db) {
      await appendManyFunction(duplicatesByIndex).execute(db);
    },
    async down(db) {
      await appendManyFunction(duplicatesByExists).execute(db);
    },
  },
  {
    name: '20261122T2000-create-append-batch',
    async up(db) {
      await appendBatchFunction(false).execute(db);
    },
    async down(db) {
      await sql`drop function if exists es_append_batch(jsonb)`.execute(db);
    },
  },
  {
    name: '20261124T1300-append-batch-unchanged-checks',
    async up(db) {
      await appendBatchFunction(true).execute(db);
    },
    async down(db) {
      await appendBatchFunction(false).execute(db);
    },
  },
  {
    // PL/pgSQL plans a statement that reads a parameter afresh on every call until the plan cache
    // settles on a generic plan, which it did not for these functions: replaying a booking round's
    // 164 captured batches (~50 appends each) took 2.6-2.8 ms a call with a plan per call and
    // 2.3-2.35 ms with the generic plan (bench/notes.md). The plan does not depend on the values: every
    // look-up is by key and the arrays' lengths are unknown to the planner either way.
    // A later `create or replace` of these functions must repeat the setting (it replaces SET clauses).
    name: '20261124T2200-append-functions-generic-plans',
    async up(db) {
      await sql`alter function es_append_batch(jsonb) set plan_cache_mode = force_generic_plan`.execute(db);
      await sql`alter function es_append_many(jsonb) set plan_cache_mode = force_generic_plan`.execute(db);
    },
    async down(db) {
      await sql`alter function es_append_batch(jsonb) reset plan_cache_mode`.execute(db);
      await sql`alter function es_append_many(jsonb) reset plan_cache_mode`.execute(db);
    },
  },
  versionsFromEventsMigration,
  logIndexesMigration,
  logHorizonMigration,
  logKeysTableMigration,
  logOrderBesideTheLogMigration,
  logKeysFunctionGuardsMigration,
];

export const eventStoreMigrationSet = { table: 'eventstore_migrations', migrations: eventTablesMigrations } as const;

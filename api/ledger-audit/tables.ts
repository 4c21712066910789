// The ledger audit's tables (issue 33 point 3; DESIGN.md §12 "what goes where"): what it observes is
// telemetry beside the log, never an event (the log is what is audited). Three kinds of table:
// - the continuous check's own fold, so a batch costs O(its events + the members it touches) and never a
//   re-read of a ledger: one row of running totals, one row per member, one per hold or receipt (only
//   those a batch names are read), the adjudications whose receipt has not arrived yet;
// - the findings, one open row per (kind, member, hold): a check that finds the same again writes nothing;
// - the full audits' runs, at most one running (a unique index, whatever the number of API processes).
// Operational state like the telemetry tables: a rebuild of the read models never touches them, and
// their migrations keep their own bookkeeping.
import { sql } from 'kysely';
import { migrateToLatest, type NamedMigration } from '../../eventstore/migrations/run-migrations.js';
import type { Kysely } from 'kysely';

export const AUDIT_TABLES = {
  state: 'ledger_audit_state',
  members: 'ledger_audit_members',
  holds: 'ledger_audit_holds',
  transfers: 'ledger_audit_transfers',
  findings: 'ledger_audit_findings',
  runs: 'ledger_audit_runs',
} as const;

const createTables: NamedMigration = {
  name: '20261129T1600-create-ledger-audit',
  async up(db) {
    const t = AUDIT_TABLES;
    const statements = [
      // One row: where the continuous check's fold stands and the whole economy there.
      sql`create table ${sql.table(t.state)} (
          id smallint primary key check (id = 1),
          checkpoint text,
          position bigint,
          granted bigint not null default 0,
          available bigint not null default 0,
          held bigint not null default 0,
          in_transit bigint not null default 0,
          checked_at timestamptz
        )`,
      sql`insert into ${sql.table(t.state)} (id) values (1)`,
      sql`create table ${sql.table(t.members)} (
          member_id text primary key,
          available integer not null,
          held integer not null,
          position bigint not null
        )`,
      // A hold on the student's ledger (its state), or a receipt on the mentor's: what evolveLedger looks up by id.
      sql`create table ${sql.table(t.holds)} (
          member_id text not null,
          hold_id text not null,
          kind text not null check (kind in ('hold', 'receipt')),
          amount integer not null,
          state text not null check (state in ('active', 'refunded', 'adjudicated', 'received')),
          primary key (member_id, hold_id, kind)
        )`,
      sql`create table ${sql.table(t.transfers)} (
          hold_id text primary key,
          student_id text not null,
          mentor_id text not null,
          amount integer not null,
          position bigint not null,
          occurred_at timestamptz not null
        )`,
      sql`create table ${sql.table(t.findings)} (
          id bigint generated always as identity primary key,
          kind text not null check (kind in ('balance', 'sum', 'hold-settled-twice', 'missing-row')),
          member_id text,
          hold_id text,
          position bigint not null,
          expected_available integer,
          expected_held integer,
          found_available integer,
          found_held integer,
          detail text not null check (length(detail) <= 1000),
          found_by text not null check (found_by in ('continuous', 'full-audit')),
          found_at timestamptz not null,
          run_id uuid,
          resolved_at timestamptz
        )`,
      sql`create unique index ledger_audit_findings_open on ${sql.table(t.findings)} (kind, coalesce(member_id, ''), coalesce(hold_id, '')) where resolved_at is null`,
      sql`create index ledger_audit_findings_open_member on ${sql.table(t.findings)} (member_id) where resolved_at is null`,
      sql`create table ${sql.table(t.runs)} (
          id uuid primary key,
          seq bigint generated always as identity unique,
          state text not null check (state in ('running', 'finished', 'failed')),
          trigger text not null check (trigger in ('manual', 'schedule')),
          started_by text,
          started_at timestamptz not null,
          finished_at timestamptz,
          scheduled_for timestamptz unique,
          position bigint,
          done integer not null default 0,
          total integer not null default 0,
          members_checked integer not null default 0,
          findings integer not null default 0,
          error text
        )`,
      // Never two full audits at once, whichever process starts one.
      sql`create unique index ledger_audit_runs_one_running on ${sql.table(t.runs)} ((true)) where state = 'running'`,
    ];
    // One statement per call: both drivers refuse several in an extended-protocol query.
    for (const statement of statements) await statement.execute(db);
  },
  async down(db) {
    for (const table of Object.values(AUDIT_TABLES)) await sql`drop table if exists ${sql.table(table)}`.execute(db);
  },
};

export const migrateLedgerAudit = (db: Kysely<unknown>) => migrateToLatest(db, { table: 'ledger_audit_migrations', migrations: [createTables] });

// The telemetry tables: five append-only tables of raw rows and the rollups the batch statement keeps
// up to date. Operational state beside the event log, like the sign-in sessions and media uploads: a
// rebuild of the read models never touches them, and their migrations keep their own bookkeeping.
// The checks repeat the ingestion contract's limits, so a bad row fails its whole batch whoever wrote it.
// The time indexes (retention) are BRIN: rows arrive nearly in time order, and a BRIN index costs the
// batch far less to keep than a B-tree (its gain is not measured on its own: docs/performance.md).
import { sql, type Kysely } from 'kysely';
import { migrateToLatest, type NamedMigration } from '../eventstore/migrations/run-migrations.js';

export const TELEMETRY_TABLES = {
  pageViews: 'telemetry_page_views',
  interactions: 'telemetry_interactions',
  errors: 'telemetry_errors',
  metrics: 'telemetry_metrics',
  pageHourly: 'telemetry_page_hourly',
  pageDaily: 'telemetry_page_daily',
  cellHourly: 'telemetry_heatmap_cell_hourly',
  rageHourly: 'telemetry_heatmap_rage_hourly',
  heatmapPageHourly: 'telemetry_heatmap_page_hourly',
  errorGroups: 'telemetry_error_groups',
  errorHourly: 'telemetry_error_hourly',
  errorDaily: 'telemetry_error_daily',
  metricHourly: 'telemetry_metric_hourly',
  signIns: 'telemetry_sign_ins',
  errorMembers: 'telemetry_error_group_members',
  errorVersions: 'telemetry_error_group_versions',
} as const;

/** The raw tables, whose rows the retention deletes. */
export const RAW_TABLES = [
  TELEMETRY_TABLES.pageViews,
  TELEMETRY_TABLES.interactions,
  TELEMETRY_TABLES.errors,
  TELEMETRY_TABLES.metrics,
  TELEMETRY_TABLES.signIns,
] as const;
/** The hourly rollups, kept for ROLLUP_HOURLY_RETENTION_DAYS; the daily ones and the error groups stay. */
export const HOURLY_ROLLUPS = [
  TELEMETRY_TABLES.pageHourly,
  TELEMETRY_TABLES.cellHourly,
  TELEMETRY_TABLES.rageHourly,
  TELEMETRY_TABLES.heatmapPageHourly,
  TELEMETRY_TABLES.errorHourly,
  TELEMETRY_TABLES.metricHourly,
] as const;
export const ROLLUP_HOURLY_RETENTION_DAYS = 400;

/** Heat-map cells: 60 columns across the viewport (the admin canvas's 1200 px in 20 px cells), 20 document px high. */
export const HEATMAP_COLUMNS = 60;
export const HEATMAP_CELL_PX = 20;
/** Rage clicks: 3 clicks within 1 s, each within 30 px of the one before (the contract's RAGE_CLICKS: no import crosses the boundary). */
export const RAGE_CLICKS = { clicks: 3, withinMs: 1000, withinPx: 30 } as const;

/** Heat-map points per UTC day, made by the first migration and dropped by the second (decision 262). */
const HEATMAP_DAILY_CELLS = 'telemetry_heatmap_cell_daily';

const createTables: NamedMigration = {
  name: '20261128T1000-create-telemetry-tables',
  async up(db) {
    const t = TELEMETRY_TABLES;
    const statements = [
      sql`create table ${sql.table(t.pageViews)} (
          id bigint generated always as identity primary key,
          occurred_at timestamptz not null,
          kind text not null check (kind in ('view', 'navigation')),
          path text not null check (path like '/%' and length(path) <= 512),
          from_path text check (from_path like '/%' and length(from_path) <= 512),
          member_id text,
          visitor_id text check (length(visitor_id) <= 64),
          viewport_width integer check (viewport_width between 1 and 20000),
          viewport_height integer check (viewport_height between 1 and 20000),
          check ((kind = 'navigation') = (from_path is not null))
        )`,
      sql`create index telemetry_page_views_occurred on ${sql.table(t.pageViews)} using brin (occurred_at)`,
      sql`create index telemetry_page_views_path on ${sql.table(t.pageViews)} (path, id desc)`,
      sql`create table ${sql.table(t.interactions)} (
          id bigint generated always as identity primary key,
          occurred_at timestamptz not null,
          path text not null check (path like '/%' and length(path) <= 512),
          action text not null check (action in ('click', 'hover', 'scroll', 'focus')),
          x real not null check (x >= 0 and x <= 1),
          y integer not null check (y between 0 and 1000000),
          viewport_width integer not null check (viewport_width between 1 and 20000),
          viewport_height integer not null check (viewport_height between 1 and 20000),
          fixed boolean not null,
          member_id text,
          visitor_id text check (length(visitor_id) <= 64)
        )`,
      sql`create index telemetry_interactions_occurred on ${sql.table(t.interactions)} using brin (occurred_at)`,
      sql`create index telemetry_interactions_path on ${sql.table(t.interactions)} (path, id desc)`,
      sql`create table ${sql.table(t.errors)} (
          id bigint generated always as identity primary key,
          occurred_at timestamptz not null,
          source text not null check (source in ('client', 'server', 'follower', 'ai')),
          fingerprint text not null check (length(fingerprint) between 1 and 128),
          error_type text not null check (length(error_type) between 1 and 200),
          severity text not null check (severity in ('critical', 'high', 'medium', 'low')),
          message text not null check (length(message) <= 2000),
          stack text check (length(stack) <= 20000),
          request_method text,
          request_path text,
          member_id text,
          app_version text
        )`,
      sql`create index telemetry_errors_occurred on ${sql.table(t.errors)} using brin (occurred_at)`,
      sql`create index telemetry_errors_group on ${sql.table(t.errors)} (fingerprint, id desc)`,
      sql`create table ${sql.table(t.metrics)} (
          id bigint generated always as identity primary key,
          occurred_at timestamptz not null,
          name text not null check (length(name) between 1 and 200),
          value double precision not null check (value = value and value <> 'Infinity' and value <> '-Infinity'),
          unit text not null check (length(unit) <= 32),
          tags jsonb not null default '{}'
        )`,
      sql`create index telemetry_metrics_occurred on ${sql.table(t.metrics)} using brin (occurred_at)`,
      sql`create index telemetry_metrics_name on ${sql.table(t.metrics)} (name, id desc)`,
      sql`create table ${sql.table(t.pageHourly)} (
          hour timestamptz not null, path text not null, views integer not null, navigations integer not null,
          primary key (hour, path)
        )`,
      sql`create table ${sql.table(t.pageDaily)} (
          day date not null, path text not null, views integer not null, navigations integer not null,
          primary key (day, path)
        )`,
      sql`create table ${sql.table(t.cellHourly)} (
          hour timestamptz not null, path text not null, band smallint not null, action text not null, fixed boolean not null,
          cell_x smallint not null, cell_y integer not null, points integer not null,
          primary key (hour, path, band, action, fixed, cell_x, cell_y)
        )`,
      sql`create table ${sql.table(HEATMAP_DAILY_CELLS)} (
          day date not null, path text not null, band smallint not null, action text not null, fixed boolean not null,
          cell_x smallint not null, cell_y integer not null, points integer not null,
          primary key (day, path, band, action, fixed, cell_x, cell_y)
        )`,
      sql`create table ${sql.table(t.errorGroups)} (
          fingerprint text primary key,
          error_type text not null,
          severity text not null,
          message text not null,
          first_seen_at timestamptz not null,
          last_seen_at timestamptz not null,
          occurrences integer not null,
          last_app_version text
        )`,
      sql`create table ${sql.table(t.errorHourly)} (
          hour timestamptz not null, fingerprint text not null, occurrences integer not null,
          primary key (hour, fingerprint)
        )`,
      sql`create table ${sql.table(t.errorDaily)} (
          day date not null, fingerprint text not null, occurrences integer not null,
          primary key (day, fingerprint)
        )`,
      sql`create table ${sql.table(t.metricHourly)} (
          hour timestamptz not null, name text not null, unit text not null,
          samples integer not null, total double precision not null, minimum double precision not null, maximum double precision not null,
          primary key (hour, name, unit)
        )`,
    ];
    // One statement per call: both drivers refuse several in an extended-protocol query.
    for (const statement of statements) await statement.execute(db);
  },
  async down(db) {
    for (const table of [...Object.values(TELEMETRY_TABLES), HEATMAP_DAILY_CELLS]) await sql`drop table if exists ${sql.table(table)}`.execute(db);
  },
};

// Every window of the heat map (1 hour to 30 days, spec 002) reads the hourly cells, kept 400 days: the daily
// cells were a third upsert in every batch of points that no screen read (decision 262).
const dropHeatmapDailyCells: NamedMigration = {
  name: '20261129T0030-drop-heatmap-daily-cells',
  async up(db) {
    await sql`drop table if exists ${sql.table(HEATMAP_DAILY_CELLS)}`.execute(db);
  },
  async down(db) {
    await sql`create table ${sql.table(HEATMAP_DAILY_CELLS)} (
        day date not null, path text not null, band smallint not null, action text not null, fixed boolean not null,
        cell_x smallint not null, cell_y integer not null, points integer not null,
        primary key (day, path, band, action, fixed, cell_x, cell_y)
      )`.execute(db);
  },
};

// Sign-ins (the Live Activity, issue 31 point 5): who and where they landed; read newest first by the key.
const createSignIns: NamedMigration = {
  name: '20261129T0620-create-telemetry-sign-ins',
  async up(db) {
    await sql`create table ${sql.table(TELEMETRY_TABLES.signIns)} (
        id bigint generated always as identity primary key,
        occurred_at timestamptz not null,
        member_id text not null check (length(member_id) between 1 and 200),
        path text not null check (path like '/%' and length(path) <= 2000)
      )`.execute(db);
    await sql`create index telemetry_sign_ins_occurred on ${sql.table(TELEMETRY_TABLES.signIns)} using brin (occurred_at)`.execute(db);
  },
  async down(db) {
    await sql`drop table if exists ${sql.table(TELEMETRY_TABLES.signIns)}`.execute(db);
  },
};

// The heat map's read (issue 32 point 5, 30 days of 1,000,000 points in 200 ms): the hourly cells of many
// pages and widths are nearly one row per point, so a page's cells are read by (path, band, hour), and
// the figures of every page (totals per action, top pages, scroll depths) come from a rollup per hour, page
// and band, about 40 rows an hour. Rage clicks: bursts of 3 clicks within 1 s and 30 px, found in each batch
// of points as it is stored (raw-tables.ts), per hour, page, band and the cell of the burst's third click.
const createHeatmapRollups: NamedMigration = {
  name: '20261129T1010-create-heatmap-rollups',
  async up(db) {
    await sql`create table ${sql.table(TELEMETRY_TABLES.rageHourly)} (
        hour timestamptz not null, path text not null, band smallint not null, cell_x smallint not null, cell_y integer not null,
        bursts integer not null,
        primary key (hour, path, band, cell_x, cell_y)
      )`.execute(db);
    await sql`create table ${sql.table(TELEMETRY_TABLES.heatmapPageHourly)} (
        hour timestamptz not null, path text not null, band smallint not null,
        clicks integer not null, hovers integer not null, scrolls integer not null, focuses integer not null,
        fixed_points integer not null, scroll_rows_max integer, scroll_rows_sum bigint not null,
        primary key (hour, path, band)
      )`.execute(db);
    await sql`create index telemetry_heatmap_cell_hourly_page on ${sql.table(TELEMETRY_TABLES.cellHourly)} (path, band, hour)
        include (action, fixed, cell_x, cell_y, points)`.execute(db);
  },
  async down(db) {
    await sql`drop index if exists telemetry_heatmap_cell_hourly_page`.execute(db);
    await sql`drop table if exists ${sql.table(TELEMETRY_TABLES.heatmapPageHourly)}`.execute(db);
    await sql`drop table if exists ${sql.table(TELEMETRY_TABLES.rageHourly)}`.execute(db);
  },
};

// The error monitor (issue 32 point 2): members affected per group (one row per group and member, so the
// count is of distinct members, read by the key), and per group and app version its newest occurrence, so
// a resolved group's regression (an occurrence after the one the admin saw, of the same or a later
// version) reads a few rows, not the raw occurrences. Both stay as the groups do (no retention).
const createErrorGroupRollups: NamedMigration = {
  name: '20261129T1300-create-error-group-rollups',
  async up(db) {
    await sql`create table ${sql.table(TELEMETRY_TABLES.errorMembers)} (
        fingerprint text not null, member_id text not null, first_seen_at timestamptz not null,
        primary key (fingerprint, member_id)
      )`.execute(db);
    await sql`create table ${sql.table(TELEMETRY_TABLES.errorVersions)} (
        fingerprint text not null, app_version text not null, last_id bigint not null, occurrences integer not null,
        primary key (fingerprint, app_version)
      )`.execute(db);
  },
  async down(db) {
    await sql`drop table if exists ${sql.table(TELEMETRY_TABLES.errorVersions)}`.execute(db);
    await sql`drop table if exists ${sql.table(TELEMETRY_TABLES.errorMembers)}`.execute(db);
  },
};

// The cells of a page by their primary key (issue 30: the batch insert had dropped from 65% to 44% of a bare
// insert): a second index on a table of nearly one row per point cost each batch a second index entry per
// cell. Keyed by (path, band, hour, ...) a page's window is one range of the primary key; all pages at once
// read the whole window in any order, as they did before.
const cellsKeyedByPage: NamedMigration = {
  name: '20261129T1330-heatmap-cells-keyed-by-page',
  async up(db) {
    const cells = sql.table(TELEMETRY_TABLES.cellHourly);
    await sql`drop index if exists telemetry_heatmap_cell_hourly_page`.execute(db);
    await sql`alter table ${cells} drop constraint ${sql.ref(`${TELEMETRY_TABLES.cellHourly}_pkey`)}`.execute(db);
    await sql`alter table ${cells} add primary key (path, band, hour, action, fixed, cell_x, cell_y)`.execute(db);
  },
  async down(db) {
    const cells = sql.table(TELEMETRY_TABLES.cellHourly);
    await sql`alter table ${cells} drop constraint ${sql.ref(`${TELEMETRY_TABLES.cellHourly}_pkey`)}`.execute(db);
    await sql`alter table ${cells} add primary key (hour, path, band, action, fixed, cell_x, cell_y)`.execute(db);
    await sql`create index telemetry_heatmap_cell_hourly_page on ${cells} (path, band, hour) include (action, fixed, cell_x, cell_y, points)`.execute(db);
  },
};

export const migrateTelemetry = (db: Kysely<unknown>): Promise<string[]> =>
  migrateToLatest(db, {
    table: 'telemetry_migrations',
    schema: 'public',
    migrations: [createTables, dropHeatmapDailyCells, createSignIns, createHeatmapRollups, createErrorGroupRollups, cellsKeyedByPage],
  });

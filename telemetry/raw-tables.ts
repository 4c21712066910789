// Each raw table declared once: its columns with their SQL types and how a point fills them, and the
// rollups kept from the rows it stores. The batch statement (batch-statement.ts) is generated from
// these, so a column added here reaches the insert, both parameter shapes and the rollups together.
import { sql, type RawBuilder } from 'kysely';
import { HEATMAP_CELL_PX, HEATMAP_COLUMNS, RAGE_CLICKS, TELEMETRY_TABLES as T } from './tables.js';
import type { ErrorOccurrence, InteractionPoint, MetricSample, PageViewPoint, SignInPoint, TelemetryBatch, TelemetryNotice } from './types.js';

export type ColumnType = 'timestamptz' | 'text' | 'integer' | 'real' | 'double precision' | 'boolean' | 'jsonb';

export interface RawTable<P> {
  /** The batch's field and the notice's count. */
  kind: keyof TelemetryBatch & keyof TelemetryNotice;
  table: string;
  columns: readonly (readonly [name: string, type: ColumnType, value: (point: P) => unknown])[];
  /** Upserts of the rollups, reading the rows the insert returned (`stored`, with every column and the id). */
  rollups(stored: RawBuilder<unknown>): RawBuilder<unknown>[];
}

const hour = sql`date_trunc('hour', occurred_at, 'UTC')`;
const day = sql`(occurred_at at time zone 'UTC')::date`;
const iso = (date: Date) => date.toISOString();

const pageViews: RawTable<PageViewPoint> = {
  kind: 'pageViews',
  table: T.pageViews,
  columns: [
    ['occurred_at', 'timestamptz', (p) => iso(p.occurredAt)],
    ['kind', 'text', (p) => p.kind],
    ['path', 'text', (p) => p.path],
    ['from_path', 'text', (p) => p.fromPath],
    ['member_id', 'text', (p) => p.memberId],
    ['visitor_id', 'text', (p) => p.visitorId],
    ['viewport_width', 'integer', (p) => p.viewportWidth],
    ['viewport_height', 'integer', (p) => p.viewportHeight],
  ],
  rollups: (stored) =>
    [
      [T.pageHourly, 'hour', hour],
      [T.pageDaily, 'day', day],
    ].map(
      ([table, bucket, expression]) => sql`insert into ${sql.table(table as string)} as r (${sql.ref(bucket as string)}, path, views, navigations)
        select ${expression}, path, count(*) filter (where kind = 'view'), count(*) filter (where kind = 'navigation')
        from ${stored} group by 1, 2 order by 1, 2
        on conflict (${sql.ref(bucket as string)}, path) do update
        set views = r.views + excluded.views, navigations = r.navigations + excluded.navigations`,
    ),
};

/** Viewport bands of the heat map: points line up only between viewports of one band (DESIGN.md §12). */
export const viewportBand = sql`case when viewport_width < 640 then 0 when viewport_width < 1024 then 1 when viewport_width < 1440 then 2 else 3 end`;
// x in ten-thousandths (as stored) and whole-number division, so the cell's edge is where the browser's and
// Node's cellOf (api/contracts/heatmap-limits.ts) put it: a real times 60 may round either way.
export const cellX = sql`least((round(x * 10000)::int * ${sql.lit(HEATMAP_COLUMNS)}) / 10000, ${sql.lit(HEATMAP_COLUMNS - 1)})`;
export const cellY = sql`y / ${sql.lit(HEATMAP_CELL_PX)}`;

/**
 * Rage clicks (issue 32 point 5; PostHog's rule): clicks of one tab (visitor) on one page at one viewport
 * width, in time order; a click completes a rage triple when the click two before it is at most 1 s older
 * and each of the three is within 30 px (Manhattan, in the viewport's pixels, both fixed or both not) of the
 * one before. A burst is counted once, at the click completing its first triple (the click before did not
 * complete one), in that click's cell. Found within each batch as it is stored: a burst that a flush splits
 * counts only if one batch holds three of its clicks (the client keeps the last second's clicks for the
 * next flush, so few are split). Computed here, the count costs the heat map's read one small rollup.
 */
const rageRollup = (stored: RawBuilder<unknown>) => {
  const px = RAGE_CLICKS.withinPx;
  const near = (a: string, b: string) => sql.raw(`(f${a} = f${b} and abs(px${a} - px${b}) + abs(py${a} - py${b}) <= ${px})`);
  const triple = (a: string, b: string, c: string) =>
    sql`(t${sql.raw(c)} is not null and t${sql.raw(a)} - t${sql.raw(c)} <= interval '${sql.raw(String(RAGE_CLICKS.withinMs))} milliseconds' and ${near(a, b)} and ${near(b, c)})`;
  const lags = [1, 2, 3].map((n) =>
    sql.raw(`lag(occurred_at, ${n}) over w as t${n}, lag(px, ${n}) over w as px${n}, lag(py, ${n}) over w as py${n}, lag(fixed, ${n}) over w as f${n}`),
  );
  return sql`insert into ${sql.table(T.rageHourly)} as r (hour, path, band, cell_x, cell_y, bursts)
      select ${hour}, path, ${viewportBand}, ${cellX}, ${cellY}, count(*)
      from (
        select occurred_at as t0, px as px0, py as py0, fixed as f0, ${sql.join(lags)}, occurred_at, path, viewport_width, x, y
        from (select *, x * viewport_width as px, y as py from ${stored} where action = 'click') c
        window w as (partition by visitor_id, path, viewport_width order by occurred_at, x, y)
      ) s
      where ${triple('0', '1', '2')} and not coalesce(${triple('1', '2', '3')}, false)
      group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5
      on conflict (hour, path, band, cell_x, cell_y) do update set bursts = r.bursts + excluded.bursts`;
};

const interactions: RawTable<InteractionPoint> = {
  kind: 'interactions',
  table: T.interactions,
  columns: [
    ['occurred_at', 'timestamptz', (p) => iso(p.occurredAt)],
    ['path', 'text', (p) => p.path],
    ['action', 'text', (p) => p.action],
    // A ten-thousandth of the width is finer than any screen's pixel, and fits a real (5e-324 does not).
    ['x', 'real', (p) => Math.round(p.x * 10_000) / 10_000],
    ['y', 'integer', (p) => p.y],
    ['viewport_width', 'integer', (p) => p.viewportWidth],
    ['viewport_height', 'integer', (p) => p.viewportHeight],
    ['fixed', 'boolean', (p) => p.fixed],
    ['member_id', 'text', (p) => p.memberId],
    ['visitor_id', 'text', (p) => p.visitorId],
  ],
  // Per hour only: the heat map's windows (1 hour to 30 days) sum the hourly cells (decision 262).
  rollups: (stored) => [
    sql`insert into ${sql.table(T.cellHourly)} as r (hour, path, band, action, fixed, cell_x, cell_y, points)
      select ${hour}, path, ${viewportBand}, action, fixed, ${cellX}, ${cellY}, count(*)
      from ${stored} group by 1, 2, 3, 4, 5, 6, 7 order by 1, 2, 3, 4, 5, 6, 7
      on conflict (hour, path, band, action, fixed, cell_x, cell_y) do update set points = r.points + excluded.points`,
    // The figures of every page of the heat map: totals per action, points on fixed targets, scroll depths (cells of 20 px).
    sql`insert into ${sql.table(T.heatmapPageHourly)} as r (hour, path, band, clicks, hovers, scrolls, focuses, fixed_points, scroll_rows_max, scroll_rows_sum)
      select ${hour}, path, ${viewportBand}, count(*) filter (where action = 'click'), count(*) filter (where action = 'hover'),
        count(*) filter (where action = 'scroll'), count(*) filter (where action = 'focus'), count(*) filter (where fixed and action <> 'scroll'),
        max(${cellY}) filter (where action = 'scroll'), coalesce(sum(${cellY}) filter (where action = 'scroll'), 0)
      from ${stored} group by 1, 2, 3 order by 1, 2, 3
      on conflict (hour, path, band) do update set clicks = r.clicks + excluded.clicks, hovers = r.hovers + excluded.hovers,
        scrolls = r.scrolls + excluded.scrolls, focuses = r.focuses + excluded.focuses, fixed_points = r.fixed_points + excluded.fixed_points,
        scroll_rows_max = greatest(r.scroll_rows_max, excluded.scroll_rows_max), scroll_rows_sum = r.scroll_rows_sum + excluded.scroll_rows_sum`,
    rageRollup(stored),
  ],
};

// The latest occurrence names the group (its type, severity and message may change with a release).
const latest = (column: string) => sql`(array_agg(${sql.ref(column)} order by occurred_at desc))[1]`;
const newer = (column: string) => sql`case when excluded.last_seen_at >= g.last_seen_at then excluded.${sql.ref(column)} else g.${sql.ref(column)} end`;

const errors: RawTable<ErrorOccurrence> = {
  kind: 'errors',
  table: T.errors,
  columns: [
    ['occurred_at', 'timestamptz', (p) => iso(p.occurredAt)],
    ['source', 'text', (p) => p.source],
    ['fingerprint', 'text', (p) => p.fingerprint],
    ['error_type', 'text', (p) => p.errorType],
    ['severity', 'text', (p) => p.severity],
    ['message', 'text', (p) => p.message],
    ['stack', 'text', (p) => p.stack],
    ['request_method', 'text', (p) => p.requestMethod],
    ['request_path', 'text', (p) => p.requestPath],
    ['member_id', 'text', (p) => p.memberId],
    ['app_version', 'text', (p) => p.appVersion],
  ],
  rollups: (stored) => [
    sql`insert into ${sql.table(T.errorGroups)} as g (fingerprint, error_type, severity, message, first_seen_at, last_seen_at, occurrences, last_app_version)
      select fingerprint, ${latest('error_type')}, ${latest('severity')}, ${latest('message')}, min(occurred_at), max(occurred_at), count(*), ${latest('app_version')}
      from ${stored} group by fingerprint order by fingerprint
      on conflict (fingerprint) do update set
        error_type = ${newer('error_type')}, severity = ${newer('severity')}, message = ${newer('message')},
        last_app_version = coalesce(${newer('last_app_version')}, g.last_app_version),
        first_seen_at = least(g.first_seen_at, excluded.first_seen_at), last_seen_at = greatest(g.last_seen_at, excluded.last_seen_at),
        occurrences = g.occurrences + excluded.occurrences`,
    ...[
      [T.errorHourly, 'hour', hour],
      [T.errorDaily, 'day', day],
    ].map(
      ([table, bucket, expression]) => sql`insert into ${sql.table(table as string)} as r (${sql.ref(bucket as string)}, fingerprint, occurrences)
        select ${expression}, fingerprint, count(*) from ${stored} group by 1, 2 order by 1, 2
        on conflict (${sql.ref(bucket as string)}, fingerprint) do update set occurrences = r.occurrences + excluded.occurrences`,
    ),
    // Members affected: distinct members per group, counted by the key when read.
    sql`insert into ${sql.table(T.errorMembers)} (fingerprint, member_id, first_seen_at)
      select fingerprint, member_id, min(occurred_at) from ${stored} where member_id is not null group by 1, 2 order by 1, 2
      on conflict (fingerprint, member_id) do nothing`,
    // Per group and version the newest occurrence ('' for an unknown version): regression by version reads these.
    sql`insert into ${sql.table(T.errorVersions)} as v (fingerprint, app_version, last_id, occurrences)
      select fingerprint, coalesce(app_version, ''), max(id), count(*) from ${stored} group by 1, 2 order by 1, 2
      on conflict (fingerprint, app_version) do update set last_id = greatest(v.last_id, excluded.last_id), occurrences = v.occurrences + excluded.occurrences`,
  ],
};

const metrics: RawTable<MetricSample> = {
  kind: 'metrics',
  table: T.metrics,
  columns: [
    ['occurred_at', 'timestamptz', (p) => iso(p.occurredAt)],
    ['name', 'text', (p) => p.name],
    ['value', 'double precision', (p) => p.value],
    ['unit', 'text', (p) => p.unit],
    ['tags', 'jsonb', (p) => p.tags],
  ],
  rollups: (stored) => [
    sql`insert into ${sql.table(T.metricHourly)} as r (hour, name, unit, samples, total, minimum, maximum)
      select ${hour}, name, unit, count(*), sum(value), min(value), max(value) from ${stored} group by 1, 2, 3 order by 1, 2, 3
      on conflict (hour, name, unit) do update set samples = r.samples + excluded.samples, total = r.total + excluded.total,
        minimum = least(r.minimum, excluded.minimum), maximum = greatest(r.maximum, excluded.maximum)`,
  ],
};

// No rollup: the Live Activity lists the newest sign-ins by the primary key; nothing counts them yet.
const signIns: RawTable<SignInPoint> = {
  kind: 'signIns',
  table: T.signIns,
  columns: [
    ['occurred_at', 'timestamptz', (p) => iso(p.occurredAt)],
    ['member_id', 'text', (p) => p.memberId],
    ['path', 'text', (p) => p.path],
  ],
  rollups: () => [],
};

/** In the order of the batch statement's CTEs and of the notice's fields. */
export const RAW_TABLE_DECLARATIONS = [pageViews, interactions, errors, metrics, signIns] as unknown as readonly RawTable<unknown>[];

// The heat map's data (GET /api/admin/live-activity, issue 32 point 5) from the hourly rollups, never from a
// count over raw points: the cells of one band (and page, or all) from `telemetry_heatmap_cell_hourly`, the
// actions' totals, the top pages and the scroll depths from `telemetry_heatmap_page_hourly` (a row per hour,
// page and band), the rage clicks from `telemetry_heatmap_rage_hourly`, each from the window's first hour. Only the dots read raw rows: the newest
// points by the primary key (or by (path, id desc) for one page) with a limit.
import { sql, type Kysely } from 'kysely';
import { TELEMETRY_TABLES as T } from '../../../telemetry/tables.js';
import {
  BAND_CODES,
  BAND_WIDTHS,
  HEATMAP,
  HEATMAP_WINDOW_HOURS,
  type HeatmapCell,
  type HeatmapData,
  type HeatmapDot,
  type HeatmapQuery,
} from '../../contracts/heatmap.js';

const HOUR_MS = 60 * 60 * 1000;

interface Figures {
  clicks: number;
  hovers: number;
  scrolls: number;
  focuses: number;
  fixed: number;
  pages: number;
  deepest: number | null;
  scrollRows: number;
}
const int = (value: unknown) => Number(value ?? 0);

/** The window's first hour: the rollup is hourly, so a window starts at the start of the hour it begins in. */
export const windowStart = (now: Date, timeRange: HeatmapQuery['timeRange']): Date => {
  const since = now.getTime() - HEATMAP_WINDOW_HOURS[timeRange] * HOUR_MS;
  return new Date(since - (since % HOUR_MS));
};

export const heatmapData = async (db: Kysely<unknown>, query: HeatmapQuery, now: Date): Promise<HeatmapData> => {
  const from = windowStart(now, query.timeRange);
  const bands = BAND_CODES[query.band];
  const onPage = query.page === 'all' ? sql`true` : sql`path = ${query.page}`;
  const inWindow = sql`hour >= ${from.toISOString()}::timestamptz and band in (${sql.join(bands.map((band) => sql.lit(band)))})`;
  const widths = BAND_WIDTHS[query.band];
  const dotsLimit = Math.min(HEATMAP.dots, query.limit);

  const [cellRows, figureRows, pageRows, rageRows, dotRows] = await Promise.all([
    // One page's cells: a range of the primary key (path, band, hour, ...); all pages' the whole window.
    sql<{ column: number; row: number; count: number }>`
      select cell_x as "column", cell_y as "row", sum(points)::int as "count" from ${sql.table(T.cellHourly)}
      where ${inWindow} and ${onPage} and action <> 'scroll' and cell_y < ${HEATMAP.rowsMax}
      group by 1, 2 order by 2, 1`.execute(db),
    sql<Figures>`
      select coalesce(sum(clicks), 0)::int as clicks, coalesce(sum(hovers), 0)::int as hovers, coalesce(sum(scrolls), 0)::int as scrolls,
        coalesce(sum(focuses), 0)::int as focuses, coalesce(sum(fixed_points), 0)::int as fixed, count(distinct path)::int as pages,
        max(scroll_rows_max) as deepest, coalesce(sum(scroll_rows_sum), 0)::float8 as "scrollRows"
      from ${sql.table(T.heatmapPageHourly)} where ${inWindow} and ${onPage}`.execute(db),
    sql<{ page: string; count: number }>`
      select path as page, sum(clicks + hovers + scrolls + focuses)::int as "count" from ${sql.table(T.heatmapPageHourly)}
      where ${inWindow} group by 1 order by 2 desc, 1 limit ${HEATMAP.topPages}`.execute(db),
    sql<{ page: string; column: number; row: number; count: number }>`
      select path as page, cell_x as "column", cell_y as "row", sum(bursts)::int as "count" from ${sql.table(T.rageHourly)}
      where ${inWindow} and ${onPage} group by 1, 2, 3 order by 4 desc, 1, 3, 2`.execute(db),
    sql<{ x: number; y: number; action: HeatmapDot['action']; path: string; memberId: string | null; occurredAt: Date | string; fixed: boolean; width: number }>`
      select x, y, action, path, member_id as "memberId", occurred_at as "occurredAt", fixed, viewport_width as width
      from ${sql.table(T.interactions)}
      where ${onPage} and occurred_at >= ${new Date(now.getTime() - HEATMAP_WINDOW_HOURS[query.timeRange] * HOUR_MS).toISOString()}::timestamptz
        and action <> 'scroll' and viewport_width between ${widths.min} and ${widths.max}
      order by id desc limit ${dotsLimit}`.execute(db),
  ]);

  const busiest = cellRows.rows.reduce((max, cell) => Math.max(max, int(cell.count)), 0);
  const cells: HeatmapCell[] = cellRows.rows.map((cell) => ({
    column: int(cell.column),
    row: int(cell.row),
    count: int(cell.count),
    intensity: busiest > 0 ? int(cell.count) / busiest : 0,
  }));
  const figures = figureRows.rows[0];
  const clicks = int(figures?.clicks);
  const hovers = int(figures?.hovers);
  const scrolls = int(figures?.scrolls);
  const focuses = int(figures?.focuses);
  const fixed = int(figures?.fixed);
  const placed = clicks + hovers + focuses;
  const hottest = cells.reduce<HeatmapCell | null>((best, cell) => (!best || cell.count > best.count ? cell : best), null);
  const cellTotal = cells.reduce((total, cell) => total + cell.count, 0);

  return {
    timeRange: query.timeRange,
    page: query.page,
    band: query.band,
    from: from.toISOString(),
    to: now.toISOString(),
    cells,
    dots: dotRows.rows.map((dot) => ({
      x: Number(dot.x),
      y: int(dot.y),
      value: 1,
      action: dot.action,
      page: dot.path,
      user_id: dot.memberId,
      timestamp: new Date(dot.occurredAt).toISOString(),
      fixed: dot.fixed,
      viewport_width: int(dot.width),
    })),
    topPages: pageRows.rows.map((row) => ({ page: row.page, count: int(row.count) })),
    analytics: { total: placed + scrolls, clicks, hovers, scrolls, focuses, fixed, pages: int(figures?.pages) },
    insights: {
      rageClicks: rageRows.rows.reduce((total, row) => total + int(row.count), 0),
      rageSpots: rageRows.rows.slice(0, HEATMAP.topPages).map((row) => ({ page: row.page, column: int(row.column), row: int(row.row), count: int(row.count) })),
      hottestCell: hottest ? { ...hottest, share: cellTotal > 0 ? hottest.count / cellTotal : 0 } : null,
      // A scroll point's y is the document px at the viewport's bottom; its cell keeps it to 20 px (the cell's top).
      deepestScrollPx: figures?.deepest === null || figures?.deepest === undefined ? null : int(figures.deepest) * HEATMAP.cellPx,
      averageScrollPx: scrolls > 0 ? Math.round((Number(figures!.scrollRows) / scrolls) * HEATMAP.cellPx) : null,
      fixedShare: placed > 0 ? fixed / placed : null,
    },
  };
};

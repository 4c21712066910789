// The telemetry store on the engine of the run (PGlite, or PostgreSQL with TEST_DATABASE_URL): a batch
// is stored whole or not at all, rollups always equal a count of the raw rows, each batch sends one
// notice, and the retention removes old raw rows in small steps while the rollups stay.
import fc from 'fast-check';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SqlDatabase } from '../eventstore/sql-database.js';
import { testTargets, type TestDatabase } from '../test/projections/support/test-databases.js';
import type { RowsAs } from './batch-statement.js';
import { createTelemetry } from './create-telemetry.js';
import { cellX, cellY, viewportBand } from './raw-tables.js';
import { recentInteractions, recentPageViews } from './queries.js';
import { TELEMETRY_TABLES as T } from './tables.js';
import type { InteractionPoint, Telemetry, TelemetryBatch, TelemetryNotice } from './types.js';

const NOW = new Date('2026-11-28T10:00:00.000Z');
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

const point = (overrides: Partial<InteractionPoint> = {}): InteractionPoint => ({
  occurredAt: NOW,
  path: '/feed',
  action: 'click',
  x: 0.5,
  y: 400,
  viewportWidth: 1280,
  viewportHeight: 800,
  fixed: false,
  memberId: 'member-1',
  visitorId: 'visitor-1',
  ...overrides,
});

const count = async (db: Kysely<unknown>, table: string) => Number((await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(db)).rows[0]!.n);
const rows = async <R>(db: Kysely<unknown>, query: ReturnType<typeof sql>) => (await query.execute(db)).rows as R[];
const sorted = <R>(list: R[]) => list.map((r) => JSON.stringify(r)).sort();

for (const target of testTargets()) {
  describe(`telemetry store (${target.kind})`, () => {
    let database: TestDatabase;
    let conn: SqlDatabase<unknown>;
    const stores: Record<RowsAs, Telemetry> = {} as Record<RowsAs, Telemetry>;
    let db: Kysely<unknown>;

    beforeAll(async () => {
      database = await target.create();
      conn = (await database.open()) as unknown as SqlDatabase<unknown>;
      db = conn.handle;
      for (const rowsAs of ['json', 'unnest'] as const) {
        stores[rowsAs] = createTelemetry({ sql: conn, clock: () => NOW, retention: { retentionDays: 90, step: 7, pauseMs: 0 }, cleanupEveryMs: 0, rowsAs });
        await stores[rowsAs].start();
      }
    });
    afterAll(async () => {
      for (const store of Object.values(stores)) await store.stop();
      await conn?.close();
      await database?.destroy();
    });
    const truncateAll = () => sql`truncate ${sql.join(Object.values(T).map((t) => sql.table(t)))}`.execute(db);
    beforeEach(truncateAll);

    it.each(['json', 'unnest'] as const)('stores nothing, rollups included, when one row of a batch of 1,000 is bad (%s)', async (rowsAs) => {
      const interactions = Array.from({ length: 1000 }, (_, i) => point({ y: i * 3 }));
      interactions[637] = point({ x: 1.5 }); // beyond the viewport: the table's check refuses it
      const heard: TelemetryNotice[] = [];
      const stop = await stores[rowsAs].onBatch((notice) => heard.push(notice));
      try {
        const batch: TelemetryBatch = {
          pageViews: [{ occurredAt: NOW, kind: 'view', path: '/feed', fromPath: null, memberId: null, visitorId: 'v', viewportWidth: null, viewportHeight: null }],
          interactions,
          metrics: [{ occurredAt: NOW, name: 'rss', value: 12, unit: 'MB', tags: {} }],
        };
        await expect(stores[rowsAs].record(batch)).rejects.toThrow(/check constraint/);
        for (const table of Object.values(T)) expect(await count(db, table), table).toBe(0);
        // The same batch without the bad row is stored whole.
        interactions[637] = point();
        expect(await stores[rowsAs].record(batch)).toEqual({ pageViews: 1, interactions: 1000, errors: 0, metrics: 1, signIns: 0 });
        expect(await count(db, T.interactions)).toBe(1000);
        await expect.poll(() => heard, { timeout: 1000 }).toEqual([{ pageViews: 1, interactions: 1000, errors: 0, metrics: 1, signIns: 0 }]);
      } finally {
        await stop();
      }
    });

    it('keeps every rollup equal to a count of the raw rows, over random batches', async () => {
      const when = fc.integer({ min: 0, max: 72 }).map((h) => new Date(NOW.getTime() - h * HOUR - 17 * 60_000));
      const path = fc.constantFrom('/', '/feed', '/search', '/profile/abc');
      const pageView = fc.record({
        occurredAt: when,
        kind: fc.constantFrom('view' as const, 'navigation' as const),
        path,
        fromPath: fc.constant(null as string | null),
        memberId: fc.option(fc.constantFrom('m1', 'm2'), { nil: null }),
        visitorId: fc.constant('visitor'),
        viewportWidth: fc.option(fc.integer({ min: 320, max: 2560 }), { nil: null }),
        viewportHeight: fc.constant(null as number | null),
      });
      const interaction = fc.record({
        occurredAt: when,
        path,
        action: fc.constantFrom('click' as const, 'hover' as const, 'scroll' as const, 'focus' as const),
        x: fc.oneof(fc.double({ min: 0, max: 1, noNaN: true }), fc.constantFrom(0, 1, 1 / 60, 59 / 60)),
        y: fc.integer({ min: 0, max: 5000 }),
        viewportWidth: fc.constantFrom(375, 639, 640, 1023, 1024, 1439, 1440, 1920),
        viewportHeight: fc.constant(800),
        fixed: fc.boolean(),
        memberId: fc.constant(null as string | null),
        visitorId: fc.constant(null as string | null),
      });
      const error = fc.record({
        occurredAt: when,
        source: fc.constantFrom('client' as const, 'server' as const),
        fingerprint: fc.constantFrom('a', 'b', 'c'),
        errorType: fc.constantFrom('TypeError', 'RangeError'),
        severity: fc.constantFrom('high' as const, 'low' as const),
        message: fc.string({ maxLength: 20 }),
        stack: fc.constant(null as string | null),
        requestMethod: fc.constant(null as string | null),
        requestPath: fc.constant(null as string | null),
        memberId: fc.constant(null as string | null),
        appVersion: fc.option(fc.constantFrom('1.0', '1.1'), { nil: null }),
      });
      const metric = fc.record({
        occurredAt: when,
        name: fc.constantFrom('rss', 'event_lag'),
        value: fc.double({ min: -1e6, max: 1e6, noNaN: true, noDefaultInfinity: true }),
        unit: fc.constantFrom('MB', 'events'),
        tags: fc.dictionary(fc.constantFrom('host', 'kind'), fc.string({ maxLength: 5 })),
      });
      const batch = fc.record({
        pageViews: fc.array(
          pageView.map((v) => (v.kind === 'navigation' ? { ...v, fromPath: '/' } : v)),
          { maxLength: 30 },
        ),
        interactions: fc.array(interaction, { maxLength: 60 }),
        errors: fc.array(error, { maxLength: 10 }),
        metrics: fc.array(metric, { maxLength: 10 }),
      });

      await fc.assert(
        fc.asyncProperty(fc.array(batch, { minLength: 1, maxLength: 4 }), fc.constantFrom('json' as const, 'unnest' as const), async (batches, rowsAs) => {
          await truncateAll();
          for (const b of batches) await stores[rowsAs].record(b);
          const hour = sql`date_trunc('hour', occurred_at, 'UTC')`;
          const day = sql`(occurred_at at time zone 'UTC')::date`;
          const views = (bucket: typeof hour) => sql`select ${bucket} as b, path, count(*) filter (where kind = 'view')::int as views,
              count(*) filter (where kind = 'navigation')::int as navigations from ${sql.table(T.pageViews)} group by 1, 2`;
          expect(sorted(await rows(db, sql`select hour as b, path, views, navigations from ${sql.table(T.pageHourly)}`))).toEqual(sorted(await rows(db, views(hour))));
          expect(sorted(await rows(db, sql`select day as b, path, views, navigations from ${sql.table(T.pageDaily)}`))).toEqual(sorted(await rows(db, views(day))));
          const cells = (
            bucket: typeof hour,
          ) => sql`select ${bucket} as b, path, ${viewportBand}::int as band, action, fixed, ${cellX}::int as cell_x, ${cellY}::int as cell_y,
              count(*)::int as points from ${sql.table(T.interactions)} group by 1, 2, 3, 4, 5, 6, 7`;
          const cellRollup = (table: string, bucket: string) =>
            sql`select ${sql.ref(bucket)} as b, path, band::int as band, action, fixed, cell_x::int as cell_x, cell_y, points from ${sql.table(table)}`;
          expect(sorted(await rows(db, cellRollup(T.cellHourly, 'hour')))).toEqual(sorted(await rows(db, cells(hour))));
          // The heat map's figures per hour, page and band (its totals, top pages and scroll depths).
          const pageFigures = sql`select hour as b, path, band::int as band, clicks, hovers, scrolls, focuses, fixed_points, scroll_rows_max,
              scroll_rows_sum::int as scroll_rows_sum from ${sql.table(T.heatmapPageHourly)}`;
          const figuresOfRaw = sql`select ${hour} as b, path, ${viewportBand}::int as band, count(*) filter (where action = 'click')::int as clicks,
              count(*) filter (where action = 'hover')::int as hovers, count(*) filter (where action = 'scroll')::int as scrolls,
              count(*) filter (where action = 'focus')::int as focuses, count(*) filter (where fixed and action <> 'scroll')::int as fixed_points,
              max(${cellY}) filter (where action = 'scroll') as scroll_rows_max, coalesce(sum(${cellY}) filter (where action = 'scroll'), 0)::int as scroll_rows_sum
            from ${sql.table(T.interactions)} group by 1, 2, 3`;
          expect(sorted(await rows(db, pageFigures))).toEqual(sorted(await rows(db, figuresOfRaw)));
          const errors = (bucket: typeof hour) => sql`select ${bucket} as b, fingerprint, count(*)::int as n from ${sql.table(T.errors)} group by 1, 2`;
          expect(sorted(await rows(db, sql`select hour as b, fingerprint, occurrences as n from ${sql.table(T.errorHourly)}`))).toEqual(
            sorted(await rows(db, errors(hour))),
          );
          expect(sorted(await rows(db, sql`select day as b, fingerprint, occurrences as n from ${sql.table(T.errorDaily)}`))).toEqual(
            sorted(await rows(db, errors(day))),
          );
          expect(
            sorted(await rows(db, sql`select fingerprint, occurrences as n, first_seen_at as first, last_seen_at as last from ${sql.table(T.errorGroups)}`)),
          ).toEqual(
            sorted(
              await rows(db, sql`select fingerprint, count(*)::int as n, min(occurred_at) as first, max(occurred_at) as last from ${sql.table(T.errors)} group by 1`),
            ),
          );
          const metricRollup = await rows<{ hour: Date; name: string; unit: string; samples: number; total: number; minimum: number; maximum: number }>(
            db,
            sql`select hour, name, unit, samples, total, minimum, maximum from ${sql.table(T.metricHourly)} order by 1, 2, 3`,
          );
          const metricRaw = await rows<typeof metricRollup extends (infer R)[] ? R : never>(
            db,
            sql`select ${hour} as hour, name, unit, count(*)::int as samples, sum(value) as total, min(value) as minimum, max(value) as maximum
                from ${sql.table(T.metrics)} group by 1, 2, 3 order by 1, 2, 3`,
          );
          expect(metricRollup.map(({ total, ...r }) => r)).toEqual(metricRaw.map(({ total, ...r }) => r));
          // Sums of doubles added batch by batch differ from one sum in the last bits.
          metricRollup.forEach((r, i) => expect(r.total).toBeCloseTo(metricRaw[i]!.total, 3));
        }),
        { numRuns: 12 },
      );
    });

    it('lists the newest raw rows first, bounded by the limit', async () => {
      await stores.unnest.record({ interactions: Array.from({ length: 30 }, (_, i) => point({ y: i, path: i % 2 ? '/feed' : '/search' })) });
      await stores.json.record({ interactions: [point({ y: 999 })] });
      const dots = await recentInteractions(db, { path: '/feed', limit: 5 });
      expect(dots.map((d) => d.y)).toEqual([999, 29, 27, 25, 23]);
      expect(await recentPageViews(db, { limit: 10 })).toEqual([]);
    });

    it('deletes raw rows past the retention in small steps and keeps the rollups', async () => {
      const store = stores.unnest;
      const at = (ageMs: number) => new Date(NOW.getTime() - ageMs);
      // 20 rows 91 days old (three steps of 7), 5 a day old, 3 from 401 days ago (past the hourly rollups' 400).
      await store.record({
        interactions: [
          ...Array.from({ length: 20 }, () => point({ occurredAt: at(91 * DAY) })),
          ...Array.from({ length: 5 }, () => point({ occurredAt: at(DAY) })),
          ...Array.from({ length: 3 }, () => point({ occurredAt: at(401 * DAY) })),
        ],
        pageViews: [
          { occurredAt: at(91 * DAY), kind: 'view', path: '/feed', fromPath: null, memberId: null, visitorId: null, viewportWidth: null, viewportHeight: null },
        ],
        errors: [
          {
            occurredAt: at(120 * DAY),
            source: 'server',
            fingerprint: 'old',
            errorType: 'Error',
            severity: 'high',
            message: 'gone',
            stack: null,
            requestMethod: 'GET',
            requestPath: '/api/x',
            memberId: null,
            appVersion: null,
          },
        ],
        metrics: [{ occurredAt: at(100 * DAY), name: 'rss', value: 1, unit: 'MB', tags: {} }],
      });
      const cellPoints = async (table: string) =>
        Number((await sql<{ n: number }>`select coalesce(sum(points), 0)::int as n from ${sql.table(table)}`.execute(db)).rows[0]!.n);

      // Three hourly rollup rows from 401 days ago: the three clicks' cell, their page's heat-map figures, and the rage
      // burst they make (one place, one instant).
      expect(await store.cleanup()).toEqual({ rawRows: 23 + 1 + 1 + 1, rollupRows: 3 });
      expect(await count(db, T.interactions)).toBe(5);
      expect(
        Number(
          (
            await sql<{ n: number }>`select count(*)::int as n from ${sql.table(T.interactions)} where occurred_at < ${at(90 * DAY).toISOString()}::timestamptz`.execute(
              db,
            )
          ).rows[0]!.n,
        ),
      ).toBe(0);
      for (const table of [T.pageViews, T.errors, T.metrics]) expect(await count(db, table), table).toBe(0);
      // Hourly cells of the rows 91 days old stay; those 401 days old are gone.
      expect(await cellPoints(T.cellHourly)).toBe(25);
      expect(await count(db, T.pageHourly)).toBe(1);
      expect(await count(db, T.pageDaily)).toBe(1);
      expect(await count(db, T.errorGroups)).toBe(1);
      expect(await count(db, T.errorHourly)).toBe(1);
      expect(await count(db, T.metricHourly)).toBe(1);
      // A second run finds nothing more.
      expect(await store.cleanup()).toEqual({ rawRows: 0, rollupRows: 0 });
    });
  });
}

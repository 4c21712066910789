// POST /api/analytics/interactions and GET /api/admin/live-activity on the real server (issue 32 point 5): a
// batch of 1,000 points is stored whole with its rollups, one bad point refuses the whole batch and the
// tables stay as they were, bots are left out, the rollup's cells equal a count made here from the points
// (cellOf and bandOf, the client's and the contract's mapping), the heat map is answered from them, rage
// clicks are found at ingest, and members and the signed out are kept out of the admin route.
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BAND_CODES, bandOf, cellOf, type HeatmapResponse, type InteractionPointBody } from '../../api/contracts/heatmap.js';
import { TELEMETRY_TABLES as T } from '../../telemetry/tables.js';
import { openLiveSocket } from '../support/assistant-fixtures.js';
import { heardAfter } from '../support/live-socket.js';
import { signIn, startTestServer, type ApiClient, type TestServer } from '../support/test-server.js';
import { postAsBrowser } from '../support/browser-post.js';

const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const SENT = 1_700_000_000_000;
const ADMIN = 'ana-heatmap@example.com';
const ACTIONS = ['click', 'hover', 'scroll', 'focus'] as const;
const WIDTHS = [390, 768, 1280, 1600];

/** A small deterministic generator, so a failure can be replayed. */
const random = (seed: number) => () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};

const points = (count: number, seed = 1): InteractionPointBody[] => {
  const next = random(seed);
  return Array.from({ length: count }, (_, i) => {
    const width = WIDTHS[Math.floor(next() * WIDTHS.length)]!;
    return {
      at: SENT - 60_000 + i,
      path: next() < 0.5 ? '/feed' : '/search',
      action: ACTIONS[Math.floor(next() * ACTIONS.length)]!,
      // Every tenth point sits on a cell's edge (x a multiple of 1/60, y of 20 px).
      x: i % 10 === 0 ? Math.floor(next() * 60) / 60 : next(),
      y: i % 10 === 0 ? Math.floor(next() * 100) * 20 : Math.floor(next() * 3000),
      viewport: { width, height: 800 },
      fixed: next() < 0.1,
    };
  });
};
const batchOf = (list: unknown[], visitorId = 'tab-heatmap-1') => ({ sentAt: SENT, visitorId, points: list });

describe('interaction points and the heat map', () => {
  let server: TestServer;
  let admin: ApiClient;
  let member: ApiClient;
  const send = (body: unknown, options: { userAgent?: string; cookie?: string } = {}) =>
    postAsBrowser<{ ok?: true; stored?: number; error?: string }>(server.url, '/api/analytics/interactions', body, options);
  const count = async (table: string, column = 'count(*)') =>
    Number((await sql<{ n: number }>`select coalesce(${sql.raw(column)}, 0)::int as n from ${sql.table(table)}`.execute(server.sql.handle)).rows[0]!.n);
  const heatmap = async (query: string) => {
    const answer = await admin.get(`/api/admin/live-activity?${query}`);
    expect(answer.status).toBe(200);
    return (answer.body as HeatmapResponse).data;
  };

  beforeAll(async () => {
    server = await startTestServer({ env: { ANALYTICS: 'on', ADMIN_EMAILS: ADMIN } });
    [admin, member] = await Promise.all([signIn(server.url, ADMIN, 'Ana'), signIn(server.url, 'hal-member@example.com', 'Hal')]);
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });
  beforeEach(async () => {
    await sql`truncate ${sql.join(Object.values(T).map((t) => sql.table(t)))}`.execute(server.sql.handle);
  });

  it('stores a batch of 1,000 points whole, and its cells equal a count made from the points', async () => {
    const sent = points(1000);
    expect(await send(batchOf(sent), { cookie: member.cookie })).toEqual({ status: 202, body: { ok: true, stored: 1000 } });
    expect(await count(T.interactions)).toBe(1000);

    const expected = new Map<string, number>();
    for (const point of sent) {
      const { column, row } = cellOf(point.x, point.y);
      const band = point.viewport.width < 640 ? 0 : point.viewport.width < 1024 ? 1 : point.viewport.width < 1440 ? 2 : 3;
      expect(BAND_CODES[bandOf(point.viewport.width)]).toContain(band);
      const key = [point.path, band, point.action, point.fixed, column, row].join('|');
      expected.set(key, (expected.get(key) ?? 0) + 1);
    }
    const { rows } = await sql<{ key: string; n: number }>`
      select concat_ws('|', path, band, action, fixed::text, cell_x, cell_y) as key, sum(points)::int as n
      from ${sql.table(T.cellHourly)} group by 1`.execute(server.sql.handle);
    expect(new Map(rows.map((row) => [row.key, Number(row.n)]))).toEqual(expected);

    // The admin's heat map sums the same cells for a page and band (clicks, hovers and focus; scrolls are depths).
    const data = await heatmap('timeRange=24h&page=/feed&band=phone&limit=1000');
    const onCanvas = new Map<string, number>();
    for (const point of sent.filter((p) => p.path === '/feed' && bandOf(p.viewport.width) === 'phone' && p.action !== 'scroll')) {
      const { column, row } = cellOf(point.x, point.y);
      onCanvas.set(`${column}|${row}`, (onCanvas.get(`${column}|${row}`) ?? 0) + 1);
    }
    expect(new Map(data.cells.map((cell) => [`${cell.column}|${cell.row}`, cell.count]))).toEqual(onCanvas);
    const busiest = Math.max(...onCanvas.values());
    expect(data.cells.every((cell) => cell.intensity === cell.count / busiest)).toBe(true);
    const phoneOnFeed = sent.filter((p) => p.path === '/feed' && bandOf(p.viewport.width) === 'phone');
    expect(data.analytics.total).toBe(phoneOnFeed.length);
    expect(data.analytics.clicks).toBe(phoneOnFeed.filter((p) => p.action === 'click').length);
    expect(data.analytics.scrolls).toBe(phoneOnFeed.filter((p) => p.action === 'scroll').length);
    const depths = phoneOnFeed.filter((p) => p.action === 'scroll').map((p) => cellOf(p.x, p.y).row * 20);
    expect(data.insights.deepestScrollPx).toBe(Math.max(...depths));
    expect(data.insights.averageScrollPx).toBe(Math.round(depths.reduce((total, depth) => total + depth, 0) / depths.length));
    // The dots: the newest 50 points of the page and band, no scrolls, with the member who made them.
    expect(data.dots).toHaveLength(50);
    expect(data.dots.every((dot) => dot.page === '/feed' && dot.viewport_width === 390 && dot.action !== 'scroll' && dot.user_id === member.memberId)).toBe(true);
    const desktop = sent.filter((p) => bandOf(p.viewport.width) === 'desktop');
    const all = await heatmap('timeRange=1h&page=all&band=desktop');
    expect(all.topPages.map((p) => p.page).sort()).toEqual(['/feed', '/search']);
    expect(all.topPages.reduce((total, p) => total + p.count, 0)).toBe(desktop.length);
  });

  it('refuses a batch with one bad point whole, with a readable message, and leaves the tables as they were', async () => {
    expect((await send(batchOf(points(10, 2)))).body.stored).toBe(10);
    const before = [await count(T.interactions), await count(T.cellHourly, 'sum(points)')];
    const sent = points(999, 3);
    sent.splice(500, 0, { ...sent[0]!, x: 1.5 });
    const answer = await send(batchOf(sent));
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatch(/x/);
    expect((await send(batchOf([{ ...sent[0]!, path: 'no-slash' }]))).body.error).toMatch(/path starts with \//);
    expect((await send(batchOf([{ ...sent[0]!, action: 'drag' }]))).status).toBe(400);
    expect((await send(batchOf([]))).status).toBe(400);
    const tooMany = await send(batchOf(points(1001, 4)));
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error).toContain('At most 1000 points per batch');
    expect([await count(T.interactions), await count(T.cellHourly, 'sum(points)')]).toEqual(before);
  });

  it('answers a bot like anyone and leaves its batch out', async () => {
    expect(await send(batchOf(points(5)), { userAgent: GOOGLEBOT })).toEqual({ status: 202, body: { ok: true, stored: 0 } });
    expect(await count(T.interactions)).toBe(0);
  });

  it('finds rage clicks at ingest: a burst counts once, spread or slow clicks not at all', async () => {
    const click = (at: number, xPx: number, yPx: number) => ({
      at,
      path: '/feed',
      action: 'click',
      x: xPx / 1280,
      y: yPx,
      viewport: { width: 1280, height: 800 },
      fixed: false,
    });
    const burst = [0, 200, 400, 600, 800].map((t, i) => click(SENT - 30_000 + t, 600 + i * 5, 300 + i * 3));
    const slow = [0, 600, 1200].map((t) => click(SENT - 20_000 + t, 100, 100));
    const spread = [0, 100, 200].map((t, i) => click(SENT - 10_000 + t, 100 + i * 40, 500));
    expect((await send(batchOf([...burst, ...slow, ...spread]))).body.stored).toBe(11);
    const data = await heatmap('timeRange=1h&page=/feed&band=desktop');
    // Counted at the third click of the burst: 610 px of 1280 and 306 px.
    expect(data.insights.rageClicks).toBe(1);
    expect(data.insights.rageSpots).toEqual([{ page: '/feed', ...cellOf(610 / 1280, 306), count: 1 }]);
    // Another tab's clicks at the same place are not the first tab's burst.
    await send(batchOf([click(SENT - 5_000, 50, 50), click(SENT - 4_900, 52, 50)], 'tab-heatmap-2'));
    await send(batchOf([click(SENT - 4_800, 54, 50)], 'tab-heatmap-3'));
    expect((await heatmap('timeRange=1h&page=/feed&band=desktop')).insights.rageClicks).toBe(1);
  });

  it("tells the admins' sockets of a stored batch of points", async () => {
    const socket = await openLiveSocket(server.url, admin);
    try {
      await heardAfter(
        [socket],
        (m: { type?: string; interactions?: number }) => m.type === 'interactions_stored' && m.interactions === 3,
        () => send(batchOf(points(3)), { cookie: member.cookie }),
      );
    } finally {
      socket.close();
    }
  });

  it('answers an empty window, and refuses a bad query with a readable 400', async () => {
    const data = await heatmap('timeRange=1h&page=/nowhere&band=tablet');
    expect(data).toMatchObject({ cells: [], dots: [], analytics: { total: 0 }, insights: { rageClicks: 0, hottestCell: null, deepestScrollPx: null } });
    const bad = await admin.get('/api/admin/live-activity?timeRange=2h');
    expect(bad.status).toBe(400);
    expect((await admin.get('/api/admin/live-activity?page=feed')).status).toBe(400);
    expect((await admin.get('/api/admin/live-activity?limit=1001')).status).toBe(400);
  });

  it('keeps the heat map from members and the signed out', async () => {
    expect((await fetch(`${server.url}/api/admin/live-activity?timeRange=24h&page=all`)).status).toBe(401);
    expect((await member.get('/api/admin/live-activity?timeRange=24h&page=all')).status).toBe(403);
  });
});

// The heat map (issue 32 point 5) on PostgreSQL: GET /api/admin/live-activity for 30 days over 1,000,000
// points (target p99 <= 200 ms) through the real server, its session and admin guard, against a bare
// Fastify route computing the same cells from the raw points (what the rollup saves); and the interaction
// ingest, POST /api/analytics/interactions (target >= 5,000 points/s), as signed-in members' tabs send it,
// each batch stored with its cell and rage-click rollups in one statement, against a bare JSON POST.
// The million points are written straight into the raw table over 30 days (10 pages, four viewport widths,
// 40 hot spots a page with jitter and a fifth of them anywhere), and the hourly cells made from them with the
// ingest's own rollup statements (telemetry/raw-tables.ts), so the read meets the rows the ingest would have made.
import Fastify from 'fastify';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { startServer } from '../api/main.js';
import { INTERACTIONS_LIMITS } from '../api/contracts/heatmap-limits.js';
import { RAW_TABLE_DECLARATIONS } from '../telemetry/raw-tables.js';
import { TELEMETRY_TABLES as T } from '../telemetry/tables.js';
import { signIn } from '../test/support/sign-in.js';
import { BROWSER_USER_AGENT } from '../test/support/browser-post.js';
import type { BenchResult } from './support.js';
import { alternate, benchServerEnv, fmt, fmtWatch, freshDatabase, inBatches, median, watchProcess, type ProcessWatch } from './support.js';
import { assertWrkInstalled, expectAllOk, runWrk, runWrkGets, type WrkLine } from './wrk.js';

const POINTS = 1_000_000;
const PAGES = ['/', '/feed', '/search', '/dashboard', '/notifications', '/profile/a', '/profile/b', '/coming-soon', '/messages', '/book/x/y'];
const ADMIN = 'admin@heatmap.bench.example';
/** A few admins at once, one request per core: the heat map is an admin's screen, not a member's. */
const READ_CONNECTIONS = 2;
const SECONDS = 5;
/** Ingest: points per batch and members, as bench/analytics-ingest.ts sends page views. */
const BATCH_POINTS = 100;
// Enough members that none reaches the per-session limit (30 batches a minute) in the ingest's three 5 s rounds
// at 100,000 points/s (15 batches each).
const MEMBERS = 1_000;
const INGEST_CONNECTIONS = 20;

const seed = async (pool: pg.Pool) => {
  await pool.query('select setseed(0.32)');
  await pool.query(
    `insert into ${T.interactions} (occurred_at, path, action, x, y, viewport_width, viewport_height, fixed, member_id, visitor_id)
     select now() - random() * interval '30 days', (array[${PAGES.map((p) => `'${p}'`).join(',')}])[1 + (i % 10)],
       (array['click','click','hover','hover','hover','scroll','focus'])[1 + (i % 7)],
       case when hot then least(greatest(((spot * 37) % 100) / 100.0 + (random() - 0.5) * 0.04, 0), 1) else random() end,
       case when hot then greatest(((spot * 53) % 60) * 40 + ((random() - 0.5) * 80)::int, 0) else (random() * 3000)::int end,
       (array[390, 768, 1280, 1600])[1 + (i / 7) % 4], 800, i % 13 = 0, 'member-' || (i % 5000), 'tab-' || (i % 20000)
     from (select i, random() < 0.8 as hot, (random() * 40)::int as spot from generate_series(1, $1::int) as i) s`,
    [POINTS],
  );
};

/** The rollups made from the raw table by the ingest's own statements (telemetry/raw-tables.ts), read whole. */
const rollUp = async (pool: pg.Pool, db: Kysely<unknown>) => {
  const interactions = RAW_TABLE_DECLARATIONS.find((declaration) => declaration.kind === 'interactions')!;
  for (const upsert of interactions.rollups(sql`${sql.table(T.interactions)}`)) await upsert.execute(db);
  await pool.query(`vacuum analyze ${T.interactions}, ${T.cellHourly}, ${T.heatmapPageHourly}, ${T.rageHourly}`);
};

const ingestBody = (member: number, sentAt: number) =>
  JSON.stringify({
    sentAt,
    visitorId: `bench-tab-${member}`,
    points: Array.from({ length: BATCH_POINTS }, (_, i) => ({
      at: sentAt - (BATCH_POINTS - i) * 40,
      path: PAGES[(member + i) % PAGES.length]!,
      action: (['click', 'hover', 'hover', 'scroll', 'focus'] as const)[i % 5],
      x: ((member * 7 + i * 13) % 1000) / 1000,
      y: (member * 31 + i * 17) % 3000,
      viewport: { width: [390, 768, 1280, 1600][member % 4]!, height: 800 },
      fixed: i % 11 === 0,
    })),
  });

export const benchHeatmap = async (): Promise<BenchResult[]> => {
  await assertWrkInstalled();
  const database = await freshDatabase('heatmap');
  const server = await startServer(benchServerEnv(database.url, { ADMIN_EMAILS: ADMIN, ANALYTICS: 'on' }));
  const pool = new pg.Pool({ connectionString: database.url, max: 10 });
  const bareRead = Fastify({ logger: false });
  const bareIngest = Fastify({ logger: false, bodyLimit: 1024 * 1024 });
  try {
    const admin = await signIn(server.url, ADMIN, 'Bench Admin');
    const db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool }) });
    const seeding = performance.now();
    await seed(pool);
    await rollUp(pool, db);
    const seededMs = performance.now() - seeding;
    const rollupRows = Number((await pool.query(`select count(*)::int as n from ${T.cellHourly}`)).rows[0].n);
    // Bytes on disk per raw point and per hourly cell row, with their indexes (docs/scaling.md's telemetry growth).
    await pool.query(`vacuum analyze ${T.interactions}, ${T.cellHourly}`);
    const bytesEach = async (table: string, rows: number) =>
      Math.round(Number((await pool.query(`select pg_total_relation_size('${table}')::text as n`)).rows[0].n) / rows);
    const pointBytes = await bytesEach(T.interactions, POINTS);
    const cellBytes = await bytesEach(T.cellHourly, rollupRows);
    const path = '/api/admin/live-activity?timeRange=30d&page=%2Ffeed&limit=1000&band=desktop';
    const first = await admin.get<{ data: { analytics: { total: number } } }>(path);
    if (first.status !== 200 || first.body.data.analytics.total < POINTS / 40)
      throw new Error(`GET ${path} answered ${first.status}: ${JSON.stringify(first.body).slice(0, 300)}`);
    // One read of every page, and one of all pages at once, timed alone.
    const alone = async (query: string) => {
      const times: number[] = [];
      for (let i = 0; i < 5; i += 1) {
        const started = performance.now();
        const answer = await admin.get(`/api/admin/live-activity?${query}`);
        if (answer.status !== 200) throw new Error(`${query}: ${answer.status}`);
        times.push(performance.now() - started);
      }
      return median(times);
    };
    const allPagesMs = await alone('timeRange=30d&page=all&band=desktop');
    const phoneMs = await alone('timeRange=30d&page=%2Ffeed&band=phone');

    // The bare route: the same cells of /feed, desktop, 30 days, counted from the raw points.
    bareRead.get('/bare', async () => {
      const { rows } = await pool.query(
        `select least((round(x * 10000)::int * 60) / 10000, 59) as c, y / 20 as r, count(*)::int as n from ${T.interactions}
         where path = '/feed' and occurred_at >= now() - interval '30 days' and viewport_width >= 1024 and action <> 'scroll' group by 1, 2`,
      );
      return { cells: rows.length };
    });
    const bareReadOrigin = new URL(await bareRead.listen({ port: 0, host: '127.0.0.1' })).origin;
    const origin = new URL(server.url).origin;
    const read = async (what: string, at: string, cookie: string, url: string) =>
      expectAllOk(what, await runWrkGets(at, [{ cookie, path: url }], { connections: READ_CONNECTIONS, seconds: SECONDS }));
    let worst = 0;
    const p99s: number[] = [];
    const bareP99s: number[] = [];
    const watches: ProcessWatch[] = [];
    await read('heat map warm-up', origin, admin.cookie, path);
    const reads = await alternate(
      3,
      async () => {
        const { value: r, watch } = await watchProcess(() => read('heat map', origin, admin.cookie, path));
        worst = Math.max(worst, r.p99);
        p99s.push(r.p99);
        watches.push(watch);
        return r.rps;
      },
      async () => {
        const r = await read('raw scan', bareReadOrigin, '', '/bare');
        bareP99s.push(r.p99);
        while (pool.waitingCount > 0 || pool.idleCount < pool.totalCount) await new Promise((resolve) => setTimeout(resolve, 20));
        return r.rps;
      },
    );
    const readResult: BenchResult = {
      name: 'Heat map for 30 days over 1,000,000 points vs the same cells counted from the raw points',
      subject:
        `GET /api/admin/live-activity?timeRange=30d&page=/feed&band=desktop as an admin (session cookie, the admin guard): cells, 50 dots, top 5 pages, ` +
        `Analytics and Insights from ${fmt(rollupRows)} hourly cell rows made from ${fmt(POINTS)} points over 30 days (10 pages, 4 widths) on PostgreSQL, ${READ_CONNECTIONS} connections (wrk)`,
      baseline: `bare Fastify GET counting the same cells from the raw points (pg pool of 10) (wrk, ${READ_CONNECTIONS} connections)`,
      subjectValue: reads.subject,
      baselineValue: reads.baseline,
      unit: 'requests/s',
      ratio: reads.subject / reads.baseline,
      target: 'p99 <= 200 ms',
      pass: worst <= 200,
      notes:
        `worst p99 ${worst} ms (runs ${p99s.map(Math.round).join(', ')} ms; the raw count's ${bareP99s.map(Math.round).join(', ')} ms); ` +
        `one request alone, median of 5: all pages ${Math.round(allPagesMs)} ms, /feed phone ${Math.round(phoneMs)} ms; seeded and rolled up in ${fmt(seededMs / 1000)} s; ${pointBytes} bytes on disk a raw point, ${cellBytes} an hourly cell row (with indexes); ` +
        `${watches.map((w, i) => `run ${i + 1} ${fmtWatch(w)}`).join('; ')}; runs subject ${reads.subjectRuns.map(Math.round).join(', ')}; baseline ${reads.baselineRuns.map(Math.round).join(', ')}`,
    };

    // Ingest.
    const members = await inBatches(MEMBERS, 10, (i) => signIn(server.url, `heat-${i}@bench.example`, `Heat ${i}`));
    const now = Date.now();
    const lines: WrkLine[] = members.map((member, i) => ({ cookie: member.cookie, body: ingestBody(i, now) }));
    const stored = async () => Number((await pool.query(`select count(*)::int as n from ${T.interactions}`)).rows[0].n);
    bareIngest.post('/bare', async (request, reply) => reply.code(202).send({ ok: true, stored: (request.body as { points: unknown[] }).points.length }));
    const bareIngestUrl = `${await bareIngest.listen({ port: 0, host: '127.0.0.1' })}/bare`;
    const send = async (what: string, url: string) =>
      expectAllOk(what, await runWrk(url, lines, { connections: INGEST_CONNECTIONS, seconds: SECONDS, origin, userAgent: BROWSER_USER_AGENT }));
    let requests = 0;
    const ingestP99s: number[] = [];
    const ingestWatches: ProcessWatch[] = [];
    const before = await stored();
    const ingest = await alternate(
      3,
      async () => {
        const { value: r, watch } = await watchProcess(() => send('ingest', `${server.url}/api/analytics/interactions`));
        requests += r.requests;
        ingestP99s.push(r.p99);
        ingestWatches.push(watch);
        return r.rps * BATCH_POINTS;
      },
      async () => (await send('bare', bareIngestUrl)).rps * BATCH_POINTS,
    );
    const after = await stored();
    if (after - before < requests * BATCH_POINTS) throw new Error(`stored ${after - before} points for ${requests} batches of ${BATCH_POINTS}: some were left out`);
    const ingestResult: BenchResult = {
      name: 'Interaction ingest through the HTTP server vs a bare JSON POST',
      subject:
        `POST /api/analytics/interactions, batches of ${BATCH_POINTS} clicks, hovers, scrolls and focus from ${MEMBERS} signed-in members in turn (session cookie, ` +
        `a browser's user agent, the ${INTERACTIONS_LIMITS.batchesPerMinute}-a-minute limit), each validated and stored with its cell and rage-click rollups in one statement ` +
        `on PostgreSQL beside ${fmt(POINTS)} points, ${INGEST_CONNECTIONS} connections (wrk)`,
      baseline: `bare Fastify POST parsing the same JSON and answering 202 without storing (wrk, ${INGEST_CONNECTIONS} connections)`,
      subjectValue: ingest.subject,
      baselineValue: ingest.baseline,
      unit: 'points/s',
      ratio: ingest.subject / ingest.baseline,
      target: '>= 5,000 points/s',
      pass: ingest.subject >= 5000,
      notes:
        `${fmt(after - before)} points stored in the measured runs; p99 per batch ${ingestP99s.map(Math.round).join(', ')} ms; ` +
        `${ingestWatches.map((w, i) => `run ${i + 1} ${fmtWatch(w)}`).join('; ')}; runs subject ${ingest.subjectRuns.map(Math.round).join(', ')}; baseline ${ingest.baselineRuns.map(Math.round).join(', ')}`,
    };
    return [readResult, ingestResult];
  } finally {
    await bareRead.close();
    await bareIngest.close();
    await pool.end();
    await server.close();
    await database.drop();
  }
};

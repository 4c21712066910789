// The analytics ingest (issue 31 point 5, target >= 5,000 points/s): POST /api/analytics/events batches
// through the real HTTP server on PostgreSQL, as signed-in members' tabs send them (a browser's user
// agent, the session cookie, the 30-batches-a-minute limit per session: many members, each batch from the
// next), each batch validated and stored with its page rollups in one statement; against a bare Fastify
// route that parses the same JSON and answers 202 without storing (the HTTP and JSON floor). wrk at 20
// connections, measured alternately; the points stored are counted afterwards, so a batch left out (a
// bot's, a limit's) cannot pass for one stored.
import Fastify from 'fastify';
import pg from 'pg';
import { startServer } from '../api/main.js';
import { ANALYTICS_LIMITS } from '../api/contracts/analytics-limits.js';
import { signIn } from '../test/support/sign-in.js';
import { TELEMETRY_TABLES } from '../telemetry/tables.js';
import type { BenchResult } from './support.js';
import { alternate, benchServerEnv, fmt, fmtWatch, freshDatabase, inBatches, watchProcess, type ProcessWatch } from './support.js';
import { assertWrkInstalled, expectAllOk, runWrk, type WrkLine } from './wrk.js';
import { BROWSER_USER_AGENT } from '../test/support/browser-post.js';

const CONNECTIONS = 20;
const SECONDS = 5;
/** Points per batch: a tab's 5 s is a few; this is many tabs' worth, so the bench measures the store, not the request. */
const POINTS = 100;
/**
 * Enough members that none reaches the per-session limit (30 batches a minute) in the three 5 s rounds at
 * 100,000 points/s (15 batches each): 300 were too few once a quiet machine passed 60,000 (429s ended a full run).
 */
const MEMBERS = 1_000;
const PATHS = ['/', '/feed', '/search', '/dashboard', '/notifications', '/profile/a', '/profile/b', '/coming-soon', '/messages', '/book/x/y'];

const batchBody = (member: number, sentAt: number) =>
  JSON.stringify({
    sentAt,
    visitorId: `bench-tab-${member}`,
    events: Array.from({ length: POINTS }, (_, i) => {
      const path = PATHS[(member + i) % PATHS.length]!;
      return i % 2 === 0
        ? { at: sentAt - (POINTS - i) * 40, kind: 'view', path }
        : { at: sentAt - (POINTS - i) * 40, kind: 'navigation', path, from: PATHS[(member + i + 3) % PATHS.length]! };
    }),
  });

export const benchAnalyticsIngest = async (): Promise<BenchResult> => {
  await assertWrkInstalled();
  const database = await freshDatabase('analytics_ingest');
  const server = await startServer(benchServerEnv(database.url));
  const pool = new pg.Pool({ connectionString: database.url, max: 2 });
  const bare = Fastify({ logger: false, bodyLimit: 1024 * 1024 });
  try {
    const members = await inBatches(MEMBERS, 10, (i) => signIn(server.url, `ingest-${i}@bench.example`, `Ingest ${i}`));
    const now = Date.now();
    const lines: WrkLine[] = members.map((member, i) => ({ cookie: member.cookie, body: batchBody(i, now) }));
    const stored = async () => Number((await pool.query(`select count(*)::int as n from ${TELEMETRY_TABLES.pageViews}`)).rows[0].n);
    bare.post('/bare', async (request, reply) => reply.code(202).send({ ok: true, stored: (request.body as { events: unknown[] }).events.length }));
    const bareUrl = `${await bare.listen({ port: 0, host: '127.0.0.1' })}/bare`;
    const origin = new URL(server.url).origin;
    const load = async (what: string, url: string) =>
      expectAllOk(what, await runWrk(url, lines, { connections: CONNECTIONS, seconds: SECONDS, origin, userAgent: BROWSER_USER_AGENT }));

    let requests = 0;
    const p99s: number[] = [];
    const watches: ProcessWatch[] = [];
    const subject = async () => {
      const { value: r, watch } = await watchProcess(() => load('ingest', `${server.url}/api/analytics/events`));
      requests += r.requests;
      p99s.push(r.p99);
      watches.push(watch);
      return r.rps * POINTS;
    };
    const baseline = async () => (await load('bare', bareUrl)).rps * POINTS;
    const before = await stored();
    const m = await alternate(3, subject, baseline);
    const after = await stored();
    // wrk counts the requests answered in its window; every one of them stored its whole batch.
    if (after - before < requests * POINTS) throw new Error(`stored ${after - before} points for ${requests} batches of ${POINTS}: some were left out`);
    // Bytes on disk per stored point, the raw table with its indexes (docs/scaling.md's telemetry growth).
    await pool.query(`vacuum analyze ${TELEMETRY_TABLES.pageViews}`);
    const bytes = Number((await pool.query(`select pg_total_relation_size('${TELEMETRY_TABLES.pageViews}')::text as n`)).rows[0].n);
    return {
      name: 'Analytics ingest through the HTTP server vs a bare JSON POST',
      subject:
        `POST /api/analytics/events, batches of ${POINTS} page views and navigations from ${MEMBERS} signed-in members in turn (session cookie, ` +
        `a browser's user agent, the ${ANALYTICS_LIMITS.batchesPerMinute}-a-minute limit), each validated and stored with its page rollups in one statement on PostgreSQL, ${CONNECTIONS} connections (wrk)`,
      baseline: `bare Fastify POST parsing the same JSON and answering 202 without storing (wrk, ${CONNECTIONS} connections)`,
      subjectValue: m.subject,
      baselineValue: m.baseline,
      unit: 'points/s',
      ratio: m.subject / m.baseline,
      target: '>= 5,000 points/s',
      pass: m.subject >= 5000,
      notes:
        `${fmt(after - before)} points stored in the measured runs, ${Math.round(bytes / after)} bytes on disk each with the raw table's indexes; p99 per batch ${p99s.map(Math.round).join(', ')} ms; ` +
        `${watches.map((w, i) => `run ${i + 1} ${fmtWatch(w)}`).join('; ')}; runs subject ${m.subjectRuns.map(Math.round).join(', ')}; baseline ${m.baselineRuns.map(Math.round).join(', ')}`,
    };
  } finally {
    await bare.close();
    await pool.end();
    await server.close();
    await database.drop();
  }
};

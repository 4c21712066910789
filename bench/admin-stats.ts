// The admin dashboard's figures (issue 31 points 3, 4) over 100,000 members and 1,000,000 of their
// actions on PostgreSQL: GET /api/admin/stats through the real server, its session and admin guard, at
// 50 connections; against a bare Fastify route that computes the same figures per request (the same
// query, no cache). The rows are written straight into the admin-users read model (as bench/admin-users.ts
// seeds it): each member's journey times, one timeline row per action (1,000,000 over two years, a
// twentieth of them in the last two days), the active spans, the sessions requested and the counters. The bench measures the read, and the cache that holds it
// (projections/admin-users/admin-stats-cache.ts, refreshed every 2 s meanwhile).
import Fastify from 'fastify';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { startServer } from '../api/main.js';
import { adminStats } from '../projections/admin-users/admin-stats.js';
import type { ReadModelsDb } from '../projections/read-models.js';
import { signIn } from '../test/support/sign-in.js';
import type { BenchResult } from './support.js';
import { alternate, benchServerEnv, fmtWatch, freshDatabase, median, watchProcess, type ProcessWatch } from './support.js';
import { assertWrkInstalled, expectAllOk, runWrkGets } from './wrk.js';

const MEMBERS = 100_000;
const ACTIONS = 1_000_000;
const CONNECTIONS = 50;
const SECONDS = 5;
const ADMIN = 'admin@bench.example';

/**
 * Members joined over two years; 60 % teach (a day after joining), 30 % have a ready profile (two days
 * after), 20 % booked (three days after), half of whom are ready. Actions spread over two years, a
 * twentieth in the last 48 hours; one session request per booking member and a second for every fourth.
 */
const seed = async (pool: pg.Pool) => {
  await pool.query(
    `insert into admin_users (member_id, name, email, search_key, avatar_url, location, bio, skills_to_teach, skills_to_learn, joined_at,
       last_activity_at, activity_count, session_count, completed_session_count, first_taught_at, profile_ready_at, first_booked_at, journey_booked_at,
       active_since)
     select 'bench-' || i, 'Member ' || i, 'member' || i || '@bench.example', 'member ' || i || ' member' || i || '@bench.example',
       case when i % 10 < 3 then '/media/' || i || '.jpg' end, case when i % 10 < 5 then 'Berlin' else '' end, case when i % 10 < 4 then 'Hello' else '' end,
       case when i % 10 < 6 then '[{"id":"k","name":"Chess"}]'::jsonb else '[]'::jsonb end,
       case when i % 10 < 3 then '["Piano"]'::jsonb else '[]'::jsonb end,
       joined, null, 10, 0, 0,
       case when i % 10 < 6 then joined + interval '1 day' end,
       case when i % 10 < 3 then joined + interval '2 days' end,
       case when i % 5 in (1, 3) then joined + interval '3 days' end,
       case when i % 10 in (1) then joined + interval '3 days' end, null
     from (select i, now() - (i % 730) * interval '1 day' - (i % 86400) * interval '1 second' as joined from generate_series(1, $1::int) as i) as m`,
    [MEMBERS],
  );
  await pool.query(
    `insert into admin_user_activities (member_id, position, activity_type, page_path, occurred_at)
     select 'bench-' || (1 + i % $1), i, 'ProfileDetailsChanged', '/profile',
       case when i % 20 = 0 then now() - (i % 172800) * interval '1 second' else now() - (i % 63072000) * interval '1 second' end
     from generate_series(1, $2::int) as i`,
    [MEMBERS, ACTIONS],
  );
  // The active spans as the projector makes them: a new one after 24 h without an action.
  await pool.query(`insert into admin_active_spans (member_id, started_at, ends_at)
    select member_id, min(occurred_at), max(occurred_at) + interval '24 hours' from (
      select member_id, occurred_at, sum(case when prev is null or occurred_at - prev > interval '24 hours' then 1 else 0 end)
        over (partition by member_id order by occurred_at) as span
      from (select member_id, occurred_at, lag(occurred_at) over (partition by member_id order by occurred_at) as prev from admin_user_activities
        where member_id like 'bench-%') a) b
    group by member_id, span`);
  await pool.query(`update admin_users u set last_activity_at = s.last, active_since = s.since
    from (select member_id, max(ends_at) - interval '24 hours' as last, max(started_at) as since from admin_active_spans
      where member_id like 'bench-%' group by member_id) s
    where s.member_id = u.member_id`);
  await pool.query(
    `insert into admin_session_requests (session_id, student_id, requested_at)
     select 's-' || member_id || '-' || n, member_id, first_booked_at + n * interval '1 hour' from admin_users, generate_series(0, 1) as n
     where first_booked_at is not null and (n = 0 or right(member_id, 1) in ('0', '4'))`,
  );
  // The projector's running totals, added to what it counted of the admin's own sign-in.
  await pool.query(
    `insert into admin_stat_counters (metric, count)
    select 'members', count(*) from bench union all select 'taught', count(first_taught_at) from bench
    union all select 'ready', count(profile_ready_at) from bench union all select 'journey', count(journey_booked_at) from bench
    union all select 'booked', count(first_booked_at) from bench union all select 'sessions', (select count(*) from admin_session_requests)
    union all select 'profile_parts', sum((name <> '')::int + (bio <> '')::int + (location <> '')::int + (avatar_url is not null)::int
      + (jsonb_array_length(skills_to_teach) > 0)::int + (jsonb_array_length(skills_to_learn) > 0)::int) from bench
    on conflict (metric) do update set count = admin_stat_counters.count + excluded.count`.replaceAll(
      ' from bench',
      " from (select * from admin_users where member_id like 'bench-%') b",
    ),
  );
  await pool.query('vacuum analyze admin_users, admin_user_activities, admin_session_requests, admin_active_spans, admin_stat_counters');
};

export const benchAdminStats = async (): Promise<BenchResult> => {
  await assertWrkInstalled();
  const database = await freshDatabase('admin_stats');
  const server = await startServer(benchServerEnv(database.url, { ADMIN_EMAILS: ADMIN }));
  const pool = new pg.Pool({ connectionString: database.url, max: 10 });
  const db = new Kysely<ReadModelsDb>({ dialect: new PostgresDialect({ pool }) });
  const bare = Fastify({ logger: false });
  try {
    const admin = await signIn(server.url, ADMIN, 'Bench Admin');
    // The admin's own sign-in projected first, so the seed adds to what the projector counted.
    for (let tries = 0; (await pool.query('select 1 from admin_users where email = $1', [ADMIN])).rowCount === 0; tries += 1) {
      if (tries > 200) throw new Error("The admin's row never appeared in admin_users");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await seed(pool);
    // One read of the figures, uncached, as the cache's load makes it.
    const loads: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const started = performance.now();
      await adminStats(db, new Date().toISOString());
      loads.push(performance.now() - started);
    }
    const first = await admin.get<{ totalUsers: { value: number }; totalSessions: { value: number } }>('/api/admin/stats');
    if (first.status !== 200 || first.body.totalUsers.value < MEMBERS) throw new Error(`GET /api/admin/stats answered ${first.status}: ${JSON.stringify(first.body)}`);
    bare.get('/bare', async () => adminStats(db, new Date().toISOString()));
    const bareOrigin = new URL(await bare.listen({ port: 0, host: '127.0.0.1' })).origin;
    const origin = new URL(server.url).origin;
    const load = async (what: string, at: string, cookie: string, path: string) =>
      expectAllOk(what, await runWrkGets(at, [{ cookie, path }], { connections: CONNECTIONS, seconds: SECONDS }));

    let worst = 0;
    const p99s: number[] = [];
    const bareP99s: number[] = [];
    const watches: ProcessWatch[] = [];
    const subject = async () => {
      const { value: r, watch } = await watchProcess(() => load('stats', origin, admin.cookie, '/api/admin/stats'));
      worst = Math.max(worst, r.p99);
      p99s.push(r.p99);
      watches.push(watch);
      return r.rps;
    };
    const baseline = async () => {
      const r = await load('bare', bareOrigin, '', '/bare');
      bareP99s.push(r.p99);
      // wrk stops sending, but the bare route's queued computations (seconds of PostgreSQL at 50
      // connections) would run on into the next round of the cached route and starve it of the cores.
      while (pool.waitingCount > 0 || pool.idleCount < pool.totalCount) await new Promise((resolve) => setTimeout(resolve, 20));
      return r.rps;
    };
    await load('stats warm-up', origin, admin.cookie, '/api/admin/stats');
    const m = await alternate(3, subject, baseline);
    return {
      name: 'Admin dashboard figures over 100,000 members and 1,000,000 actions vs the same figures computed per request',
      subject:
        `GET /api/admin/stats as an admin (session cookie, the admin guard), the figures now and at the same time yesterday over ${MEMBERS.toLocaleString('en-US')} ` +
        `members, ${ACTIONS.toLocaleString('en-US')} actions and ${first.body.totalSessions.value.toLocaleString('en-US')} sessions of the admin-users read model on PostgreSQL, ` +
        `answered from the projection runtime's cache of the query (refreshed every 2 s), ${CONNECTIONS} connections (wrk)`,
      baseline: 'bare Fastify GET computing the same figures per request (the same query, pg pool of 10, no cache) (wrk)',
      subjectValue: m.subject,
      baselineValue: m.baseline,
      unit: 'requests/s',
      ratio: m.subject / m.baseline,
      target: 'p99 <= 50 ms',
      pass: worst <= 50,
      notes:
        `worst p99 of the figures ${worst} ms (runs ${p99s.map(Math.round).join(', ')} ms; the bare computation's ${bareP99s.map(Math.round).join(', ')} ms); ` +
        `one uncached read of the figures ${Math.round(median(loads))} ms (median of 5: ${loads.map(Math.round).join(', ')}); ` +
        `${watches.map((w, i) => `run ${i + 1} ${fmtWatch(w)}`).join('; ')}; runs subject ${m.subjectRuns.map(Math.round).join(', ')}; baseline ${m.baselineRuns.map(Math.round).join(', ')}`,
    };
  } finally {
    await bare.close();
    await db.destroy();
    await server.close();
    await database.drop();
  }
};

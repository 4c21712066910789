// The admin's users directory search (issue 31 point 6) over 100,000 members on PostgreSQL: GET
// /api/admin/users?search= as the page asks it (parts of names and e-mails, some with the Active filter),
// through the real server, its session and admin guard, at 10 connections; against a bare Fastify route
// reading the newest 50 rows of the same table by its index. The members are written straight into the
// admin-users read model (as bench/skill-search-seed.ts seeds its model): the bench measures the search.
import Fastify from 'fastify';
import pg from 'pg';
import { startServer } from '../api/main.js';
import { signIn } from '../test/support/sign-in.js';
import type { BenchResult } from './support.js';
import { alternate, benchServerEnv, fmtWatch, freshDatabase, watchProcess, type ProcessWatch } from './support.js';
import { assertWrkInstalled, expectAllOk, runWrkGets, type WrkGet } from './wrk.js';

const MEMBERS = 100_000;
const CONNECTIONS = 10;
const SECONDS = 5;
const ADMIN = 'admin@bench.example';
const FIRST = ['Ann', 'Bob', 'Carla', 'Dmitri', 'Elena', 'Farid', 'Grace', 'Hiro', 'Ines', 'Jonas', 'Kemal', 'Lucia', 'Mateo', 'Nadia', 'Omar', 'Priya'];
const LAST = ['Smith', 'Garcia', 'Nguyen', 'Okafor', 'Schmidt', 'Rossi', 'Tanaka', 'Kowalski', 'Haddad', 'Larsen', 'Silva', 'Dubois', 'Novak', 'Patel'];
const DOMAINS = ['example.com', 'mail.example.org', 'skills.example.net', 'uni.example.edu'];
// What an admin types: a first or last name, a part of one, an e-mail's domain, one member's address.
const QUERIES = [
  'search=garcia',
  'search=priya',
  'search=kowal',
  'search=example.edu',
  'search=nadia.okafor',
  'search=tanaka&filter=active',
  'search=member12345',
  'search=ines%20l',
  'search=zzz-nobody',
  'search=smith&filter=inactive',
  'search=ar',
  'filter=active',
];

/** One statement: names and e-mails from the lists, join times over two years, a tenth active in the last day. */
const seed = async (pool: pg.Pool) => {
  await pool.query(
    `insert into admin_users (member_id, name, email, search_key, avatar_url, location, bio, skills_to_teach, skills_to_learn, joined_at,
       last_activity_at, activity_count, session_count, completed_session_count)
     select 'bench-' || i, name, email, lower(name || ' ' || email), null, 'Berlin', '', '[]'::jsonb, '[]'::jsonb,
       now() - (i % 730) * interval '1 day' - (i % 86400) * interval '1 second',
       case when i % 10 = 0 then now() - (i % 20) * interval '1 hour' else now() - (i % 90 + 2) * interval '1 day' end,
       i % 50, i % 7, i % 5
     from (select i, ($1::text[])[1 + i % $3] || ' ' || ($2::text[])[1 + (i / $3) % $4] as name,
             lower(($1::text[])[1 + i % $3] || '.' || ($2::text[])[1 + (i / $3) % $4]) || '.member' || i || '@' || ($5::text[])[1 + i % $6] as email
           from generate_series(1, $7::int) as i) as m`,
    [FIRST, LAST, FIRST.length, LAST.length, DOMAINS, DOMAINS.length, MEMBERS],
  );
  await pool.query('analyze admin_users');
};

export const benchAdminUsers = async (): Promise<BenchResult> => {
  await assertWrkInstalled();
  const database = await freshDatabase('admin_users');
  const server = await startServer(benchServerEnv(database.url, { ADMIN_EMAILS: ADMIN }));
  const pool = new pg.Pool({ connectionString: database.url, max: 10 });
  const bare = Fastify({ logger: false });
  try {
    const admin = await signIn(server.url, ADMIN, 'Bench Admin');
    await seed(pool);
    const counts: string[] = [];
    for (const query of QUERIES) {
      const r = await admin.get<{ users: unknown[]; next_cursor: string | null }>(`/api/admin/users?${query}`);
      if (r.status !== 200) throw new Error(`GET /api/admin/users?${query} answered ${r.status}: ${JSON.stringify(r.body)}`);
      counts.push(`${r.body.users.length}${r.body.next_cursor ? '+' : ''}`);
    }
    const requests: WrkGet[] = QUERIES.map((query) => ({ cookie: admin.cookie, path: `/api/admin/users?${query}` }));
    bare.get('/bare', async () => ({ users: (await pool.query('select * from admin_users order by joined_at desc, member_id desc limit 50')).rows }));
    const bareOrigin = new URL(await bare.listen({ port: 0, host: '127.0.0.1' })).origin;
    const origin = new URL(server.url).origin;
    const load = async (what: string, at: string, lines: readonly WrkGet[]) =>
      expectAllOk(what, await runWrkGets(at, lines, { connections: CONNECTIONS, seconds: SECONDS }));

    let worst = 0;
    const p99s: number[] = [];
    const bareP99s: number[] = [];
    const watches: ProcessWatch[] = [];
    const subject = async () => {
      const { value: r, watch } = await watchProcess(() => load('search', origin, requests));
      worst = Math.max(worst, r.p99);
      p99s.push(r.p99);
      watches.push(watch);
      return r.rps;
    };
    const baseline = async () => {
      const r = await load('bare', bareOrigin, [{ cookie: '', path: '/bare' }]);
      bareP99s.push(r.p99);
      return r.rps;
    };
    await load('search warm-up', origin, requests);
    await load('bare warm-up', bareOrigin, [{ cookie: '', path: '/bare' }]);
    const m = await alternate(3, subject, baseline);
    return {
      name: 'Admin users search over 100,000 members vs a bare 50-row indexed read',
      subject:
        `GET /api/admin/users?search= as an admin (session cookie, the admin guard) x ${QUERIES.length} queries in turn (names, parts, domains, ` +
        `one address, two letters, with and without the Active / Inactive filter; first pages of ${counts.join(', ')}) over ${MEMBERS.toLocaleString('en-US')} members ` +
        `of the admin-users read model on PostgreSQL, ${CONNECTIONS} connections (wrk)`,
      baseline: 'bare Fastify GET reading the newest 50 rows of admin_users by its index (pg pool of 10) and answering them as JSON (wrk)',
      subjectValue: m.subject,
      baselineValue: m.baseline,
      unit: 'requests/s',
      ratio: m.subject / m.baseline,
      target: 'p99 <= 50 ms',
      pass: worst <= 50,
      notes: `worst p99 of the search ${worst} ms (runs ${p99s.map(Math.round).join(', ')} ms; the bare read's ${bareP99s.map(Math.round).join(', ')} ms); ${watches.map((w, i) => `run ${i + 1} ${fmtWatch(w)}`).join('; ')}; runs subject ${m.subjectRuns.map(Math.round).join(', ')}; baseline ${m.baselineRuns.map(Math.round).join(', ')}`,
    };
  } finally {
    await bare.close();
    await pool.end();
    await server.close();
    await database.drop();
  }
};

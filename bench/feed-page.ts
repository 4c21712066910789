// (g) The feed's first page (GET /api/posts as the browser asks it: session cookie, 20 post cards with
// authors, 'liked by me', AI status and the four stat counts) on PostgreSQL holding 100,000 posts,
// 1,000,000 comments, 1.8 million likes and 2,000 members, against a bare Fastify route that reads 20 rows
// by one indexed query and answers them as JSON. The subject's requests come from MEMBERS signed-in
// members in turn, each liking some of the newest posts, over the page's four first views (newest, most
// popular, an urgency card, a category), so no two requests in a row are one member's: what is measured
// is the page shared by the members (projections/feed/first-page.ts) with each member's likes marked on it.
// Two more figures, not targets: the same load while another member posts every 250 ms, and the page when
// every request loads it afresh.
// Load from wrk in its own process, 50 connections, subject and baseline alternately.
import Fastify from 'fastify';
import pg from 'pg';
import { startServer } from '../api/main.js';
import { signIn } from '../test/support/sign-in.js';
import { FEED_SIZE, seedFeed } from './feed-seed.js';
import type { BenchResult } from './support.js';
import { alternate, benchServerEnv, fmt, fmtWatch, freshDatabase, inBatches, watchProcess, type ProcessWatch } from './support.js';
import { assertWrkInstalled, runWrkGets, type WrkGet } from './wrk.js';

const CONNECTIONS = 50;
const SECONDS = 5;
const MEMBERS = 200;
const VIEWS = ['/api/posts', '/api/posts?sort=popular', '/api/posts?urgency=high', '/api/posts?category=design'];

export const benchFeedPage = async (): Promise<BenchResult> => {
  await assertWrkInstalled();
  const database = await freshDatabase('feed');
  const server = await startServer(benchServerEnv(database.url));
  const pool = new pg.Pool({ connectionString: database.url, max: 10 });
  const bare = Fastify({ logger: false });
  try {
    const members = await inBatches(MEMBERS, 20, (i) => signIn(server.url, `feed-bench-${i}@example.com`));
    await seedFeed(database.url);
    // Each bench member likes a third of the 60 newest posts, so 'liked by me' differs from member to member.
    await pool.query(
      `insert into feed_post_likes (post_id, member_id, liked_at)
       select 'bench-post-' || i, m.id, now() from unnest($1::text[]) with ordinality as m(id, n), generate_series(1, 60) as i
       where (i + m.n) % 3 = 0`,
      [members.map((m) => m.memberId)],
    );
    for (const view of VIEWS) {
      const first = await members[0]!.get<{ posts: { liked_by_me: boolean }[]; stats: unknown }>(view);
      if (first.status !== 200 || first.body.posts.length !== 20) throw new Error(`GET ${view} answered ${first.status} with ${first.body.posts?.length} posts`);
    }
    const liked = (await members[1]!.get<{ posts: { liked_by_me: boolean }[] }>('/api/posts')).body.posts.filter((p) => p.liked_by_me).length;
    if (liked === 0) throw new Error('GET /api/posts marked none of the bench member’s likes');
    bare.get('/bare', async () => {
      const { rows } = await pool.query('select * from feed_posts where deleted = false order by created_at desc, id desc limit 20');
      return { posts: rows };
    });
    const bareUrl = new URL(await bare.listen({ port: 0, host: '127.0.0.1' }));
    // Member i asks view i mod 4, then member i+1 the next view: every member and view in turn.
    const requests: WrkGet[] = members.flatMap((member, i) => VIEWS.map((_, k) => ({ cookie: member.cookie, path: VIEWS[(i + k) % VIEWS.length]! })));
    const bareRequests: WrkGet[] = [{ cookie: '', path: '/bare' }];
    const opts = { connections: CONNECTIONS, seconds: SECONDS };
    const subjectP99s: number[] = [];
    const watches: ProcessWatch[] = [];
    const subject = async () => {
      const { value: r, watch } = await watchProcess(() => runWrkGets(server.url, requests, opts));
      if (r.non2xx > 0 || r.errors > 0) throw new Error(`GET /api/posts: ${r.non2xx} non-2xx, ${r.errors} errors`);
      subjectP99s.push(r.p99);
      watches.push(watch);
      return r.rps;
    };
    let baselineP99 = 0;
    const baseline = async () => {
      const r = await runWrkGets(bareUrl.origin, bareRequests, opts);
      baselineP99 = Math.max(baselineP99, r.p99);
      return r.rps;
    };
    await runWrkGets(server.url, requests, { ...opts, seconds: 2 }); // warm-up
    await runWrkGets(bareUrl.origin, bareRequests, { ...opts, seconds: 2 });
    const m = await alternate(3, subject, baseline);
    const ratio = m.subject / m.baseline;
    const subjectP99 = Math.max(...subjectP99s);
    // Not targets: the same requests while another member posts every 250 ms (each post clears the shared
    // pages), and each request with a query string of its own, so the shared page never answers twice.
    const writer = await signIn(server.url, 'feed-bench-writer@example.com');
    let posted = 0;
    const posting = setInterval(() => {
      void writer.post('/api/feed-posts', { content: `Churn post ${(posted += 1)} #react`, category: 'development', urgency: 'low' });
    }, 250);
    const churn = await runWrkGets(server.url, requests, opts).finally(() => clearInterval(posting));
    const fresh = await runWrkGets(
      server.url,
      requests.map((r, i) => ({ ...r, path: `${r.path}${r.path.includes('?') ? '&' : '?'}limit=20&n=${i}` })),
      opts,
    );
    return {
      name: 'Feed first page vs a bare 20-row indexed read',
      subject: `GET /api/posts and three filtered first pages by ${MEMBERS} members in turn (session cookies, ${FEED_SIZE.posts.toLocaleString('en-US')} posts, ${FEED_SIZE.comments.toLocaleString('en-US')} comments, ${FEED_SIZE.members.toLocaleString('en-US')} members on PostgreSQL), ${CONNECTIONS} connections`,
      baseline: 'bare Fastify GET reading 20 rows of feed_posts by one indexed query (pg pool of 10) and answering them as JSON',
      subjectValue: m.subject,
      baselineValue: m.baseline,
      unit: 'requests/s',
      ratio,
      target: '>= 30% of baseline, p99 <= 50 ms',
      pass: ratio >= 0.3 && subjectP99 <= 50,
      notes: `worst p99 of GET /api/posts ${fmt(subjectP99, 1)} ms (runs ${subjectP99s.map((p) => fmt(p, 1)).join(', ')}; bare route at worst ${fmt(baselineP99, 1)} ms); ${watches.map((w, i) => `run ${i + 1} ${fmtWatch(w)}`).join('; ')}; runs subject ${m.subjectRuns.map(Math.round).join(', ')}; baseline ${m.baselineRuns.map(Math.round).join(', ')}; not targets: with a new post every 250 ms ${Math.round(churn.rps)} requests/s, p99 ${fmt(churn.p99, 1)} ms; every page read afresh ${Math.round(fresh.rps)} requests/s, p99 ${fmt(fresh.p99, 1)} ms`,
    };
  } finally {
    await bare.close();
    await pool.end();
    await server.close();
    await database.drop();
  }
};

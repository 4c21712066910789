// (g) The feed's first page (GET /api/posts as the browser asks it: session cookie, 20 post cards with
// authors, 'liked by me', AI status and the four stat counts) on PostgreSQL holding 100,000 posts,
// 1,000,000 comments and 2,000 members, against a bare Fastify route that reads 20 rows by one indexed
// query and answers them as JSON. Both driven by autocannon at 50 connections, alternately.
import Fastify from 'fastify';
import pg from 'pg';
import { startServer } from '../api/main.js';
import { signIn } from '../test/support/sign-in.js';
import { FEED_SIZE, seedFeed } from './feed-seed.js';
import { autocannonLoad } from './autocannon-load.js';
import type { BenchResult } from './support.js';
import { alternate, benchServerEnv, freshDatabase } from './support.js';

const CONNECTIONS = 50;
const SECONDS = 5;

const load = (url: string, headers: Record<string, string> = {}) => autocannonLoad(url, { connections: CONNECTIONS, seconds: SECONDS, headers });

export const benchFeedPage = async (): Promise<BenchResult> => {
  const database = await freshDatabase('feed');
  const server = await startServer(benchServerEnv(database.url));
  const pool = new pg.Pool({ connectionString: database.url, max: 10 });
  const bare = Fastify({ logger: false });
  try {
    const client = await signIn(server.url, 'feed-bench@example.com');
    await seedFeed(database.url);
    const first = await client.get<{ posts: unknown[]; stats: unknown }>('/api/posts');
    if (first.status !== 200 || first.body.posts.length !== 20) throw new Error(`GET /api/posts answered ${first.status} with ${first.body.posts?.length} posts`);
    bare.get('/bare', async () => {
      const { rows } = await pool.query('select * from feed_posts where deleted = false order by created_at desc, id desc limit 20');
      return { posts: rows };
    });
    const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });
    const cookie = client.cookie;
    let subjectP99 = 0;
    const subject = async () => {
      const r = await load(`${server.url}/api/posts`, { cookie });
      subjectP99 = Math.max(subjectP99, r.p99);
      return r.rps;
    };
    const baseline = async () => (await load(`${bareUrl}/bare`)).rps;
    await load(`${server.url}/api/posts`, { cookie }); // warm-up
    await load(`${bareUrl}/bare`);
    const m = await alternate(3, subject, baseline);
    const ratio = m.subject / m.baseline;
    return {
      name: 'Feed first page vs a bare 20-row indexed read',
      subject: `GET /api/posts (session cookie, ${FEED_SIZE.posts.toLocaleString('en-US')} posts, ${FEED_SIZE.comments.toLocaleString('en-US')} comments, ${FEED_SIZE.members.toLocaleString('en-US')} members on PostgreSQL), ${CONNECTIONS} connections`,
      baseline: 'bare Fastify GET reading 20 rows of feed_posts by one indexed query (pg pool of 10) and answering them as JSON',
      subjectValue: m.subject,
      baselineValue: m.baseline,
      unit: 'requests/s',
      ratio,
      target: '>= 30% of baseline, p99 <= 50 ms',
      pass: ratio >= 0.3 && subjectP99 <= 50,
      notes: `worst p99 of GET /api/posts ${subjectP99} ms; runs subject ${m.subjectRuns.map(Math.round).join(', ')}; baseline ${m.baselineRuns.map(Math.round).join(', ')}`,
    };
  } finally {
    await bare.close();
    await pool.end();
    await server.close();
    await database.drop();
  }
};

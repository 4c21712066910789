// Skill search (spec 001 §2.2) over 50,000 skills on PostgreSQL: GET /api/skill-search with a typo in the
// query ('pyhton', one base skill in 40 matches) as the page asks it, against a bare Fastify route reading
// the 20 best-rated rows by one indexed query. Both driven by autocannon at 50 connections, alternately.
import Fastify from 'fastify';
import pg from 'pg';
import { startServer } from '../api/main.js';
import { signIn } from '../test/support/sign-in.js';
import { autocannonLoad } from './autocannon-load.js';
import { SKILL_SEARCH_SIZE, seedSkillSearch } from './skill-search-seed.js';
import type { BenchResult } from './support.js';
import { alternate, benchServerEnv, freshDatabase } from './support.js';

const CONNECTIONS = 50;
const SECONDS = 5;
const QUERY = '/api/skill-search?q=pyhton';

const load = (url: string, headers: Record<string, string> = {}) => autocannonLoad(url, { connections: CONNECTIONS, seconds: SECONDS, headers });

export const benchSkillSearch = async (): Promise<BenchResult> => {
  const database = await freshDatabase('skill_search');
  const server = await startServer(benchServerEnv(database.url));
  const pool = new pg.Pool({ connectionString: database.url, max: 10 });
  const bare = Fastify({ logger: false });
  try {
    const client = await signIn(server.url, 'search-bench@example.com');
    await seedSkillSearch(database.url);
    const first = await client.get<{ skills: unknown[]; total: number; totalCapped: boolean }>(QUERY);
    if (first.status !== 200 || first.body.skills.length !== 20) throw new Error(`GET ${QUERY} answered ${first.status} with ${first.body.skills?.length} skills`);
    bare.get('/bare', async () => {
      const { rows } = await pool.query('select * from skill_search order by rating_tenths desc, review_count desc, name_key, skill_id limit 20');
      return { skills: rows };
    });
    const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });
    const cookie = client.cookie;
    let subjectP99 = 0;
    const subject = async () => {
      const r = await load(`${server.url}${QUERY}`, { cookie });
      subjectP99 = Math.max(subjectP99, r.p99);
      return r.rps;
    };
    const baseline = async () => (await load(`${bareUrl}/bare`)).rps;
    await load(`${server.url}${QUERY}`, { cookie }); // warm-up
    await load(`${bareUrl}/bare`);
    const m = await alternate(3, subject, baseline);
    const ratio = m.subject / m.baseline;
    return {
      name: 'Skill search over 50,000 skills vs a bare 20-row indexed read',
      subject: `GET ${QUERY} (session cookie, ${SKILL_SEARCH_SIZE.skills.toLocaleString('en-US')} skills of ${SKILL_SEARCH_SIZE.mentors.toLocaleString('en-US')} mentors on PostgreSQL; ${first.body.total}${first.body.totalCapped ? '+' : ''} matches), ${CONNECTIONS} connections`,
      baseline: 'bare Fastify GET reading the 20 best-rated rows of skill_search by one indexed query (pg pool of 10) and answering them as JSON',
      subjectValue: m.subject,
      baselineValue: m.baseline,
      unit: 'requests/s',
      ratio,
      target: 'p99 <= 50 ms',
      pass: subjectP99 <= 50,
      notes: `worst p99 of the search ${subjectP99} ms; runs subject ${m.subjectRuns.map(Math.round).join(', ')}; baseline ${m.baselineRuns.map(Math.round).join(', ')}`,
    };
  } finally {
    await bare.close();
    await pool.end();
    await server.close();
    await database.drop();
  }
};

// Skill search (spec 001 §2.2) over 50,000 skills on PostgreSQL: GET /api/skill-search as the page asks
// it, spread over 100 members and 24 queries in turn (no answer is kept: every request is searched in the
// server's in-memory copy of the read model, decision 178, and its cards made for the member). Against a
// bare Fastify route reading the 20 best-rated rows by one indexed query. wrk drives both from its own
// process at 50 connections, alternately.
import Fastify from 'fastify';
import pg from 'pg';
import { startServer } from '../api/main.js';
import { signIn } from '../test/support/sign-in.js';
import { SKILL_SEARCH_SIZE, seedSkillSearch } from './skill-search-seed.js';
import type { BenchResult } from './support.js';
import { alternate, benchServerEnv, fmtWatch, freshDatabase, inBatches, watchProcess, type ProcessWatch } from './support.js';
import { assertWrkInstalled, runWrkGets, type WrkGet, type WrkResult } from './wrk.js';

const CONNECTIONS = 50;
const SECONDS = 5;
const MEMBERS = 100;

// What members type on the search page: typos the typo rule forgives (a letter missing, added, wrong, or
// two neighbours swapped), plain words, two-word names, the filters alone and with text, and a second page.
// Each base skill is in about 1,250 of the 50,000 seeded skills; the filters narrow them.
const QUERIES = [
  'q=pyhton',
  'q=javscript',
  'q=photgraphy',
  'q=kubernets',
  'q=gutiar',
  'q=spansh',
  'q=typscript',
  'q=statistcs',
  'q=marketting',
  'q=guitar',
  'q=docker',
  'q=yoga',
  'q=figma',
  'q=machine%20learning',
  'q=public%20speaking',
  'q=golang&category=Development',
  'q=excel&minRating=4.5',
  'q=pyhton&level=beginner',
  'q=design&category=Design&minRating=4',
  'category=Business',
  'minRating=4.8',
  'level=expert&minRating=4',
  'q=python&offset=20',
  'q=copywriting&offset=40',
];

const check = (what: string, r: WrkResult) => {
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${what}: ${r.non2xx} non-2xx answers, ${r.errors} errors`);
  return r;
};

export const benchSkillSearch = async (): Promise<BenchResult> => {
  await assertWrkInstalled();
  const database = await freshDatabase('skill_search');
  const server = await startServer(benchServerEnv(database.url));
  const pool = new pg.Pool({ connectionString: database.url, max: 10 });
  const bare = Fastify({ logger: false });
  try {
    const members = await inBatches(MEMBERS, 20, (i) => signIn(server.url, `search${i}@bench.example`));
    await seedSkillSearch(database.url);
    // Every query answers a page (so no typo of the list is one the rule does not forgive).
    const totals: string[] = [];
    for (const query of QUERIES) {
      const r = await members[0]!.get<{ skills: unknown[]; total: number; totalCapped: boolean }>(`/api/skill-search?${query}`);
      if (r.status !== 200 || r.body.skills.length === 0) throw new Error(`GET /api/skill-search?${query} answered ${r.status} with ${r.body.skills?.length} skills`);
      totals.push(`${r.body.total}${r.body.totalCapped ? '+' : ''}`);
    }
    // Round r: member m asks query (m + r): consecutive requests differ, and a member's next request is
    // another query; the same (member, query) comes back QUERIES.length rounds later.
    const requests: WrkGet[] = QUERIES.flatMap((_, round) =>
      members.map((member, m) => ({ cookie: member.cookie, path: `/api/skill-search?${QUERIES[(m + round) % QUERIES.length]}` })),
    );

    // The baseline's own index: the search no longer reads skill_search in rating order (decision 178).
    await pool.query('create index skill_search_bare_rating_idx on skill_search (rating_tenths desc, review_count desc, name_key, skill_id)');
    bare.get('/bare', async () => {
      const { rows } = await pool.query('select * from skill_search order by rating_tenths desc, review_count desc, name_key, skill_id limit 20');
      return { skills: rows };
    });
    const bareOrigin = new URL(await bare.listen({ port: 0, host: '127.0.0.1' })).origin;
    const bareRequests: WrkGet[] = [{ cookie: '', path: '/bare' }];
    const origin = new URL(server.url).origin;
    const load = async (what: string, at: string, lines: readonly WrkGet[]) => check(what, await runWrkGets(at, lines, { connections: CONNECTIONS, seconds: SECONDS }));

    let subjectP99 = 0;
    const p99s: number[] = [];
    const bareP99s: number[] = [];
    const watches: ProcessWatch[] = [];
    const subject = async () => {
      const { value: r, watch } = await watchProcess(() => load('search', origin, requests));
      subjectP99 = Math.max(subjectP99, r.p99);
      p99s.push(r.p99);
      watches.push(watch);
      return r.rps;
    };
    const baseline = async () => {
      const r = await load('bare', bareOrigin, bareRequests);
      bareP99s.push(r.p99);
      return r.rps;
    };
    await load('search warm-up', origin, requests);
    await load('bare warm-up', bareOrigin, bareRequests);
    const m = await alternate(3, subject, baseline);
    const ratio = m.subject / m.baseline;
    return {
      name: 'Skill search over 50,000 skills vs a bare 20-row indexed read',
      subject:
        `GET /api/skill-search by ${MEMBERS} members (session cookies) x ${QUERIES.length} queries = ${requests.length.toLocaleString('en-US')} distinct (member, query) pairs, ` +
        `in turn (typos such as 'pyhton', plain and two-word names, the category, level and minimum-rating filters, later pages; ` +
        `matches ${totals.join(', ')}), no answer kept for any (decision 178); ` +
        `${SKILL_SEARCH_SIZE.skills.toLocaleString('en-US')} skills of ${SKILL_SEARCH_SIZE.mentors.toLocaleString('en-US')} mentors on PostgreSQL, ${CONNECTIONS} connections (wrk)`,
      baseline: 'bare Fastify GET reading the 20 best-rated rows of skill_search by one indexed query (pg pool of 10) and answering them as JSON (wrk)',
      subjectValue: m.subject,
      baselineValue: m.baseline,
      unit: 'requests/s',
      ratio,
      target: 'p99 <= 50 ms',
      pass: subjectP99 <= 50,
      notes: `worst p99 of the search ${subjectP99} ms (runs ${p99s.map(Math.round).join(', ')} ms; the bare read's ${bareP99s.map(Math.round).join(', ')} ms); ${watches.map((w, i) => `run ${i + 1} ${fmtWatch(w)}`).join('; ')}; runs subject ${m.subjectRuns.map(Math.round).join(', ')}; baseline ${m.baselineRuns.map(Math.round).join(', ')}`,
    };
  } finally {
    await bare.close();
    await pool.end();
    await server.close();
    await database.drop();
  }
};

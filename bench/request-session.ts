// RequestSession over HTTP: POST /api/sessions (hold + slot cells + session across streams, then
// read-your-writes) at 50 connections, against a bare authenticated POST on a plain Fastify app that
// checks the same signed session cookie and inserts one row. Both sides see the same number of requests.
import cookie from '@fastify/cookie';
import Fastify from 'fastify';
import pg from 'pg';
import { readSession } from '../api/plugins/session.js';
import { runLoad, type LoadRequest } from './load.js';
import { startSessionFixture } from './session-fixture.js';
import type { BenchResult } from './support.js';

const CONNECTIONS = 50;
const STUDENTS = 600; // 3 points each: one one-point booking per round, 3 rounds
const MENTORS = 4;

export const benchRequestSession = async (): Promise<BenchResult> => {
  const fixture = await startSessionFixture({ mentors: MENTORS, students: STUDENTS, label: 'request' });
  const bare = Fastify({ logger: false });
  const pool = new pg.Pool({ connectionString: fixture.server.config.databaseUrl, max: 10 });
  try {
    await pool.query('create table if not exists bare_requests (id bigserial primary key, member_id text not null, body jsonb not null, created_at timestamptz not null default now())');
    await bare.register(cookie, { secret: fixture.secret });
    bare.post('/bare', async (request, reply) => {
      const session = readSession(request, new Date());
      if (!session) return reply.code(401).send({ error: 'User not authenticated' });
      const { rows } = await pool.query('insert into bare_requests (member_id, body) values ($1, $2) returning id', [session.memberId, JSON.stringify(request.body)]);
      return reply.code(201).send({ id: rows[0].id });
    });
    const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });

    // One booking per student per round, each on a distinct slot, spread over the mentors.
    const origin = new URL(fixture.server.url).origin;
    const bookings = (round: number): LoadRequest[] =>
      fixture.students.map((student, i) => {
        const mentor = fixture.mentors[i % MENTORS]!;
        const slot = mentor.slots[round * Math.ceil(STUDENTS / MENTORS) + Math.floor(i / MENTORS)];
        if (!slot) throw new Error('not enough free slots for the bench');
        return {
          url: `${fixture.server.url}/api/sessions`,
          method: 'POST',
          headers: { cookie: student.cookie, origin, 'content-type': 'application/json' },
          body: JSON.stringify({ instructor_id: mentor.client.memberId, skill_id: mentor.skillId, session_date: slot.date, session_time: slot.time, duration: 1, student_message: 'Benchmark booking' }),
        };
      });
    const bareRequests = (): LoadRequest[] =>
      fixture.students.map((student) => ({
        url: `${bareUrl}/bare`,
        method: 'POST',
        headers: { cookie: student.cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ instructor_id: 'x', skill_id: 'y', session_date: '2026-12-01', session_time: '10:00', duration: 1 }),
      }));

    await runLoad(bareRequests(), CONNECTIONS); // warm-up of the baseline path
    const subjectRuns: { rps: number; p99: number }[] = [];
    const baselineRuns: { rps: number; p99: number }[] = [];
    for (let round = 0; round < 3; round += 1) {
      baselineRuns.push(await runLoad(bareRequests(), CONNECTIONS));
      const result = await runLoad(bookings(round), CONNECTIONS);
      if (result.statuses[201] !== STUDENTS) throw new Error(`bookings answered ${JSON.stringify(result.statuses)}`);
      subjectRuns.push(result);
    }
    const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[1]!;
    const subject = med(subjectRuns.map((r) => r.rps));
    const baseline = med(baselineRuns.map((r) => r.rps));
    const p99 = med(subjectRuns.map((r) => r.p99));
    const ratio = subject / baseline;
    return {
      name: 'RequestSession over HTTP, 50 connections (PostgreSQL)',
      subject: 'POST /api/sessions: hold, slot cells, session, read-your-writes',
      baseline: 'bare Fastify POST checking the same signed cookie and inserting one row',
      subjectValue: subject,
      baselineValue: baseline,
      unit: 'requests/s',
      ratio,
      target: '>= 25% of baseline, p99 <= 100 ms',
      pass: ratio >= 0.25 && p99 <= 100,
      notes: `p99 of POST /api/sessions ${p99.toFixed(0)} ms (median of 3 rounds of ${STUDENTS}), of the bare POST ${med(baselineRuns.map((r) => r.p99)).toFixed(0)} ms; runs subject ${subjectRuns.map((r) => Math.round(r.rps)).join(', ')}; baseline ${baselineRuns.map((r) => Math.round(r.rps)).join(', ')}`,
    };
  } finally {
    await bare.close();
    await pool.end();
    await fixture.close();
  }
};

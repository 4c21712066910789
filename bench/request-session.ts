// RequestSession over HTTP: POST /api/sessions (hold + slot cells + session across streams, answered
// from the write; the participants' next requests wait for the read models, decision 43) at 50
// connections, against a bare authenticated POST on a plain Fastify app that checks the same signed
// session cookie and inserts one row. wrk drives both from its own process (bench/wrk.ts),
// alternately, three rounds each.
import cookie from '@fastify/cookie';
import Fastify from 'fastify';
import pg from 'pg';
import { readSessionId } from '../api/plugins/session.js';
import { startSessionFixture } from './session-fixture.js';
import { profiled, type BenchResult } from './support.js';
import { assertWrkInstalled, runWrk, type WrkLine, type WrkResult } from './wrk.js';

const CONNECTIONS = 50;
const STUDENTS = 8000; // 3 points each: one one-point booking per round, 3 rounds; more than a round sends
const SECONDS = 2; // wrk takes whole seconds
const MENTORS = 64; // slots for 3 rounds of STUDENTS / MENTORS bookings each within the bookable months
// Students of the subject's warm-up round, as the baseline has one: a first round runs code V8 has not
// optimised yet and fills the per-process caches, which no steady server pays on every request.
const WARMUP_STUDENTS = 1200;
// The earliest slots the fixture listed may have passed by the time the students are signed in (a
// run that crosses the hour lost its first 16 bookings to 'not available'): rounds start a day later.
const FIRST_SLOT = 24;

export const benchRequestSession = async (): Promise<BenchResult> => {
  await assertWrkInstalled();
  const fixture = await startSessionFixture({ mentors: MENTORS, students: STUDENTS + WARMUP_STUDENTS, label: 'request' });
  const measured = fixture.students.slice(0, STUDENTS);
  const warmers = fixture.students.slice(STUDENTS);
  const bare = Fastify({ logger: false });
  const pool = new pg.Pool({ connectionString: fixture.server.config.databaseUrl, max: 10 });
  try {
    await pool.query(
      'create table if not exists bare_requests (id bigserial primary key, member_id text not null, body jsonb not null, created_at timestamptz not null default now())',
    );
    await bare.register(cookie, { secret: fixture.secret });
    bare.post('/bare', async (request, reply) => {
      // The cookie's signature is checked as the server does; the id itself stands for the member.
      const sessionId = readSessionId(request);
      if (!sessionId) return reply.code(401).send({ error: 'User not authenticated' });
      const { rows } = await pool.query('insert into bare_requests (member_id, body) values ($1, $2) returning id', [sessionId, JSON.stringify(request.body)]);
      return reply.code(201).send({ id: rows[0].id });
    });
    const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });
    const origin = new URL(fixture.server.url).origin;

    // One booking per student per round, each on a distinct slot, spread over the mentors; the warm-up
    // round books the slots after the three measured rounds'.
    const bookings = (round: number, students = measured): WrkLine[] =>
      students.map((student, i) => {
        const mentor = fixture.mentors[i % MENTORS]!;
        const slot = mentor.slots[FIRST_SLOT + round * Math.ceil(STUDENTS / MENTORS) + Math.floor(i / MENTORS)];
        if (!slot) throw new Error('not enough free slots for the bench');
        const body = {
          instructor_id: mentor.client.memberId,
          skill_id: mentor.skillId,
          session_date: slot.date,
          session_time: slot.time,
          duration: 1,
          student_message: 'Benchmark booking',
        };
        return { cookie: student.cookie, body: JSON.stringify(body) };
      });
    const bareLines: WrkLine[] = measured.map((student) => ({
      cookie: student.cookie,
      body: JSON.stringify({ instructor_id: 'x', skill_id: 'y', session_date: '2026-12-01', session_time: '10:00', duration: 1 }),
    }));
    const runBare = async () => {
      const result = await runWrk(`${bareUrl}/bare`, bareLines, { connections: CONNECTIONS, origin, seconds: SECONDS });
      if (result.non2xx > 0 || result.errors > 0) throw new Error(`bare POST: ${result.non2xx} non-2xx, ${result.errors} errors`);
      return result;
    };
    const settle = () => new Promise((resolve) => setTimeout(resolve, 500)); // for the requests wrk left in flight

    await runBare(); // warm-up of the baseline path
    const warmUp = await runWrk(`${fixture.server.url}/api/sessions`, bookings(3, warmers), { connections: CONNECTIONS, origin, seconds: 1 });
    // A fast warm-up runs out of lines and sends some again (answered 409); only errors stop the bench.
    if (warmUp.errors > 0) throw new Error(`warm-up bookings: ${warmUp.errors} errors`);
    await settle();
    const subjectRuns: WrkResult[] = [];
    const baselineRuns: WrkResult[] = [];
    // The answers do not wait for the projections, so a round could outrun them and leave work for
    // after the clock stops: how far behind the log they are when wrk stops says whether they kept up.
    const lags: number[] = [];
    for (let round = 0; round < 3; round += 1) {
      baselineRuns.push(await runBare());
      await settle();
      const result = await profiled(
        `request-session-${round}`,
        () => runWrk(`${fixture.server.url}/api/sessions`, bookings(round), { connections: CONNECTIONS, origin, seconds: SECONDS }),
        fixture.server.config.databaseUrl,
      );
      // A non-2xx answer is a booking sent twice (the round ran out of lines) or a bug: either way, no figure.
      if (result.non2xx > 0 || result.errors > 0) throw new Error(`bookings: ${result.non2xx} non-2xx, ${result.errors} errors of ${result.requests}`);
      subjectRuns.push(result);
      lags.push(Math.max(...(await fixture.server.runtime.status()).map((s) => s.lag ?? 0)));
      await settle();
    }
    const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[1]!;
    const subject = med(subjectRuns.map((r) => r.rps));
    const baseline = med(baselineRuns.map((r) => r.rps));
    const p99 = med(subjectRuns.map((r) => r.p99));
    const ratio = subject / baseline;
    return {
      name: 'RequestSession over HTTP, 50 connections (PostgreSQL)',
      subject: "POST /api/sessions: hold, slot cells, session; the participants' next requests wait for the read models",
      baseline: 'bare Fastify POST checking the same signed cookie and inserting one row',
      subjectValue: subject,
      baselineValue: baseline,
      unit: 'requests/s',
      ratio,
      target: '>= 25% of baseline, p99 <= 100 ms',
      pass: ratio >= 0.25 && p99 <= 100,
      notes: `wrk in its own process, 50 connections, after a warm-up round of each (the subject's by ${WARMUP_STUDENTS} other students); p99 of POST /api/sessions ${p99.toFixed(0)} ms (median of 3 rounds of ${SECONDS} s), of the bare POST ${med(baselineRuns.map((r) => r.p99)).toFixed(0)} ms; runs subject ${subjectRuns.map((r) => Math.round(r.rps)).join(', ')}; baseline ${baselineRuns.map((r) => Math.round(r.rps)).join(', ')}; the projections were ${lags.join(', ')} events behind the log when each round's load stopped (a booking appends 4: the session, the hold and both members' cells)`,
    };
  } finally {
    await bare.close();
    await pool.end();
    await fixture.close();
  }
};

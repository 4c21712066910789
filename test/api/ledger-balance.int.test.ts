// The points economy under a mixed, concurrent workload through the API (DESIGN.md §5): however
// requests, answers, withdrawals, expiry and completion interleave, no point is created or lost,
// no balance goes negative, and what the ledgers hold matches the holds the sessions show. Each
// concurrent call's answer is checked too (status and body), not only the state they leave.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insufficientPointsMessage, texts as sessionTexts } from '../../domain/session/rules.js';
import { expectLedgerBalanced } from '../support/ledger-invariant.js';
import { becomeMentor, bookingBody, MONDAY_0800, signInMany } from '../support/session-fixtures.js';
import { startTestServer, type ApiClient, type ApiResponse, type TestServer } from '../support/test-server.js';

/** A small seeded generator (mulberry32), so a failure can be replayed. */
const random = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

/** Every refusal a booking or an answer may meet: the domain's own texts, never a 500 or a bare status. */
const REFUSALS: readonly string[] = [...Object.values(sessionTexts), insufficientPointsMessage(1)];
const expectRefusal = (response: ApiResponse, statuses: readonly number[]) => {
  expect(statuses).toContain(response.status);
  expect(Object.keys(response.body as object)).toEqual(['error']);
  expect(REFUSALS).toContain((response.body as { error: string }).error);
};

const SLOTS = ['2026-12-08', '2026-12-09'].flatMap((date) => ['09:00', '10:00', '11:00', '12:00'].map((time) => ({ date, time })));

describe('ledger balance under a mixed workload', () => {
  let server: TestServer;
  let mentors: ApiClient[];
  let students: ApiClient[];
  const skills = new Map<string, string>();
  const next = random(20261207);
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;

  /** Ledger-held points must equal the active holds the sessions read model shows. */
  const expectHoldsMatch = async () => {
    const totals = await expectLedgerBalanced(server);
    const active = await server.sql.db.selectFrom('session_holds').select('amount').where('state', '=', 'active').execute();
    expect(active.reduce((sum, h) => sum + Number(h.amount), 0)).toBe(totals.held);
  };

  beforeAll(async () => {
    server = await startTestServer({ now: MONDAY_0800 });
    mentors = await signInMany(server.url, 'mentor', 2);
    students = await signInMany(server.url, 'learner', 8);
    for (const [i, mentor] of mentors.entries()) skills.set(mentor.memberId, await becomeMentor(mentor, { skillName: `Skill ${i}` }));
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  it('balances after a burst of competing requests', async () => {
    const attempts = students.flatMap((student) => Array.from({ length: 3 }, () => ({ student, mentor: pick(mentors), slot: pick(SLOTS) })));
    const responses = await Promise.all(
      attempts.map(({ student, mentor, slot }) => student.post('/api/sessions', bookingBody({ mentor, skillId: skills.get(mentor.memberId)!, ...slot }))),
    );
    const booked: { student: ApiClient; mentor: ApiClient; date: string; time: string }[] = [];
    for (const [i, response] of responses.entries()) {
      const { student, mentor, slot } = attempts[i]!;
      if (response.status !== 201) {
        expectRefusal(response, [400, 409]);
        continue;
      }
      expect(response.body).toMatchObject({
        student_id: student.memberId,
        instructor_id: mentor.memberId,
        skill_id: skills.get(mentor.memberId),
        session_date: slot.date,
        session_time: slot.time,
        status: 'requested',
      });
      booked.push({ student, mentor, ...slot });
    }
    expect(booked.length).toBeGreaterThan(0);
    expect(booked.length).toBeLessThan(attempts.length); // 24 attempts at 16 mentor-hours: some are refused, and were checked above
    expect(new Set(responses.filter((r) => r.status === 201).map((r) => r.body.id)).size).toBe(booked.length);
    // A mentor's hour went to one request at most, whichever answer won.
    const mentorHours = booked.map((b) => `${b.mentor.memberId} ${b.date} ${b.time}`);
    expect(new Set(mentorHours).size).toBe(mentorHours.length);
    // Each student holds a point (the cost of an hour at 1 point) per 201 they were answered, no more, no less.
    for (const student of students) {
      const mine = booked.filter((b) => b.student === student).length;
      const balance = await student.get(`/api/users/${student.memberId}/balance`);
      expect(balance.status).toBe(200);
      expect(balance.body).toEqual({ availablePoints: 3 - mine, heldPoints: mine });
    }
    await expectHoldsMatch();
  }, 60_000);

  it('balances after concurrent answers, withdrawals and cancellations', async () => {
    const requested = (await Promise.all(mentors.map((m) => m.get(`/api/dashboard/sessions?tab=requested&limit=100`)))).flatMap((r) => r.body.sessions);
    expect(requested.length).toBeGreaterThan(0);
    const answers = await Promise.all(
      requested.map(async (session: { id: string; instructor_id: string; student_id: string }) => {
        const mentor = mentors.find((m) => m.memberId === session.instructor_id)!;
        const student = students.find((s) => s.memberId === session.student_id)!;
        const roll = next();
        if (roll < 0.5) return { session, expected: 'confirmed', response: await mentor.post(`/api/sessions/${session.id}/approve`, {}) };
        if (roll < 0.7)
          return { session, expected: 'rejected', response: await mentor.post(`/api/sessions/${session.id}/reject`, { rejection_message: 'Not this week' }) };
        if (roll < 0.85) return { session, expected: 'cancelled', response: await student.post(`/api/sessions/${session.id}/cancel`, {}) };
        return null; // left unanswered: expires at its start
      }),
    );
    // Each session had one answer from one side: every one of them is taken, and says so.
    for (const answer of answers) {
      if (!answer) continue;
      expect(answer.response.status, JSON.stringify(answer.response.body)).toBe(200);
      expect(answer.response.body).toMatchObject({ id: answer.session.id, status: answer.expected });
    }
    await expectHoldsMatch();
    const confirmed = (await mentors[0]!.get('/api/dashboard/sessions?tab=upcoming&limit=100')).body.sessions as { id: string }[];
    if (confirmed[0]) {
      const cancelled = await mentors[0]!.post(`/api/sessions/${confirmed[0].id}/cancel-session`, { reason: 'Travelling' });
      expect(cancelled.status).toBe(200);
      expect(cancelled.body).toMatchObject({ id: confirmed[0].id, status: 'cancelled' });
    }
    await expectHoldsMatch();
  }, 60_000);

  it('balances once every session has expired or completed', async () => {
    server.clock.set('2026-12-10T00:00:00.000Z');
    await server.tickScheduler();
    await expectHoldsMatch();
    const open = await server.sql.db.selectFrom('sessions').select('id').where('status', 'in', ['requested', 'confirmed', 'modification_pending']).execute();
    expect(open).toEqual([]);
    expect((await expectLedgerBalanced(server)).held).toBe(0);
  }, 60_000);
});

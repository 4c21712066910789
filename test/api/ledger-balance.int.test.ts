// The points economy under a mixed, concurrent workload through the API (DESIGN.md §5): however
// requests, answers, withdrawals, expiry and completion interleave, no point is created or lost,
// no balance goes negative, and what the ledgers hold matches the holds the sessions show.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerBalanced } from '../support/ledger-invariant.js';
import { becomeMentor, bookingBody, MONDAY_0800, signInMany } from '../support/session-fixtures.js';
import { startTestServer, type ApiClient, type TestServer } from '../support/test-server.js';

/** A small seeded generator (mulberry32), so a failure can be replayed. */
const random = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
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
    expect(responses.every((r) => [201, 400, 409].includes(r.status))).toBe(true);
    expect(responses.some((r) => r.status === 201)).toBe(true);
    await expectHoldsMatch();
  }, 60_000);

  it('balances after concurrent answers, withdrawals and cancellations', async () => {
    const requested = (await Promise.all(mentors.map((m) => m.get(`/api/dashboard/sessions?tab=requested&limit=100`)))).flatMap((r) => r.body.sessions);
    await Promise.all(
      requested.map((session: { id: string; instructor_id: string; student_id: string }) => {
        const mentor = mentors.find((m) => m.memberId === session.instructor_id)!;
        const student = students.find((s) => s.memberId === session.student_id)!;
        const roll = next();
        if (roll < 0.5) return mentor.post(`/api/sessions/${session.id}/approve`, {});
        if (roll < 0.7) return mentor.post(`/api/sessions/${session.id}/reject`, { rejection_message: 'Not this week' });
        if (roll < 0.85) return student.post(`/api/sessions/${session.id}/cancel`, {});
        return Promise.resolve(null); // left unanswered: expires at its start
      }),
    );
    await expectHoldsMatch();
    const confirmed = (await mentors[0]!.get('/api/dashboard/sessions?tab=upcoming&limit=100')).body.sessions as { id: string }[];
    if (confirmed[0]) await mentors[0]!.post(`/api/sessions/${confirmed[0].id}/cancel-session`, { reason: 'Travelling' });
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

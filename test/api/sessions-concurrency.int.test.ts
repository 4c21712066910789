// Booking under concurrency (issue 3 acceptance): no double booking of a mentor's time and no
// overspending, whatever arrives at once, seen through the real HTTP API.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerBalanced } from '../support/ledger-invariant.js';
import { becomeMentor, bookingBody, MONDAY_0800, signInMany } from '../support/session-fixtures.js';
import { signIn, startTestServer, type ApiClient, type TestServer } from '../support/test-server.js';

const STUDENTS = 50;

describe('booking under concurrency', () => {
  let server: TestServer;
  let mia: ApiClient;
  let skillId: string;
  let students: ApiClient[];
  let winnerId: string;

  beforeAll(async () => {
    server = await startTestServer({ now: MONDAY_0800 });
    mia = await signIn(server.url, 'mia@example.com', 'Mia');
    skillId = await becomeMentor(mia);
    students = await signInMany(server.url, 'student', STUDENTS);
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  it('gives one slot to exactly one of 50 simultaneous requests; the rest get 409', async () => {
    const body = bookingBody({ mentor: mia, skillId, date: '2026-12-07', time: '10:00' });
    const responses = await Promise.all(students.map((student) => student.post('/api/sessions', body)));
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(STUDENTS - 1);
    for (const refused of responses.filter((r) => r.status === 409)) {
      expect(refused.body.error).toBe('This time slot is no longer available. Please select a different time.');
    }
    const winner = students[responses.findIndex((r) => r.status === 201)]!;
    winnerId = winner.memberId;
    expect((await winner.get(`/api/users/${winner.memberId}/balance`)).body).toEqual({ availablePoints: 2, heldPoints: 1 });
    const sessions = (await mia.get(`/api/users/${mia.memberId}/sessions`)).body as { student_id: string }[];
    expect(sessions.map((s) => s.student_id)).toEqual([winner.memberId]);
  }, 120_000);

  it('lets a student with 3 points win exactly 3 of 10 simultaneous 1-point requests', async () => {
    // One of the students who lost the race above, so still with all 3 points.
    const student = students.find((s) => s.memberId !== winnerId)!;
    expect((await student.get(`/api/users/${student.memberId}/balance`)).body).toEqual({ availablePoints: 3, heldPoints: 0 });
    const slots = [
      ...['09:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00'].map((time) => ({ date: '2026-12-08', time })),
      { date: '2026-12-09', time: '09:00' },
      { date: '2026-12-09', time: '10:00' },
    ];
    const responses = await Promise.all(slots.map(({ date, time }) => student.post('/api/sessions', bookingBody({ mentor: mia, skillId, date, time }))));
    const created = responses.filter((r) => r.status === 201);
    const refused = responses.filter((r) => r.status === 400);
    expect({ created: created.length, refused: refused.length }).toEqual({ created: 3, refused: 7 });
    for (const response of refused) {
      expect(response.body.error).toBe('Insufficient points. You need at least 1 point(s) to request this session.');
    }
    expect((await student.get(`/api/users/${student.memberId}/balance`)).body).toEqual({ availablePoints: 0, heldPoints: 3 });
    // The refused slots stay free for others.
    const free = (await mia.get(`/api/users/${mia.memberId}/available-slots`)).body.availableSlots as { date: string; time: string }[];
    const refusedSlots = slots.filter((_, i) => responses[i]!.status === 400);
    for (const slot of refusedSlots) expect(free).toContainEqual(expect.objectContaining(slot));
  }, 60_000);

  it('keeps every point accounted for', async () => {
    expect(await expectLedgerBalanced(server)).toMatchObject({ granted: 3 * (STUDENTS + 1), held: 4 });
  });
});

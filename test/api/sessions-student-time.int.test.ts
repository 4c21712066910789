// Issue 19 point 5: a student could hold two active sessions at the same time with different mentors.
// A session now takes the student's time as it takes the mentor's (slot cells in both members' hour
// streams, in the booking's one atomic write), so a second booking over it is refused with a clear
// text, also when both arrive at once, and a reschedule cannot move a session onto it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { texts } from '../../domain/session/rules.js';
import { expectLedgerBalanced } from '../support/ledger-invariant.js';
import { becomeMentor, bookingBody, MONDAY_0800, signInMany } from '../support/session-fixtures.js';
import { signIn, startTestServer, type ApiClient, type TestServer } from '../support/test-server.js';

describe("the student's time", () => {
  let server: TestServer;
  let sam: ApiClient;
  let mentors: { client: ApiClient; skillId: string }[];
  const book = (student: ApiClient, mentor: number, date: string, time: string, duration = 1) =>
    student.post('/api/sessions', bookingBody({ mentor: mentors[mentor]!.client, skillId: mentors[mentor]!.skillId, date, time, duration }));
  const activeSessions = async (student: ApiClient) =>
    ((await student.get(`/api/users/${student.memberId}/sessions`)).body as { status: string }[]).filter((s) => !['cancelled', 'rejected'].includes(s.status));

  beforeAll(async () => {
    server = await startTestServer({ now: MONDAY_0800 });
    sam = await signIn(server.url, 'sam-time@example.com', 'Sam');
    const clients = await signInMany(server.url, 'time-mentor', 4);
    mentors = await Promise.all(clients.map(async (client) => ({ client, skillId: await becomeMentor(client) })));
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  it('refuses a second session overlapping one the student holds with another mentor, and holds nothing for it', async () => {
    expect((await book(sam, 0, '2026-12-08', '10:00')).status).toBe(201);
    const overlapping = await book(sam, 1, '2026-12-08', '10:00', 1.5);
    expect(overlapping.status).toBe(409);
    expect(overlapping.body).toEqual({ error: texts.studentBusy });
    // Starting within the first session is refused too; back to back is fine.
    expect((await book(sam, 2, '2026-12-08', '09:00', 1.5)).body).toEqual({ error: texts.studentBusy });
    expect((await book(sam, 1, '2026-12-08', '11:00')).status).toBe(201);
    expect((await sam.get(`/api/users/${sam.memberId}/balance`)).body).toEqual({ availablePoints: 1, heldPoints: 2 });
    expect(await activeSessions(sam)).toHaveLength(2);
  });

  it('gives the time back when the session ends, so the student can book it with someone else', async () => {
    const [cy] = await signInMany(server.url, 'cancel-student', 1);
    const first = await book(cy!, 0, '2026-12-10', '14:00');
    expect(first.status).toBe(201);
    expect((await book(cy!, 1, '2026-12-10', '14:00')).status).toBe(409);
    expect((await cy!.post(`/api/sessions/${first.body.id}/cancel`, {})).status).toBe(200);
    // The time is given back by the session's follow-ups, which run just after the cancellation.
    await expect.poll(async () => (await book(cy!, 1, '2026-12-10', '14:00')).status, { timeout: 20_000 }).toBe(201);
  });

  it('books exactly one of two requests sent at once for the same time with different mentors', async () => {
    const [ann] = await signInMany(server.url, 'race-student', 1);
    const responses = await Promise.all([0, 1, 2].map((mentor) => book(ann!, mentor, '2026-12-09', '15:00')));
    expect(responses.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    for (const refused of responses.filter((r) => r.status === 409)) expect(refused.body.error).toBe(texts.studentBusy);
    expect((await ann!.get(`/api/users/${ann!.memberId}/balance`)).body).toEqual({ availablePoints: 2, heldPoints: 1 });
    await expectLedgerBalanced(server);
  });

  it('refuses to move a session onto time the student has given to another one, at the proposal and at the approval', async () => {
    const [bea] = await signInMany(server.url, 'move-student', 1);
    const mentor = mentors[3]!.client;
    const moving = await book(bea!, 3, '2026-12-11', '09:00');
    expect((await mentor.post(`/api/sessions/${moving.body.id}/approve`, {})).status).toBe(200);
    expect((await book(bea!, 0, '2026-12-11', '13:00')).status).toBe(201);
    const onto = await mentor.post(`/api/sessions/${moving.body.id}/propose-modification`, { proposed_date: '2026-12-11', proposed_time: '13:00' });
    expect(onto).toMatchObject({ status: 409, body: { error: texts.studentBusyReschedule } });

    // Proposed while free, then the student books that time elsewhere: the approval is refused.
    const proposed = await mentor.post(`/api/sessions/${moving.body.id}/propose-modification`, { proposed_date: '2026-12-11', proposed_time: '15:00' });
    expect(proposed.status).toBe(200);
    expect((await book(bea!, 1, '2026-12-11', '15:00')).status).toBe(201);
    const approval = await bea!.post(`/api/sessions/${moving.body.id}/modifications/${proposed.body.pending_modification_id}/approve`, {});
    expect(approval).toMatchObject({ status: 409, body: { error: texts.studentBusyReschedule } });
    const session = (await bea!.get(`/api/sessions/${moving.body.id}`)).body;
    expect(session.scheduled_at).toBe('2026-12-11T09:00:00.000Z');
  });
});

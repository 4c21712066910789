// Rescheduling a confirmed session (spec 000 §4, §5): either participant proposes, only the other
// answers, only the proposer withdraws, one pending request at a time, and the new time is booked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerBalanced } from '../support/ledger-invariant.js';
import { becomeMentor, bookingBody, MONDAY_0800, signedOut, weekdayAvailability } from '../support/session-fixtures.js';
import { signIn, startTestServer, type ApiClient, type TestServer } from '../support/test-server.js';

describe('rescheduling a session', () => {
  let server: TestServer;
  let mia: ApiClient; // mentor
  let sam: ApiClient; // student
  let oscar: ApiClient; // outsider
  let sessionId: string; // Tuesday 10:00 UTC, confirmed

  const session = async () => (await sam.get(`/api/sessions/${sessionId}`)).body;
  const pendingId = async () => (await session()).pending_modification_id as string;
  const modification = async (id: string) => ((await sam.get(`/api/sessions/${sessionId}/modifications`)).body as { id: string }[]).find((m) => m.id === id);

  beforeAll(async () => {
    server = await startTestServer({ now: MONDAY_0800 });
    [mia, sam, oscar] = await Promise.all([
      signIn(server.url, 'mia@example.com', 'Mia'),
      signIn(server.url, 'sam@example.com', 'Sam'),
      signIn(server.url, 'oscar@example.com', 'Oscar'),
    ]);
    const skillId = await becomeMentor(mia);
    await sam.patch(`/api/users/${sam.memberId}`, { timeZone: 'UTC', availability: weekdayAvailability('12:00', '18:00') });
    const booked = await sam.post('/api/sessions', bookingBody({ mentor: mia, skillId, date: '2026-12-08', time: '10:00' }));
    sessionId = booked.body.id;
    await mia.post(`/api/sessions/${sessionId}/approve`, {});
  });
  afterAll(async () => {
    await server?.close();
  });

  it('classifies calendar cells by who is free', async () => {
    const calendar = (await sam.get(`/api/sessions/${sessionId}/mutual-availability?monthOffset=0`)).body;
    const on = (slots: { date: string; time: string }[]) => slots.filter((s) => s.date === '2026-12-09').map((s) => s.time);
    expect(on(calendar.mutual_slots)).toEqual(['12:00', '13:00', '14:00', '15:00', '16:00']);
    expect(on(calendar.user_slots)).toEqual(['17:00']);
    expect(on(calendar.other_slots)).toEqual(['09:00', '10:00', '11:00']);
    expect(calendar.mutual_slots[0]).toMatchObject({ day: expect.any(String), startsAt: expect.any(String) });
    expect(calendar).toMatchObject({ user_has_availability: true, other_has_availability: true });
  });

  it('requires a date and a time, and leaves the session unchanged', async () => {
    const response = await sam.post(`/api/sessions/${sessionId}/propose-modification`, { proposed_date: '2026-12-09', message: 'Later?' });
    expect(response).toMatchObject({ status: 400, body: { error: 'Please select both date and time' } });
    expect((await oscar.post(`/api/sessions/${sessionId}/propose-modification`, { proposed_date: '2026-12-09', proposed_time: '13:00' })).status).toBe(403);
    expect(
      (await mia.post(`/api/sessions/${sessionId}/propose-modification`, { proposed_date: '2026-12-09', proposed_time: '13:00', proposed_by: sam.memberId })).status,
    ).toBe(403);
    expect(await session()).toMatchObject({ status: 'confirmed', pending_modification_id: null });
    expect((await sam.get(`/api/sessions/${sessionId}/modifications`)).body).toEqual([]);
  });

  it("refuses a time the mentor does not offer with the booking's text, and leaves the session unchanged", async () => {
    // Mia teaches weekdays 09:00-17:00 UTC: an evening, a Saturday, a half hour and a date beyond next month are not hers to give.
    const outside = [
      ['2026-12-09', '20:00'],
      ['2026-12-12', '10:00'],
      ['2026-12-09', '13:30'],
      ['2027-03-03', '10:00'],
    ];
    for (const [date, time] of outside) {
      for (const [who, path, body] of [
        [sam, 'propose-modification', { proposed_date: date, proposed_time: time }],
        [mia, 'propose-reschedule', { new_date: date, new_time: time }],
      ] as const) {
        const response = await who.post(`/api/sessions/${sessionId}/${path}`, body);
        expect({ date, time, path, ...response }).toMatchObject({
          date,
          time,
          path,
          status: 400,
          body: { error: 'This time slot is not available. Please select a time when the mentor is available.' },
        });
      }
    }
    expect(await session()).toMatchObject({ status: 'confirmed', pending_modification_id: null, scheduled_at: '2026-12-08T10:00:00.000Z' });
    expect((await sam.get(`/api/sessions/${sessionId}/modifications`)).body).toEqual([]);
  });

  it("offers the participants the mentor's free slots for the session's length, its own time left out", async () => {
    const slots = (await sam.get(`/api/sessions/${sessionId}/reschedule-slots?monthOffset=0`)).body;
    const on = (date: string) => (slots.availableSlots as { date: string; time: string }[]).filter((s) => s.date === date).map((s) => s.time);
    expect(on('2026-12-08')).toEqual(['09:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00']);
    expect(on('2026-12-09')).toEqual(['09:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00']);
    expect(on('2026-12-12')).toEqual([]);
    expect((await mia.get(`/api/sessions/${sessionId}/reschedule-slots`)).body.availableSlots.length).toBe(slots.availableSlots.length);
    expect((await oscar.get(`/api/sessions/${sessionId}/reschedule-slots`)).status).toBe(403);
    expect((await sam.get(`/api/sessions/${sessionId}/reschedule-slots?monthOffset=5`)).status).toBe(400);
  });

  it('lets the other participant approve, moving the session to the new time', async () => {
    const proposed = await sam.post(`/api/sessions/${sessionId}/propose-modification`, { proposed_date: '2026-12-09', proposed_time: '13:00', message: 'Wednesday?' });
    expect(proposed.body).toMatchObject({ status: 'modification_pending', pending_modification_id: expect.any(String) });
    const modId = proposed.body.pending_modification_id;
    expect((await mia.get(`/api/sessions/${sessionId}/modifications`)).body).toEqual([
      expect.objectContaining({ id: modId, status: 'pending', proposed_by: sam.memberId, proposed_date: '2026-12-09', proposed_time: '13:00', message: 'Wednesday?' }),
    ]);
    const again = await mia.post(`/api/sessions/${sessionId}/propose-reschedule`, { new_date: '2026-12-10', new_time: '13:00' });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatch(/approve or decline it first/);

    expect((await sam.post(`/api/sessions/${sessionId}/modifications/${modId}/approve`, {})).body).toEqual({
      error: 'Only the other participant can approve or decline this reschedule request',
    });
    expect((await oscar.post(`/api/sessions/${sessionId}/modifications/${modId}/approve`, {})).status).toBe(403);
    expect((await mia.post(`/api/sessions/${sessionId}/modifications/${modId}/approve`, { user_id: sam.memberId })).status).toBe(403);
    const approved = await mia.post(`/api/sessions/${sessionId}/modifications/${modId}/approve`, { user_id: mia.memberId });
    expect(approved.body).toMatchObject({
      status: 'confirmed',
      scheduled_at: '2026-12-09T13:00:00.000Z',
      approved_by: mia.memberId,
      approved_by_name: 'Mia',
      pending_modification_id: null,
    });
    const slots = (await oscar.get(`/api/users/${mia.memberId}/available-slots`)).body;
    expect(slots.bookedSlots).toEqual([expect.objectContaining({ date: '2026-12-09', time: '13:00' })]);
  });

  it('lets the other participant decline, keeping the time', async () => {
    const proposed = await mia.post(`/api/sessions/${sessionId}/propose-reschedule`, { new_date: '2026-12-10', new_time: '14:00', user_id: mia.memberId });
    const modId = proposed.body.pending_modification_id;
    expect((await mia.post(`/api/sessions/${sessionId}/modifications/${modId}/reject`, {})).status).toBe(403);
    const declined = await sam.post(`/api/sessions/${sessionId}/modifications/${modId}/reject`, {});
    expect(declined.body).toMatchObject({ status: 'confirmed', scheduled_at: '2026-12-09T13:00:00.000Z' });
    expect(await modification(modId)).toMatchObject({ status: 'rejected', resolved_by: sam.memberId });
  });

  it('lets only the proposer withdraw a pending request', async () => {
    const proposed = await sam.post(`/api/sessions/${sessionId}/propose-reschedule`, { new_date: '2026-12-11', new_time: '15:00' });
    const modId = proposed.body.pending_modification_id;
    expect((await mia.post(`/api/sessions/${sessionId}/cancel-modification`, {})).body).toEqual({
      error: 'Only the participant who proposed this reschedule can cancel it',
    });
    expect(await pendingId()).toBe(modId);
    const withdrawn = await sam.post(`/api/sessions/${sessionId}/cancel-modification`, { user_id: sam.memberId });
    expect(withdrawn.body).toMatchObject({ status: 'confirmed', pending_modification_id: null });
    expect(await modification(modId)).toMatchObject({ status: 'cancelled' });
    expect((await sam.post(`/api/sessions/${sessionId}/cancel-modification`, {})).status).toBe(409);
  });

  it('answers 401 to every reschedule route when signed out', async () => {
    for (const path of ['/propose-modification', '/propose-reschedule', '/modifications/x/approve', '/modifications/x/reject', '/cancel-modification']) {
      const response = await signedOut(server.url, 'POST', `/api/sessions/${sessionId}${path}`, {});
      expect({ path, ...response }).toEqual({ path, status: 401, body: { error: 'User not authenticated' } });
    }
  });

  it('keeps every point accounted for', async () => {
    expect(await expectLedgerBalanced(server)).toMatchObject({ granted: 9, held: 1 });
  });
});

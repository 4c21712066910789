// Booking a session (spec 000 §5, §7; issue 3 §3): 201 with the session in the student's zone and the
// points held, the spec's refusal texts, nothing changed by a refused request, and bookable slots.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerBalanced } from '../support/ledger-invariant.js';
import { becomeMentor, bookingBody, MONDAY_0800, signedOut } from '../support/session-fixtures.js';
import { signIn, startTestServer, type ApiClient, type TestServer } from '../support/test-server.js';

const SLOT_TAKEN = 'This time slot is no longer available. Please select a different time.';
const SLOT_NOT_AVAILABLE = 'This time slot is not available. Please select a time when the mentor is available.';

describe('booking a session', () => {
  let server: TestServer;
  let mia: ApiClient; // mentor, UTC, 1 point per hour
  let max: ApiClient; // mentor, 5 points per hour
  let sam: ApiClient; // student, UTC
  let nia: ApiClient; // student, New York
  let oscar: ApiClient; // student whose requests are refused
  let miaSkill: string;
  let maxSkill: string;

  beforeAll(async () => {
    server = await startTestServer({ now: MONDAY_0800 });
    [mia, max, sam, nia, oscar] = await Promise.all([
      signIn(server.url, 'mia@example.com', 'Mia'),
      signIn(server.url, 'max@example.com', 'Max'),
      signIn(server.url, 'sam@example.com', 'Sam'),
      signIn(server.url, 'nia@example.com', 'Nia'),
      signIn(server.url, 'oscar@example.com', 'Oscar'),
    ]);
    miaSkill = await becomeMentor(mia);
    maxSkill = await becomeMentor(max, { skillName: 'Rust', pointsPerHour: 5 });
    await nia.patch(`/api/users/${nia.memberId}`, { timeZone: 'America/New_York' });
  });
  afterAll(async () => {
    await server?.close();
  });

  const balanceOf = async (client: ApiClient) => (await client.get(`/api/users/${client.memberId}/balance`)).body;

  it('refuses a booking without a skill, or with a date that is not one, with 400 and holds nothing', async () => {
    const before = await balanceOf(oscar);
    const { skill_id: _skill, ...withoutSkill } = bookingBody({ mentor: mia, skillId: miaSkill, date: '2026-12-08', time: '10:00' });
    const noSkill = await oscar.post('/api/sessions', { ...withoutSkill, session_date: 'someday' });
    expect(noSkill.status).toBe(400);
    expect(noSkill.body.error).toContain('Please choose a mentor and one of their skills');
    const someday = await oscar.post('/api/sessions', bookingBody({ mentor: mia, skillId: miaSkill, date: 'someday', time: '10:00' }));
    expect(someday.status).toBe(400);
    expect(someday.body.error).toContain('Please select both date and time');
    expect(await balanceOf(oscar)).toEqual(before);
    expect((await oscar.get(`/api/users/${oscar.memberId}/sessions`)).body).toEqual([]);
  });

  it('creates the request with 201, holds its cost and shows it to both participants', async () => {
    const response = await sam.post('/api/sessions', bookingBody({ mentor: mia, skillId: miaSkill, date: '2026-12-07', time: '10:00', message: 'Generics please' }));
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      status: 'requested',
      student_id: sam.memberId,
      instructor_id: mia.memberId,
      skill_name: 'TypeScript',
      scheduled_at: '2026-12-07T10:00:00.000Z',
      session_date: '2026-12-07',
      session_time: '10:00',
      duration: 1,
      cost: 1,
      point_status: 'held',
      held_points: 1,
      student_message: 'Generics please',
      role: 'student',
      other_user: { id: mia.memberId, name: 'Mia' },
    });
    expect(await balanceOf(sam)).toEqual({ availablePoints: 2, heldPoints: 1 });
    const seenByMentor = await mia.get(`/api/sessions/${response.body.id}`);
    expect(seenByMentor.body).toMatchObject({ role: 'instructor', other_user: { id: sam.memberId, name: 'Sam' } });
  });

  it("reads date and time on the student's clock and shows them on each viewer's clock", async () => {
    const response = await nia.post('/api/sessions', bookingBody({ mentor: mia, skillId: miaSkill, date: '2026-12-08', time: '09:00' }));
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ scheduled_at: '2026-12-08T14:00:00.000Z', session_time: '09:00', time_zone: 'America/New_York' });
    expect((await mia.get(`/api/sessions/${response.body.id}`)).body).toMatchObject({ session_date: '2026-12-08', session_time: '14:00', time_zone: 'UTC' });
  });

  it('answers with exactly the session the read model then shows, in either zone', async () => {
    // The answer is built from the write, not read back (api/routes/session-booking.ts): it must not differ.
    const [uma, ugo] = await Promise.all([signIn(server.url, 'uma@example.com', 'Uma'), signIn(server.url, 'ugo@example.com', 'Ugo')]);
    await ugo.patch(`/api/users/${ugo.memberId}`, { timeZone: 'Asia/Kolkata' });
    for (const [student, date, time] of [
      [uma, '2026-12-09', '11:00'],
      [ugo, '2026-12-10', '16:30'],
    ] as const) {
      const response = await student.post('/api/sessions', bookingBody({ mentor: mia, skillId: miaSkill, date, time, duration: 1.5, message: 'Ownership' }));
      expect(response.status, JSON.stringify(response.body)).toBe(201);
      const stored = await student.get(`/api/sessions/${response.body.id}`);
      expect(stored.status).toBe(200);
      expect(response.body).toEqual(stored.body);
      expect(response.body).toMatchObject({ cost: 2, held_points: 2, point_status: 'held', duration: 1.5, points_per_hour: 1, other_user: { name: 'Mia' } });
    }
  });

  it('refuses a slot that is already booked with 409 and the spec text', async () => {
    const response = await oscar.post('/api/sessions', bookingBody({ mentor: mia, skillId: miaSkill, date: '2026-12-07', time: '10:00' }));
    expect(response).toMatchObject({ status: 409, body: { error: SLOT_TAKEN } });
  });

  it('answers bad requests with 400 and the rule broken, and changes nothing', async () => {
    const cases: [unknown, number, string | RegExp][] = [
      [bookingBody({ mentor: mia, skillId: miaSkill, date: '2026-12-07', time: '18:00' }), 400, SLOT_NOT_AVAILABLE],
      [bookingBody({ mentor: mia, skillId: miaSkill, date: '2026-12-12', time: '10:00' }), 400, SLOT_NOT_AVAILABLE], // a Saturday
      [bookingBody({ mentor: mia, skillId: miaSkill, date: '2026-12-07', time: '10:30' }), 400, SLOT_NOT_AVAILABLE],
      [bookingBody({ mentor: mia, skillId: miaSkill, date: '2026-12-09', time: '10:00', duration: 2 }), 400, 'Session duration must be 45 minutes, 1 hour or 1.5 hours'],
      [bookingBody({ mentor: mia, skillId: miaSkill, date: '2026-12-09', time: '10:00', message: 'x'.repeat(501) }), 400, /at most 500 characters/],
      [{ instructor_id: mia.memberId, skill_id: miaSkill, session_date: '2026-12-09' }, 400, 'Please select both date and time'],
      [bookingBody({ mentor: mia, skillId: miaSkill, date: '2026-13-40', time: '10:00' }), 400, 'Please select both date and time'],
      [
        bookingBody({ mentor: max, skillId: maxSkill, date: '2026-12-09', time: '10:00' }),
        400,
        'Insufficient points. You need at least 5 point(s) to request this session.',
      ],
      [bookingBody({ mentor: mia, skillId: 'no-such-skill', date: '2026-12-09', time: '10:00' }), 404, 'Instructor or skill not found.'],
      [
        { ...bookingBody({ mentor: mia, skillId: miaSkill, date: '2026-12-09', time: '10:00' }), student_id: sam.memberId },
        403,
        'You can only request sessions for yourself',
      ],
      [bookingBody({ mentor: oscar, skillId: miaSkill, date: '2026-12-09', time: '10:00' }), 404, 'Instructor or skill not found.'],
      [[1, 2], 400, /JSON object|expected object/],
    ];
    for (const [body, status, error] of cases) {
      const response = await oscar.post('/api/sessions', body);
      expect({ body, status: response.status }).toEqual({ body, status });
      expect(response.body.error).toMatch(error);
    }
    expect(await balanceOf(oscar)).toEqual({ availablePoints: 3, heldPoints: 0 });
    expect((await oscar.get(`/api/users/${oscar.memberId}/sessions`)).body).toEqual([]);
  });

  it('lists bookable slots in the viewer zone with booked ones apart', async () => {
    const response = await oscar.get(`/api/users/${mia.memberId}/available-slots?duration=1&monthOffset=0`);
    expect(response.status).toBe(200);
    const mondays = (slots: { date: string; time: string }[]) => slots.filter((s) => s.date === '2026-12-07').map((s) => s.time);
    expect(mondays(response.body.availableSlots)).toEqual(['09:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00']);
    expect(mondays(response.body.bookedSlots)).toEqual(['10:00']);
    // The spec's client also says `offset`; New York sees Tuesday's 14:00 UTC booking at 09:00.
    const fromNewYork = await nia.get(`/api/users/${mia.memberId}/available-slots?duration=1.5&offset=0`);
    expect(fromNewYork.body.bookedSlots).toEqual(expect.arrayContaining([expect.objectContaining({ date: '2026-12-08', time: '09:00' })]));
    expect((await oscar.get(`/api/users/${mia.memberId}/available-slots?monthOffset=2`)).status).toBe(400);
    expect((await oscar.get(`/api/users/${mia.memberId}/available-slots?duration=3`)).status).toBe(400);
    expect((await oscar.get('/api/users/nobody/available-slots')).status).toBe(404);
  });

  it('answers 401 to every booking route when signed out', async () => {
    for (const [method, path] of [
      ['POST', '/api/sessions'],
      ['GET', `/api/users/${mia.memberId}/available-slots`],
      ['GET', `/api/users/${sam.memberId}/sessions`],
    ] as const) {
      const response = await signedOut(
        server.url,
        method,
        path,
        method === 'POST' ? bookingBody({ mentor: mia, skillId: miaSkill, date: '2026-12-09', time: '09:00' }) : undefined,
      );
      expect({ path, ...response }).toEqual({ path, status: 401, body: { error: 'User not authenticated' } });
    }
  });

  it('keeps every point accounted for', async () => {
    expect(await expectLedgerBalanced(server)).toMatchObject({ granted: 21, held: 6 }); // seven members' welcome points; Sam's, Nia's, Uma's and Ugo's holds
  });
});

// A session from request to rating (spec 000 §4, §6): who may approve, reject, withdraw, cancel,
// complete and rate; participants-only reads; refunds and the transfer on completion.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerBalanced } from '../support/ledger-invariant.js';
import { becomeMentor, bookingBody, MONDAY_0800, signedOut } from '../support/session-fixtures.js';
import { HOUR_MS, signIn, startTestServer, type ApiClient, type TestServer } from '../support/test-server.js';

const DEFAULT_REASON = "Sorry, I'm not available at this time. Please check my availability and book another session.";
const HOLDS_FORBIDDEN = "You are not authorized to view this session's financial information";
const NOT_PARTICIPANT = 'You are not a participant in this session';

describe('session lifecycle', () => {
  let server: TestServer;
  let mia: ApiClient; // mentor
  let sam: ApiClient; // student
  let oscar: ApiClient; // outsider
  let skillId: string;
  let mainId: string; // Monday 10:00, approved, completed and rated

  const book = async (student: ApiClient, date: string, time: string) => {
    const response = await student.post('/api/sessions', bookingBody({ mentor: mia, skillId, date, time }));
    expect(response.status).toBe(201);
    return response.body.id as string;
  };
  const balanceOf = async (client: ApiClient) => (await client.get(`/api/users/${client.memberId}/balance`)).body;

  beforeAll(async () => {
    server = await startTestServer({ now: MONDAY_0800 });
    [mia, sam, oscar] = await Promise.all([
      signIn(server.url, 'mia@example.com', 'Mia'),
      signIn(server.url, 'sam@example.com', 'Sam'),
      signIn(server.url, 'oscar@example.com', 'Oscar'),
    ]);
    skillId = await becomeMentor(mia);
    mainId = await book(sam, '2026-12-07', '10:00');
  });
  afterAll(async () => {
    await server?.close();
  });

  it('shows a session, its thread, reschedules and holds to participants only', async () => {
    expect((await sam.get(`/api/sessions/${mainId}/holds?userId=${sam.memberId}`)).body).toEqual([
      expect.objectContaining({ state: 'active', amount: 1, member_id: sam.memberId }),
    ]);
    for (const path of ['', '/thread', '/modifications', '/mutual-availability', '/calendar.ics']) {
      const response = await oscar.get(`/api/sessions/${mainId}${path}`);
      expect({ path, ...response.body, status: response.status }).toEqual({ path, status: 403, error: NOT_PARTICIPANT });
    }
    expect((await oscar.get(`/api/sessions/${mainId}/holds`)).body).toEqual({ error: HOLDS_FORBIDDEN });
    expect((await mia.get(`/api/sessions/${mainId}/holds?userId=${sam.memberId}`)).status).toBe(403);
    expect((await sam.get('/api/sessions/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await oscar.get(`/api/users/${sam.memberId}/sessions`)).body).toEqual([]);
    expect((await mia.get(`/api/users/${sam.memberId}/sessions`)).body.map((s: { id: string }) => s.id)).toEqual([mainId]);
  });

  it('lets only the mentor approve, and gives the confirmed session a video link and a calendar file', async () => {
    expect((await sam.post(`/api/sessions/${mainId}/approve`, {})).body).toEqual({ error: 'Only the mentor can approve this request' });
    expect((await oscar.post(`/api/sessions/${mainId}/approve`, {})).status).toBe(403);
    expect((await mia.post(`/api/sessions/${mainId}/approve`, { approved_by: sam.memberId })).status).toBe(403);
    expect((await mia.get(`/api/sessions/${mainId}`)).body.status).toBe('requested');

    const approved = await mia.post(`/api/sessions/${mainId}/approve`, { approved_by: mia.memberId });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ status: 'confirmed', point_status: 'held', video_call_link: expect.stringMatching(/^https:\/\//) });
    expect((await mia.post(`/api/sessions/${mainId}/approve`, {})).status).toBe(409);

    const ics = await fetch(`${server.url}/api/sessions/${mainId}/calendar.ics`, { headers: { cookie: sam.cookie } });
    expect(ics.headers.get('content-type')).toMatch(/^text\/calendar/);
    const text = await ics.text();
    expect(text).toContain('DTSTART:20261207T100000Z');
    expect(text).toContain('DTEND:20261207T110000Z');
    expect(text).toContain(approved.body.video_call_link.slice(0, 60));
  });

  it('keeps a thread of trimmed messages between the participants', async () => {
    const sent = await sam.post(`/api/sessions/${mainId}/message`, { message: '  See you soon  ', sender_id: sam.memberId });
    expect(sent).toMatchObject({ status: 201, body: { message: 'See you soon', sender_id: sam.memberId, sender_name: 'Sam', is_system_message: false } });
    expect((await sam.post(`/api/sessions/${mainId}/message`, { message: '   ' })).body).toEqual({ error: 'Please enter a message' });
    expect((await mia.post(`/api/sessions/${mainId}/message`, { message: 'Hi', sender_id: sam.memberId })).status).toBe(403);
    expect((await oscar.post(`/api/sessions/${mainId}/message`, { message: 'Hi' })).status).toBe(403);
    const thread = (await mia.get(`/api/sessions/${mainId}/thread`)).body as { message: string }[];
    expect(thread.filter((m) => m.message === 'See you soon')).toHaveLength(1);
  });

  it('rejects a request only with a reason, and refunds the hold', async () => {
    const id = await book(sam, '2026-12-08', '09:00');
    expect((await sam.post(`/api/sessions/${id}/reject`, { rejection_message: DEFAULT_REASON })).status).toBe(403);
    // Spec 000 §4: the mentor rejects with a reason; an empty or blank one is refused and changes nothing.
    for (const body of [{}, { rejection_message: '' }, { rejection_message: '  \n ' }, { rejection_message: null }]) {
      const refused = await mia.post(`/api/sessions/${id}/reject`, body);
      expect({ sent: body, ...refused }).toMatchObject({ sent: body, status: 400, body: { error: 'Please give a reason for rejecting this request' } });
    }
    expect((await sam.get(`/api/sessions/${id}`)).body).toMatchObject({ status: 'requested', point_status: 'held' });
    const rejected = await mia.post(`/api/sessions/${id}/reject`, { rejection_message: ` ${DEFAULT_REASON} ` });
    expect(rejected.body).toMatchObject({ status: 'rejected', status_reason: DEFAULT_REASON, point_status: 'refunded', held_points: 0 });
    expect(await balanceOf(sam)).toEqual({ availablePoints: 2, heldPoints: 1 });
  });

  it('lets only the student withdraw a request', async () => {
    const id = await book(sam, '2026-12-08', '10:00');
    expect((await mia.post(`/api/sessions/${id}/cancel`, {})).body).toEqual({ error: 'Only the student who sent this request can cancel it' });
    expect((await sam.post(`/api/sessions/${id}/cancel`, { cancelled_by: sam.memberId })).body).toMatchObject({ status: 'cancelled', point_status: 'refunded' });
    expect((await sam.post(`/api/sessions/${id}/cancel`, {})).status).toBe(409);
  });

  it('cancels a confirmed session only with a reason, refunding the hold', async () => {
    const id = await book(sam, '2026-12-09', '09:00');
    await mia.post(`/api/sessions/${id}/approve`, {});
    const blank = await mia.post(`/api/sessions/${id}/cancel-session`, { reason: '  ' });
    expect(blank).toMatchObject({ status: 400, body: { error: 'Please give a reason for cancelling' } });
    expect((await sam.get(`/api/sessions/${id}`)).body).toMatchObject({ status: 'confirmed', point_status: 'held' });
    expect((await oscar.post(`/api/sessions/${id}/cancel-session`, { reason: 'Nope' })).status).toBe(403);
    const cancelled = await mia.post(`/api/sessions/${id}/cancel-session`, { reason: 'Sick', user_id: mia.memberId });
    expect(cancelled.body).toMatchObject({ status: 'cancelled', status_reason: 'Sick', point_status: 'refunded' });
    expect(await balanceOf(sam)).toEqual({ availablePoints: 2, heldPoints: 1 });
  });

  it('completes only by the mentor once started, moving the points, and refuses a late cancel', async () => {
    server.clock.set('2026-12-07T09:30:00.000Z');
    expect((await sam.post(`/api/sessions/${mainId}/cancel-session`, { reason: 'Late' })).body).toEqual({
      error: 'Sessions can only be cancelled up to 2 hours before they start',
    });
    expect((await mia.post(`/api/sessions/${mainId}/complete`, {})).status).toBe(409);
    server.clock.advance(HOUR_MS);
    expect((await sam.post(`/api/sessions/${mainId}/complete`, {})).status).toBe(403);
    const completed = await mia.post(`/api/sessions/${mainId}/complete`, {});
    expect(completed.body).toMatchObject({ status: 'completed', point_status: 'transferred', points_transferred: 1 });
    expect(await balanceOf(mia)).toEqual({ availablePoints: 4, heldPoints: 0 });
    expect(await balanceOf(sam)).toEqual({ availablePoints: 2, heldPoints: 0 });
  });

  it('lets the mentee rate once, and the rating shows on the mentor profile', async () => {
    const rate = (client: ApiClient, body: unknown) => client.post(`/api/sessions/${mainId}/rate`, body);
    expect((await rate(mia, { rating: 5 })).body).toEqual({ error: 'Instructors cannot rate their own sessions' });
    expect((await rate(sam, {})).body).toEqual({ error: 'Select a rating first' });
    expect((await rate(sam, undefined)).body).toEqual({ error: 'Select a rating first' });
    expect((await rate(sam, { rating: 6 })).status).toBe(400);
    expect((await rate(sam, { rating: 5, review: 'x'.repeat(501) })).status).toBe(400);
    expect((await rate(sam, { rating: 4, user_id: mia.memberId })).status).toBe(403);
    expect((await sam.get(`/api/sessions/${mainId}`)).body.student_rating).toBeNull();

    expect((await rate(sam, { rating: 5, review: ' Clear and kind ' })).body).toMatchObject({ student_rating: 5, student_review: 'Clear and kind' });
    expect((await rate(sam, { rating: 3 })).status).toBe(409);
    expect((await sam.get(`/api/users/${mia.memberId}`)).body).toMatchObject({ rating: 5, reviewCount: 1, completedSwaps: 1 });
    expect((await mia.get('/api/user')).body).toMatchObject({ rating: 5, reviewCount: 1, completedSwaps: 1, streak: 1 });
    expect((await sam.get(`/api/users/${mia.memberId}/reviews`)).body).toEqual([expect.objectContaining({ rating: 5, review: 'Clear and kind', student_name: 'Sam' })]);
  });

  it('answers 401 to every session route when signed out', async () => {
    const gets = ['', '/thread', '/modifications', '/holds', '/mutual-availability', '/calendar.ics'];
    const posts = ['/approve', '/reject', '/cancel', '/cancel-session', '/complete', '/rate', '/message'];
    for (const [method, path] of [...gets.map((p) => ['GET', p] as const), ...posts.map((p) => ['POST', p] as const)]) {
      const response = await signedOut(server.url, method, `/api/sessions/${mainId}${path}`, method === 'POST' ? {} : undefined);
      expect({ path, ...response }).toEqual({ path, status: 401, body: { error: 'User not authenticated' } });
    }
  });

  it('keeps every point accounted for', async () => {
    expect(await expectLedgerBalanced(server)).toMatchObject({ granted: 9, held: 0 });
  });
});

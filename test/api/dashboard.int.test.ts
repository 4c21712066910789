// The dashboard (spec 000 §2, §4): tabs with search, filters and pages, counts, stat cards and the
// activity summary; and the scheduler moving sessions on as the clock passes their start and end.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerBalanced } from '../support/ledger-invariant.js';
import { becomeMentor, bookingBody, MONDAY_0800, signedOut } from '../support/session-fixtures.js';
import { signIn, startTestServer, type ApiClient, type TestServer } from '../support/test-server.js';

describe('dashboard', () => {
  let server: TestServer;
  let mia: ApiClient; // mentor of A, B, C
  let gus: ApiClient; // mentor of D
  let sam: ApiClient; // student of A (Mon 10:00), B (Tue 09:00) and D (Wed 09:00)
  let nia: ApiClient; // student of C (Mon 11:00)
  const ids: Record<'A' | 'B' | 'C' | 'D', string> = { A: '', B: '', C: '', D: '' };

  const page = async (client: ApiClient, query: string) => (await client.get(`/api/dashboard/sessions?${query}`)).body;
  const idsOf = (body: { sessions: { id: string }[] }) => body.sessions.map((s) => s.id);

  beforeAll(async () => {
    server = await startTestServer({ now: MONDAY_0800 });
    [mia, gus, sam, nia] = await Promise.all([
      signIn(server.url, 'mia@example.com', 'Mia'),
      signIn(server.url, 'gus@example.com', 'Gus'),
      signIn(server.url, 'sam@example.com', 'Sam'),
      signIn(server.url, 'nia@example.com', 'Nia'),
    ]);
    const typescript = await becomeMentor(mia);
    const design = await becomeMentor(gus, { skillName: 'Design' });
    const book = async (student: ApiClient, mentor: ApiClient, skillId: string, date: string, time: string) =>
      (await student.post('/api/sessions', bookingBody({ mentor, skillId, date, time }))).body.id as string;
    ids.A = await book(sam, mia, typescript, '2026-12-07', '10:00');
    ids.B = await book(sam, mia, typescript, '2026-12-08', '09:00');
    ids.C = await book(nia, mia, typescript, '2026-12-07', '11:00');
    server.clock.advance(60_000); // D is the newest request
    ids.D = await book(sam, gus, design, '2026-12-09', '09:00');
    await mia.post(`/api/sessions/${ids.A}/approve`, {});
    await mia.post(`/api/sessions/${ids.C}/approve`, {});
  });
  afterAll(async () => {
    await server?.close();
  });

  it('pages a tab, newest request first, with totals', async () => {
    const first = await page(sam, 'tab=requested&page=1&limit=1');
    expect(first).toMatchObject({ total: 2, hasMore: true, page: 1, totalPages: 2 });
    expect(idsOf(first)).toEqual([ids.D]);
    expect(idsOf(await page(sam, 'tab=requested&page=2&limit=1'))).toEqual([ids.B]);
    expect(await page(sam, 'tab=requested&page=3&limit=1')).toMatchObject({ sessions: [], hasMore: false });
  });

  it("searches the other member's name or the skill, and filters by skill and status", async () => {
    expect(idsOf(await page(sam, 'tab=requested&search=gUs'))).toEqual([ids.D]);
    expect(idsOf(await page(sam, 'tab=requested&search=script'))).toEqual([ids.B]);
    expect(idsOf(await page(sam, 'tab=requested&skill=design'))).toEqual([ids.D]);
    expect(idsOf(await page(mia, 'tab=upcoming&status=confirmed'))).toEqual([ids.A, ids.C]);
    expect(idsOf(await page(mia, 'tab=upcoming&status=completed'))).toEqual([]);
  });

  it("accepts the spec client's status=tab form and a status alone", async () => {
    expect(idsOf(await page(sam, `userId=${sam.memberId}&status=upcoming&page=1&limit=5`))).toEqual([ids.A]);
    expect(idsOf(await page(mia, 'status=confirmed'))).toEqual([ids.A, ids.C]);
    expect((await sam.get(`/api/dashboard/sessions?userId=${mia.memberId}&status=upcoming`)).status).toBe(403);
    expect((await sam.get('/api/dashboard/sessions?tab=later')).status).toBe(400);
    expect((await sam.get('/api/dashboard/sessions?limit=500')).status).toBe(400);
  });

  it('counts tabs and fills the stat cards and the activity summary', async () => {
    expect((await sam.get('/api/dashboard/counts')).body).toEqual({ requested: 2, upcoming: 1, completed: 0, history: 0 });
    expect((await mia.get('/api/dashboard/counts')).body).toEqual({ requested: 1, upcoming: 2, completed: 0, history: 0 });
    expect((await sam.get('/api/dashboard/stats')).body).toEqual({ totalPoints: 0, completedSwaps: 0, rating: 0, reviews: 0 });
    const summary = (await mia.get(`/api/users/${mia.memberId}/activity-summary`)).body;
    expect(summary).toMatchObject({ upcomingCount: 2, requestedCount: 1, completedCount: 0, actionRequired: 1 });
    expect(summary.upcoming.map((s: { id: string }) => s.id)).toEqual([ids.A, ids.C]);
    expect((await sam.get(`/api/users/${mia.memberId}/activity-summary`)).status).toBe(403);
  });

  it('completes sessions after their end and expires unanswered requests at their start', async () => {
    server.clock.set('2026-12-07T12:30:00.000Z');
    await server.tickScheduler();
    expect((await sam.get(`/api/sessions/${ids.A}`)).body).toMatchObject({ status: 'completed', point_status: 'transferred' });
    expect((await nia.get(`/api/sessions/${ids.C}`)).body.status).toBe('completed');
    expect((await sam.get(`/api/sessions/${ids.B}`)).body.status).toBe('requested');

    server.clock.set('2026-12-08T09:00:00.000Z');
    await server.tickScheduler();
    expect((await sam.get(`/api/sessions/${ids.B}`)).body).toMatchObject({ status: 'declined', point_status: 'refunded' });
    expect((await sam.get(`/api/users/${sam.memberId}/balance`)).body).toEqual({ availablePoints: 1, heldPoints: 1 });
    expect((await mia.get('/api/dashboard/stats')).body).toEqual({ totalPoints: 5, completedSwaps: 2, rating: 0, reviews: 0 });
    // Spec 000 §4: only completed sessions under Completed, so its count agrees with Completed Swaps;
    // the expired request B (declined) goes to History.
    expect((await sam.get('/api/dashboard/counts')).body).toEqual({ requested: 1, upcoming: 0, completed: 1, history: 1 });
    expect(idsOf(await page(sam, 'tab=completed'))).toEqual([ids.A]);
    expect(idsOf(await page(sam, 'tab=history'))).toEqual([ids.B]);
    expect(idsOf(await page(sam, 'status=declined'))).toEqual([ids.B]);
    expect(idsOf(await page(sam, 'tab=history&status=completed'))).toEqual([]);
    for (const client of [mia, sam]) {
      const [counts, stats] = [(await client.get('/api/dashboard/counts')).body, (await client.get('/api/dashboard/stats')).body];
      expect(counts.completed).toBe(stats.completedSwaps);
    }
  });

  it('answers 401 to the dashboard routes when signed out', async () => {
    for (const path of ['/api/dashboard/sessions', '/api/dashboard/counts', '/api/dashboard/stats', `/api/users/${sam.memberId}/activity-summary`]) {
      expect({ path, ...(await signedOut(server.url, 'GET', path)) }).toEqual({ path, status: 401, body: { error: 'User not authenticated' } });
    }
  });

  it('keeps every point accounted for', async () => {
    expect(await expectLedgerBalanced(server)).toMatchObject({ granted: 12, held: 1 });
  });
});

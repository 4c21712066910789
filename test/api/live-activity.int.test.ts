// GET /api/admin/activities beyond page views (issue 31 point 5): a sign-in (telemetry, recorded by the
// sign-in route) and a member's domain action (a booking, from the admin-users read model) appear in the
// admin's Live Activity under the member's name, merged with the page views newest first; the admins'
// sockets hear of a sign-in at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Activity } from '../../api/contracts/analytics.js';
import { openLiveSocket } from '../support/assistant-fixtures.js';
import { becomeMentor, bookingBody, MONDAY_0800 } from '../support/session-fixtures.js';
import { signIn, startTestServer, type ApiClient, type TestServer } from '../support/test-server.js';
import { BROWSER_USER_AGENT } from '../support/browser-post.js';

const ADMIN = 'ana-live@example.com';

describe('the Live Activity: sign-ins and domain actions', () => {
  let server: TestServer;
  let admin: ApiClient;
  const activities = async (limit = 200) => {
    const answer = await admin.get(`/api/admin/activities?limit=${limit}`);
    expect(answer.status).toBe(200);
    return (answer.body as { activities: Activity[] }).activities;
  };

  beforeAll(async () => {
    server = await startTestServer({ now: MONDAY_0800, env: { ANALYTICS: 'on', ADMIN_EMAILS: ADMIN } });
    admin = await signIn(server.url, ADMIN, 'Ana');
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  it('shows a sign-in under the member with the page it lands on, and tells the admins at once', async () => {
    const socket = await openLiveSocket(server.url, admin);
    try {
      const mel = await signIn(server.url, 'mel-live@example.com', 'Mel');
      await socket.next((m: { type?: string; signIns?: number }) => m.type === 'analytics_stored' && m.signIns === 1);
      const rows = await activities();
      const signIns = rows.filter((a) => a.activity_type === 'sign_in' && a.user_id === mel.memberId);
      expect(signIns.map((a) => [a.user_name, a.page_path, a.details])).toEqual([['Mel', '/feed', null]]);
      // A first sign-in registers the member: that is a domain action of theirs (eventual: it may come a moment later).
      await expect
        .poll(async () => (await activities()).filter((a) => a.activity_type === 'action' && a.user_id === mel.memberId).map((a) => [a.details, a.page_path]))
        .toEqual([['MemberRegistered', '/profile']]);
    } finally {
      socket.close();
    }
  });

  it("shows a member's booking as their action, merged with their page views newest first", async () => {
    const [mentor, student] = await Promise.all([signIn(server.url, 'mia-live@example.com', 'Mia'), signIn(server.url, 'sam-live@example.com', 'Sam')]);
    const skillId = await becomeMentor(mentor);
    // The test clock stands still: each step a minute apart, so the merged order is the steps' order.
    server.clock.advance(60_000);
    const viewed = await fetch(`${server.url}/api/analytics/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url, 'user-agent': BROWSER_USER_AGENT, cookie: student.cookie },
      body: JSON.stringify({
        sentAt: Date.parse(MONDAY_0800),
        visitorId: 'tab-live-activity',
        events: [{ at: Date.parse(MONDAY_0800) - 1000, kind: 'view', path: '/search' }],
      }),
    });
    expect(viewed.status).toBe(202);
    server.clock.advance(60_000);
    const booked = await student.post('/api/sessions', bookingBody({ mentor, skillId, date: '2026-12-07', time: '10:00' }));
    expect(booked.status).toBe(201);

    const samsRows = async () =>
      (await activities())
        .filter((a) => a.user_id === student.memberId && a.activity_type !== 'sign_in')
        .map((a) => [a.activity_type, a.user_name, a.page_path, a.details]);
    await expect.poll(samsRows).toEqual([
      ['action', 'Sam', '/dashboard', 'SessionRequested'],
      ['page_view', 'Sam', '/search', null],
      ['action', 'Sam', '/profile', 'MemberRegistered'],
    ]);
    const rows = await activities();
    const times = rows.map((a) => a.created_at);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('answers at most the limit asked for, from every source', async () => {
    const rows = await activities(3);
    expect(rows).toHaveLength(3);
    expect((await admin.get('/api/admin/activities?limit=0')).status).toBe(400);
  });
});

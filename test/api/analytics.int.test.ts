// POST /api/analytics/events and GET /api/admin/activities on the real server (issue 31 point 5): a batch
// of 1,000 points is stored whole, one bad point refuses the whole batch and stores nothing, bots are
// answered like anyone and left out, and the admins' Live Activity reads what was stored, newest first.
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ANALYTICS_LIMITS, type Activity } from '../../api/contracts/analytics.js';
import { TELEMETRY_TABLES as T } from '../../telemetry/tables.js';
import { openLiveSocket } from '../support/assistant-fixtures.js';
import { heardAfter } from '../support/live-socket.js';
import { signIn, startTestServer, type ApiClient, type TestServer } from '../support/test-server.js';
import { BROWSER_USER_AGENT, postAsBrowser } from '../support/browser-post.js';

const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const SENT = 1_700_000_000_000;
const ADMIN = 'ana-admin@example.com';

const view = (i: number) => ({ at: SENT - 10_000 + i, kind: 'view', path: `/skills/${i}` });
const batchOf = (events: unknown[]) => ({ sentAt: SENT, visitorId: 'tab-analytics-1', events });

describe('analytics events and the Live Activity', () => {
  let server: TestServer;
  let admin: ApiClient;
  let member: ApiClient;
  const send = (body: unknown, options: { userAgent?: string; cookie?: string } = {}) =>
    postAsBrowser<{ ok?: true; stored?: number; error?: string }>(server.url, '/api/analytics/events', body, options);
  const stored = async () => Number((await sql<{ n: number }>`select count(*)::int as n from ${sql.table(T.pageViews)}`.execute(server.sql.handle)).rows[0]!.n);
  const hourly = async () =>
    Number((await sql<{ n: number }>`select coalesce(sum(views), 0)::int as n from ${sql.table(T.pageHourly)}`.execute(server.sql.handle)).rows[0]!.n);

  beforeAll(async () => {
    server = await startTestServer({ env: { ANALYTICS: 'on', ADMIN_EMAILS: ADMIN } });
    [admin, member] = await Promise.all([signIn(server.url, ADMIN, 'Ana'), signIn(server.url, 'mel-member@example.com', 'Mel')]);
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });
  beforeEach(async () => {
    await sql`truncate ${sql.join(Object.values(T).map((t) => sql.table(t)))}`.execute(server.sql.handle);
  });

  it('tells the client that analytics is on', async () => {
    expect(await (await fetch(`${server.url}/api/analytics/settings`)).json()).toEqual({ enabled: true });
  });

  it('stores a batch of 1,000 points whole, with its rollup', async () => {
    const events = Array.from({ length: ANALYTICS_LIMITS.pointsPerBatch }, (_, i) => view(i));
    expect(await send(batchOf(events))).toEqual({ status: 202, body: { ok: true, stored: 1000 } });
    expect(await stored()).toBe(1000);
    expect(await hourly()).toBe(1000);
  });

  it('refuses a batch with one bad point whole, with a readable message, and stores none of it', async () => {
    const events = Array.from({ length: 999 }, (_, i) => view(i));
    events.splice(500, 0, { at: SENT, kind: 'view', path: 'no-slash' });
    const answer = await send(batchOf(events));
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatch(/path starts with \//);
    const navigationWithoutFrom = await send(batchOf([view(1), { at: SENT, kind: 'navigation', path: '/feed' }]));
    expect(navigationWithoutFrom.status).toBe(400);
    expect(await stored()).toBe(0);
    expect(await hourly()).toBe(0);
  });

  it('refuses a batch past 1,000 points and an empty one', async () => {
    const tooMany = await send(batchOf(Array.from({ length: 1001 }, (_, i) => view(i))));
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error).toContain('At most 1000 events per batch');
    expect((await send(batchOf([]))).status).toBe(400);
    expect(await stored()).toBe(0);
  });

  it('answers a bot like anyone and leaves its batch out', async () => {
    expect(await send(batchOf([view(1)]), { userAgent: GOOGLEBOT })).toEqual({ status: 202, body: { ok: true, stored: 0 } });
    expect(await send(batchOf([view(2)]), { userAgent: 'Mozilla/5.0 (X11; Linux x86_64) HeadlessChrome/131.0.0.0 Safari/537.36' })).toEqual({
      status: 202,
      body: { ok: true, stored: 0 },
    });
    expect(await stored()).toBe(0);
  });

  it("shows the admin a member's page views and navigations under their name, newest first", async () => {
    const events = [
      { at: SENT - 3000, kind: 'view', path: '/feed' },
      { at: SENT - 2000, kind: 'view', path: '/search' },
      { at: SENT - 2000, kind: 'navigation', path: '/search', from: '/feed' },
    ];
    expect((await send(batchOf(events), { cookie: member.cookie })).body.stored).toBe(3);
    const answer = await admin.get('/api/admin/activities');
    expect(answer.status).toBe(200);
    // The members' sign-ins and registrations are in the list too (test/api/live-activity.int.test.ts).
    const activities = (answer.body as { activities: Activity[] }).activities.filter((a) => a.activity_type === 'page_view' || a.activity_type === 'navigation');
    expect(activities.map((a) => [a.activity_type, a.page_path, a.details, a.user_id, a.user_name])).toEqual([
      ['navigation', '/search', 'from /feed', member.memberId, 'Mel'],
      ['page_view', '/search', null, member.memberId, 'Mel'],
      ['page_view', '/feed', null, member.memberId, 'Mel'],
    ]);
  });

  it("tells the admins' sockets of each stored batch, and no member's", async () => {
    const [adminSocket, memberSocket] = await Promise.all([openLiveSocket(server.url, admin), openLiveSocket(server.url, member)]);
    try {
      await heardAfter(
        [adminSocket],
        (m: { type?: string; pageViews?: number }) => m.type === 'analytics_stored' && m.pageViews === 2,
        () => send(batchOf([view(1), view(2)]), { cookie: member.cookie }),
      );
      // A bot's batch stores nothing and tells nobody; the member's own notice comes after anything sent before it.
      await send(batchOf([view(3)]), { userAgent: GOOGLEBOT });
      await heardAfter(
        [memberSocket],
        (m: { type?: string; scope?: string }) => m.type === 'changed' && m.scope === 'user',
        () => member.patch(`/api/users/${member.memberId}`, { bio: 'Browsing' }),
      );
      expect(memberSocket.messages.filter((m: { type?: string }) => m.type === 'analytics_stored')).toEqual([]);
      expect(adminSocket.messages.filter((m: { type?: string; pageViews?: number }) => m.type === 'analytics_stored' && m.pageViews === 1)).toEqual([]);
    } finally {
      adminSocket.close();
      memberSocket.close();
    }
  });

  it('keeps the Live Activity from members and the signed out', async () => {
    expect((await fetch(`${server.url}/api/admin/activities`)).status).toBe(401);
    expect((await member.get('/api/admin/activities')).status).toBe(403);
  });
});

describe('analytics off', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { ANALYTICS: 'off' } });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  it('tells the client not to send, and stores nothing that arrives anyway', async () => {
    expect(await (await fetch(`${server.url}/api/analytics/settings`)).json()).toEqual({ enabled: false });
    const answer = await fetch(`${server.url}/api/analytics/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: new URL(server.url).origin, 'user-agent': BROWSER_USER_AGENT },
      body: JSON.stringify(batchOf([view(1)])),
    });
    expect(answer.status).toBe(202);
    expect(Number((await sql<{ n: number }>`select count(*)::int as n from ${sql.table(T.pageViews)}`.execute(server.sql.handle)).rows[0]!.n)).toBe(0);
  });
});

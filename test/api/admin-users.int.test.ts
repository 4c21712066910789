// Issue 31 points 6, 7, 10: the admin's member reads. The admin-users read model is eventual, so each
// check polls until it holds; the clock is fixed so 'active' (an own action within 24 h) is exact.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUsersTexts, USERS_PAGE_MAX, type AdminUser, type AdminUsersPage } from '../../api/contracts/admin-users.js';
import { adminTexts } from '../../api/routes/admin/autohooks.js';
import { eventually } from '../support/assistant-fixtures.js';
import { DAY_MS, signIn, startTestServer, type ApiClient, type TestServer } from '../support/test-server.js';

const ADMIN = 'ada-admin@example.com';
const START = '2026-12-07T08:00:00.000Z';
const routes = ['/api/admin/users', '/api/admin/user-detail?userId=x', '/api/admin/user-stats', '/api/admin/user-activities'];

describe('the admin member reads', () => {
  let server: TestServer;
  let admin: ApiClient;
  let mo: ApiClient;
  let zoe: ApiClient;
  let late: ApiClient;
  beforeAll(async () => {
    server = await startTestServer({ now: START, env: { ADMIN_EMAILS: ADMIN } });
    [admin, mo, zoe] = await Promise.all([
      signIn(server.url, ADMIN, 'Ada'),
      signIn(server.url, 'mo-member@example.com', 'Mo Member'),
      signIn(server.url, 'zoe@elsewhere.org', 'Zoë Quinn'),
    ]);
    // Two days on: Mo edits the profile and a new member signs up; Ada and Zoë did nothing since.
    server.clock.advance(2 * DAY_MS);
    late = await signIn(server.url, 'late-comer@example.com', 'Late Comer');
    expect((await mo.patch(`/api/users/${mo.memberId}`, { bio: 'I teach chess', location: 'Lyon' })).status).toBe(200);
    await eventually(async () => ((await admin.get('/api/admin/user-stats')).body.active_users_today === 2 ? true : undefined), 15_000, 'the read model');
  }, 120_000);
  afterAll(() => server?.close());

  const page = async (query: string) => {
    const response = await admin.get<AdminUsersPage>(`/api/admin/users${query}`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body;
  };
  const names = (users: AdminUser[]) => users.map((u) => u.name);

  it('answers 401 signed out and 403 to a member on every call', async () => {
    for (const path of routes) {
      expect((await fetch(`${server.url}${path}`)).status, path).toBe(401);
      const asMember = await mo.get(path);
      expect([asMember.status, asMember.body.error], path).toEqual([403, adminTexts.notAdmin]);
    }
  });

  it('refuses bad parameters with a readable 400', async () => {
    const refused = async (path: string, text: string) => {
      const response = await admin.get(path);
      expect(response.status, path).toBe(400);
      expect(response.body.error, path).toContain(text);
    };
    await refused('/api/admin/users?filter=sleeping', adminUsersTexts.badFilter);
    await refused('/api/admin/users?limit=0', adminUsersTexts.badLimit);
    await refused(`/api/admin/users?limit=${USERS_PAGE_MAX + 1}`, adminUsersTexts.badLimit);
    await refused('/api/admin/users?limit=ten', adminUsersTexts.badLimit);
    await refused('/api/admin/users?cursor=not-a-cursor', adminUsersTexts.badCursor);
    await refused(`/api/admin/users?search=${'a'.repeat(101)}`, adminUsersTexts.searchTooLong);
    await refused('/api/admin/user-activities?cursor=2026|x', adminUsersTexts.badCursor);
    await refused('/api/admin/user-detail', adminUsersTexts.userIdMissing);
    await refused('/api/admin/user-detail?userId=%20', adminUsersTexts.userIdMissing);
    const unknown = await admin.get('/api/admin/user-detail?userId=nobody');
    expect([unknown.status, unknown.body.error]).toEqual([404, adminUsersTexts.userNotFound]);
  });

  it('pages every member newest first by cursor, each once', async () => {
    const seen: string[] = [];
    let cursor: string | null = '';
    let pages = 0;
    while (cursor !== null) {
      const body: AdminUsersPage = await page(`?limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(body.users.length).toBeLessThanOrEqual(1);
      seen.push(...names(body.users));
      cursor = body.next_cursor;
      pages += 1;
    }
    expect(pages).toBe(4);
    expect(seen[0]).toBe('Late Comer');
    expect([...seen].sort()).toEqual(['Ada', 'Late Comer', 'Mo Member', 'Zoë Quinn']);
    expect(names((await page('')).users)).toEqual(seen);
  });

  it('searches by any part of a name or an e-mail, whatever the case', async () => {
    expect(names((await page('?search=MEMB')).users)).toEqual(['Mo Member']);
    expect(names((await page('?search=elsewhere.ORG')).users)).toEqual(['Zoë Quinn']);
    expect(names((await page('?search=zoë')).users)).toEqual(['Zoë Quinn']);
    expect(names((await page('?search=%40example.com')).users).sort()).toEqual(['Ada', 'Late Comer', 'Mo Member']);
    // LIKE's wildcards are searched for as themselves.
    expect((await page('?search=%25')).users).toEqual([]);
    expect((await page('?search=_')).users).toEqual([]);
  });

  it('filters active members (an own action within 24 hours) from inactive ones', async () => {
    expect(names((await page('?filter=active')).users).sort()).toEqual(['Late Comer', 'Mo Member']);
    expect(names((await page('?filter=inactive')).users).sort()).toEqual(['Ada', 'Zoë Quinn']);
    expect(names((await page('?filter=inactive&search=ada')).users)).toEqual(['Ada']);
  });

  it("shows each card's fields, the Admin badge from the server's admin list", async () => {
    const users = (await page('')).users;
    const moRow = users.find((u) => u.id === mo.memberId)!;
    expect(moRow).toMatchObject({
      name: 'Mo Member',
      email: 'mo-member@example.com',
      location: 'Lyon',
      points: 3,
      rating: null,
      reviewCount: 0,
      joinedDate: START,
      lastActive: new Date(Date.parse(START) + 2 * DAY_MS).toISOString(),
      isActive: true,
      isAdmin: false,
      sessionCount: 0,
      activityCount: 2,
    });
    expect(users.filter((u) => u.isAdmin).map((u) => u.id)).toEqual([admin.memberId]);
  });

  it('counts the stat cards', async () => {
    expect((await admin.get('/api/admin/user-stats')).body).toEqual({ total_users: 4, active_users_today: 2, new_users_this_week: 4, top_rated_users: 0 });
  });

  it("gives a member's detail with the recent activity timeline", async () => {
    const response = await admin.get(`/api/admin/user-detail?userId=${mo.memberId}`);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      user: { id: mo.memberId, name: 'Mo Member', profileCompletion: 50 },
      engagementMetrics: { joinedDaysAgo: 2, sessionConversionRate: 0 },
      activityStats: { totalActivities: 2, last24Hours: 1 },
      sessionStats: { totalSessions: 0, completedSessions: 0 },
    });
    const timeline = response.body.recentActivities as { activity_type: string; page_path: string | null; user_id: string }[];
    expect(timeline.map((a) => a.activity_type)).toEqual(['ProfileDetailsChanged', 'MemberRegistered']);
    expect(timeline.every((a) => a.page_path === '/profile' && a.user_id === mo.memberId)).toBe(true);
  });

  it('pages the activity summaries by cursor', async () => {
    const first = await admin.get('/api/admin/user-activities?limit=3');
    expect(first.body.summaries).toHaveLength(3);
    expect(first.body.summaries[0]).toEqual({ user_id: late.memberId, last_activity: expect.any(String), session_count: 0, activity_count: 1 });
    const rest = await admin.get(`/api/admin/user-activities?limit=3&cursor=${encodeURIComponent(first.body.next_cursor)}`);
    expect(rest.body).toEqual({ summaries: [expect.objectContaining({ user_id: expect.any(String) })], next_cursor: null });
    expect(new Set([...first.body.summaries, ...rest.body.summaries].map((s: { user_id: string }) => s.user_id)).size).toBe(4);
    expect(zoe.memberId).toBeTruthy();
  });
});

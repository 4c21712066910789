// Issue 31 points 3, 4: the dashboard's figures and the funnel's drop-offs through the real server. The
// test appends a story of members' events with times over the last four days (the server's clock fixed),
// and every figure must equal the count made from those events, now and at the same time yesterday.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminStatsTexts, STOPPED_PAGE_MAX, stoppedSteps, type AdminStats, type StoppedPage, type StoppedStep } from '../../api/contracts/admin-stats.js';
import { adminTexts } from '../../api/routes/admin/autohooks.js';
import { TELEMETRY_TABLES as T } from '../../telemetry/tables.js';
import { countedAt, HOUR, scenario, stoppedAt, type Plan } from '../support/admin-funnel-scenario.js';
import { openLiveSocket } from '../support/assistant-fixtures.js';
import { heardAfter } from '../support/live-socket.js';
import { signIn, startTestServer, type ApiClient, type TestServer } from '../support/test-server.js';

const ADMIN = 'ada-admin@example.com';
const NOW = '2026-12-07T08:00:00.000Z';
const YESTERDAY = new Date(Date.parse(NOW) - 24 * HOUR).toISOString();
const plans: Plan[] = [
  { id: 'f-ann', joined: 90, taught: 89, ready: 88 },
  { id: 'f-bea', joined: 70, taught: 69, ready: 60, books: [50] },
  { id: 'f-cai', joined: 40, taught: 30, ready: 2, books: [26, 3] },
  { id: 'f-dan', joined: 47, books: [1] },
  { id: 'f-eve', joined: 10, taught: 9 },
  { id: 'f-fay', joined: 20, partial: 19, acts: [5] },
  { id: 'f-gus', joined: 30, taught: 29, untaught: 28, acts: [27] },
  { id: 'f-ivy', joined: 25, taught: 24.5, ready: 23 },
];
const appended = scenario(NOW, plans, 'f-ann');

describe('the admin dashboard figures', () => {
  let server: TestServer;
  let admin: ApiClient;
  let mo: ApiClient;
  beforeAll(async () => {
    server = await startTestServer({ now: NOW, env: { ADMIN_EMAILS: ADMIN } });
    [admin, mo] = await Promise.all([signIn(server.url, ADMIN, 'Ada'), signIn(server.url, 'mo-member@example.com', 'Mo Member')]);
    for (const { streamId, event, at, actorId } of appended) {
      const metadata = { eventId: randomUUID(), occurredAt: at, actorId, correlationId: randomUUID(), causationId: null, schemaVersion: 1 };
      await server.store.append(streamId, [{ ...event, metadata }]);
    }
  }, 120_000);
  afterAll(() => server?.close());

  const stats = async () => {
    const response = await admin.get<AdminStats>('/api/admin/stats');
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body;
  };

  it('answers 401 signed out and 403 to a member on both calls', async () => {
    for (const path of ['/api/admin/stats', '/api/admin/funnel/stopped?step=signedUp']) {
      expect((await fetch(`${server.url}${path}`)).status, path).toBe(401);
      const asMember = await mo.get(path);
      expect([asMember.status, asMember.body.error], path).toEqual([403, adminTexts.notAdmin]);
    }
  });

  it('counts the error monitor’s occurrences and its groups not resolved', async () => {
    const error = (message: string) => ({ type: 'Error', message, stack: null, source: 'window', path: '/feed', occurredAt: NOW, appVersion: null });
    expect((await mo.post('/api/client-errors', { errors: [error('stats one'), error('stats one'), error('stats two')] })).status).toBe(204);
    await expect.poll(async () => [(await stats()).totalErrors, (await stats()).unresolvedErrors], { timeout: 15_000 }).toEqual([3, 2]);
    const errorTables = [T.errors, T.errorGroups, T.errorHourly, T.errorDaily, T.errorMembers, T.errorVersions];
    await sql`truncate ${sql.join(errorTables.map((t) => sql.table(t)))}`.execute(server.sql.handle);
    await expect.poll(async () => (await stats()).totalErrors, { timeout: 15_000 }).toBe(0);
  });

  it('counts every figure as the events appended say, now and at the same time yesterday', async () => {
    // Ada and Mo signed up now (the server's clock), with no step taken: they count as new, active members.
    const now = countedAt(appended, plans, NOW);
    const then = countedAt(appended, plans, YESTERDAY);
    const fig = (value: number, yesterday: number) => ({ value, yesterday });
    await expect.poll(async () => (await stats()).totalSessions, { timeout: 15_000 }).toEqual(fig(now.sessions, then.sessions));
    await expect.poll(stats, { timeout: 15_000 }).toMatchObject({
      asOf: NOW,
      totalUsers: fig(now.users + 2, then.users),
      newUsersToday: fig(now.newUsers + 2, then.newUsers),
      activeUsers: fig(now.active + 2, then.active),
      totalErrors: 0,
      unresolvedErrors: 0,
      systemHealth: null,
      avgResponseTime: null,
      sessionFunnelMetrics: { sessionReadyUsers: fig(now.ready, then.ready), usersWithTeachingSkills: fig(now.taught, then.taught) },
      journey: [
        { step: 'signedUp', reached: fig(now.users + 2, then.users), stopped: now.users + 2 - now.taught },
        { step: 'addedSkills', reached: fig(now.taught, then.taught), stopped: now.taught - now.ready },
        { step: 'profileReady', reached: fig(now.ready, then.ready), stopped: now.ready - now.journey },
        { step: 'bookedSession', reached: fig(now.journey, then.journey), stopped: 0 },
      ],
    });
    // The story read by hand: 8 + 2 members, 6 of them yesterday; 3 booked, 2 of them with a ready profile.
    expect([now.users, then.users, now.taught, then.taught, now.ready, then.ready, now.journey, then.journey, now.booked]).toEqual([8, 6, 6, 5, 4, 2, 2, 1, 3]);
    const { sessionFunnelMetrics } = await stats();
    expect(sessionFunnelMetrics.sessionConversionRate).toBe(30);
    expect(sessionFunnelMetrics.profileToSessionRate).toBe(50);
  });

  it('lists exactly the members who stopped at each step, newest first, paged by cursor', async () => {
    const signedUpNow = [admin.memberId, mo.memberId].sort().reverse();
    const expected: Record<StoppedStep, string[]> = {
      signedUp: [...signedUpNow, ...stoppedAt(appended, plans, 'signedUp', NOW)],
      addedSkills: stoppedAt(appended, plans, 'addedSkills', NOW),
      profileReady: stoppedAt(appended, plans, 'profileReady', NOW),
    };
    await expect.poll(async () => (await stats()).journey.map((s) => s.stopped), { timeout: 15_000 }).toEqual([...stoppedSteps.map((s) => expected[s].length), 0]);
    for (const step of stoppedSteps) {
      const ids: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const query: string = `?step=${step}&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
        const response = await admin.get<StoppedPage>(`/api/admin/funnel/stopped${query}`);
        expect(response.status, JSON.stringify(response.body)).toBe(200);
        expect(response.body.step).toBe(step);
        ids.push(...response.body.members.map((m) => m.id));
        cursor = response.body.next_cursor;
        pages += 1;
      } while (cursor !== null && pages < 10);
      expect(ids, step).toEqual(expected[step]);
    }
    const first = await admin.get<StoppedPage>('/api/admin/funnel/stopped?step=profileReady');
    expect(first.body.members[0]).toEqual({
      id: 'f-ivy',
      name: 'Member f-ivy',
      email: 'f-ivy@funnel.example',
      joinedDate: '2026-12-06T07:00:00.000Z',
      reachedAt: '2026-12-06T09:00:00.000Z',
    });
  });

  it("answers the new figures as soon as the admins' sockets hear of a change, not a cached old answer", async () => {
    const socket = await openLiveSocket(server.url, admin);
    try {
      const before = (await stats()).totalSessions.value;
      // A cached answer is given even past its 2 s refresh (while the refresh loads), so only the notice's
      // clear makes the next read show the new session.
      const { event, actorId } = scenario(NOW, [{ id: 'f-dan', joined: 47, books: [0.5] }], 'f-ann').find((e) => e.event.type === 'SessionRequested')!;
      const data = { ...(event.data as object), sessionId: 'late-session' };
      const metadata = {
        eventId: randomUUID(),
        occurredAt: new Date(Date.parse(NOW) - HOUR / 2).toISOString(),
        actorId,
        correlationId: randomUUID(),
        causationId: null,
        schemaVersion: 1,
      };
      await heardAfter(
        [socket],
        (m) => m.type === 'changed' && m.scope === 'admin',
        () => server.store.append('session-late-session', [{ type: event.type, data, metadata }]),
      );
      expect((await stats()).totalSessions.value).toBe(before + 1);
    } finally {
      socket.close();
    }
  });

  it("refuses a bad step, cursor or limit with the contract's texts", async () => {
    const refused = async (query: string, text: string) => {
      const response = await admin.get(`/api/admin/funnel/stopped${query}`);
      expect(response.status, query).toBe(400);
      expect(response.body.error, query).toContain(text);
    };
    await refused('', adminStatsTexts.badStep);
    await refused('?step=bookedSession', adminStatsTexts.badStep);
    await refused('?step=signedUp&cursor=not-a-cursor', adminStatsTexts.badCursor);
    await refused(`?step=signedUp&cursor=${'x'.repeat(301)}`, adminStatsTexts.badCursor);
    await refused('?step=signedUp&limit=0', adminStatsTexts.badLimit);
    await refused(`?step=signedUp&limit=${STOPPED_PAGE_MAX + 1}`, adminStatsTexts.badLimit);
    await refused('?step=signedUp&limit=ten', adminStatsTexts.badLimit);
    await refused('?step=signedUp&limit=1.5', adminStatsTexts.badLimit);
  });
});

import { describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { stoppedSteps, type AdminStats, type StoppedStep } from '../../api/contracts/admin-stats.js';
import { countedAt, HOUR, scenario, stoppedAt, type Plan } from '../../test/support/admin-funnel-scenario.js';
import { projectionSpec } from '../../test/projections/support/projection-spec.js';
import { createEventLog } from '../../test/projections/support/recorded-events.js';
import { testTargets } from '../../test/projections/support/test-databases.js';
import type { ReadModelsDb } from '../read-models.js';
import { adminStats, percentOf } from './admin-stats.js';
import { adminUsersProjector } from './projector.js';
import { listStoppedMembers } from './stopped-members.js';

const NOW = '2026-01-10T12:00:00.000Z';
const YESTERDAY = new Date(Date.parse(NOW) - 24 * HOUR).toISOString();

// Hours before NOW; the same time yesterday is 24.
const plans: Plan[] = [
  { id: 'ann', joined: 100, taught: 99, ready: 98 },
  { id: 'bea', joined: 72, taught: 71, ready: 60, books: [50] },
  { id: 'cai', joined: 40, taught: 30, ready: 2, books: [26, 3] },
  { id: 'dan', joined: 48, books: [1] },
  { id: 'eve', joined: 10, taught: 9 },
  { id: 'fay', joined: 20, partial: 19, acts: [5] },
  { id: 'gus', joined: 30, taught: 29, untaught: 28, acts: [27] },
  { id: 'hal', joined: 50 },
  { id: 'ivy', joined: 25, taught: 24.5, ready: 23 },
];
const appended = scenario(NOW, plans, 'ann');

const history = () => {
  const log = createEventLog();
  for (const { streamId, event, at, actorId } of appended) log.record(streamId, event, at).metadata.actorId = actorId;
  return log.events;
};

/** Every page of a stopped list, by cursor, two at a time. */
const allStopped = async (db: Kysely<ReadModelsDb>, step: StoppedStep) => {
  const ids: string[] = [];
  let cursor: string | undefined;
  for (let pages = 0; pages < 20; pages += 1) {
    const page = await listStoppedMembers(db, { step, limit: 2, ...(cursor && { cursor }) }, NOW);
    expect(page.members.length).toBeLessThanOrEqual(2);
    ids.push(...page.members.map((m) => m.id));
    if (!page.next_cursor) return ids;
    cursor = page.next_cursor;
  }
  throw new Error('the list never ended');
};

describe.each(testTargets())('the dashboard figures of the admin-users read model on $kind', (target) => {
  const spec = projectionSpec(target, adminUsersProjector);

  it('counts each figure now and at the same time yesterday as the events say', () =>
    spec.given(history()).then(async (db) => {
      const now = countedAt(appended, plans, NOW);
      const then = countedAt(appended, plans, YESTERDAY);
      const stats: AdminStats = await adminStats(db, NOW);
      const fig = (value: number, yesterday: number) => ({ value, yesterday });
      expect(stats).toMatchObject({
        asOf: NOW,
        totalUsers: fig(now.users, then.users),
        newUsersToday: fig(now.newUsers, then.newUsers),
        activeUsers: fig(now.active, then.active),
        totalSessions: fig(now.sessions, then.sessions),
        totalErrors: null,
        unresolvedErrors: null,
        systemHealth: null,
        avgResponseTime: null,
        sessionFunnelMetrics: {
          sessionConversionRate: percentOf(now.booked, now.users),
          sessionReadyUsers: fig(now.ready, then.ready),
          usersWithTeachingSkills: fig(now.taught, then.taught),
          profileToSessionRate: percentOf(now.journey, now.ready),
        },
      });
      expect(stats.journey).toEqual([
        { step: 'signedUp', reached: fig(now.users, then.users), stopped: now.users - now.taught },
        { step: 'addedSkills', reached: fig(now.taught, then.taught), stopped: now.taught - now.ready },
        { step: 'profileReady', reached: fig(now.ready, then.ready), stopped: now.ready - now.journey },
        { step: 'bookedSession', reached: fig(now.journey, then.journey), stopped: 0 },
      ]);
      // The story read by hand, so the counting above is not only the read model's own rules again.
      expect([now.users, then.users, now.taught, then.taught, now.ready, then.ready, now.journey, then.journey]).toEqual([9, 7, 6, 5, 4, 2, 2, 1]);
      expect([now.sessions, then.sessions, now.active, then.active, now.newUsers, then.newUsers]).toEqual([4, 2, 5, 4, 2, 3]);
      // Six parts each: four complete profiles, two with two parts (eve, fay), three with a name only: 31 of 54.
      expect(stats.userGrowthMetrics.profileCompletionRate).toBe(57.4);
    }));

  it('lists exactly the members who stopped at each step, newest first, page by page', () =>
    spec.given(history()).then(async (db) => {
      for (const step of stoppedSteps) expect(await allStopped(db, step), step).toEqual(stoppedAt(appended, plans, step, NOW));
      expect(stoppedAt(appended, plans, 'signedUp', NOW)).toEqual(['fay', 'dan', 'hal']);
      expect(stoppedAt(appended, plans, 'addedSkills', NOW)).toEqual(['eve', 'gus']);
      expect(stoppedAt(appended, plans, 'profileReady', NOW)).toEqual(['ivy', 'ann']);
      const page = await listStoppedMembers(db, { step: 'profileReady', limit: 1 }, NOW);
      expect(page.members).toEqual([
        { id: 'ivy', name: 'Member ivy', email: 'ivy@funnel.example', joinedDate: '2026-01-09T11:00:00.000Z', reachedAt: '2026-01-09T13:00:00.000Z' },
      ]);
    }));

  it('answers zeros, not a division by zero, before anyone signs up', () =>
    spec.given([]).then(async (db) => {
      const stats = await adminStats(db, NOW);
      expect(stats.sessionFunnelMetrics).toEqual({
        sessionConversionRate: 0,
        sessionReadyUsers: { value: 0, yesterday: 0 },
        usersWithTeachingSkills: { value: 0, yesterday: 0 },
        profileToSessionRate: 0,
      });
      expect(stats.userGrowthMetrics.profileCompletionRate).toBe(0);
      expect(await listStoppedMembers(db, { step: 'signedUp', limit: 25 }, NOW)).toEqual({ step: 'signedUp', members: [], next_cursor: null });
    }));
});

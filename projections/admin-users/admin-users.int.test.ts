import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '../../eventstore/types.js';
import type { SessionRef } from '../../domain/session/events.js';
import { projectionSpec } from '../../test/projections/support/projection-spec.js';
import { createEventLog } from '../../test/projections/support/recorded-events.js';
import { testTargets } from '../../test/projections/support/test-databases.js';
import { balancesProjector } from '../balances/projector.js';
import { memberStatsProjector } from '../member-stats/projector.js';
import { adminUsersProjector } from './projector.js';
import { getUserDetail, listAdminUsers, userStats } from './queries.js';

const NOW = '2026-01-05T12:00:00.000Z';
const context = { now: NOW, adminEmails: ['ann@example.com'] };
const session: SessionRef = {
  sessionId: 's1',
  studentId: 'bob',
  instructorId: 'ann',
  skillId: 'k1',
  skillName: 'Chess',
  experienceLevel: 'beginner',
  startsAt: '2026-01-04T10:00:00.000Z',
  durationHours: 1,
  cost: 1,
  holdId: 'h1',
};

const history = () => {
  const log = createEventLog();
  // The log helper records no actor; an action's actor is who did it (null: the scheduler).
  const acted = (actor: string | null, streamId: string, event: DomainEvent, at: string) => {
    const recorded = log.record(streamId, event, at);
    recorded.metadata.actorId = actor;
  };
  const register = (id: string, name: string, at: string) =>
    acted(id, `member-${id}`, { type: 'MemberRegistered', data: { memberId: id, email: `${id}@example.com`, name, timeZone: 'UTC', registeredAt: at } }, at);
  register('ann', 'Ann Lee', '2026-01-01T09:00:00.000Z');
  register('bob', 'Bob Stone', '2026-01-02T09:00:00.000Z');
  acted('ann', 'member-ann', { type: 'ProfileDetailsChanged', data: { memberId: 'ann', bio: 'Chess coach', location: 'Oslo' } }, '2026-01-02T10:00:00.000Z');
  acted(
    'ann',
    'member-ann',
    {
      type: 'SkillTaughtAdded',
      data: { memberId: 'ann', skill: { id: 'k1', name: 'Chess', description: 'Openings', category: 'Games', experienceLevel: 'expert', pointsPerHour: 1 } },
    },
    '2026-01-02T10:01:00.000Z',
  );
  acted(
    'ann',
    'member-ann',
    {
      type: 'SkillTaughtUpdated',
      data: { memberId: 'ann', skill: { id: 'k1', name: 'Chess 960', description: 'Openings', category: 'Games', experienceLevel: 'expert', pointsPerHour: 1 } },
    },
    '2026-01-02T10:02:00.000Z',
  );
  acted('bob', 'session-s1', { type: 'SessionRequested', data: { ...session, pointsPerHour: 1, message: 'Hi' } }, '2026-01-03T09:00:00.000Z');
  acted(
    null,
    'session-s1',
    { type: 'SessionCompleted', data: { ...session, completedBy: null, trigger: 'auto', droppedModificationId: null, holdAction: 'adjudicate' } },
    '2026-01-04T11:00:00.000Z',
  );
  acted('bob', 'post-p1', { type: 'PostLiked', data: { postId: 'p1', postAuthorId: 'ann', memberId: 'bob' } }, '2026-01-05T08:00:00.000Z');
  // An actor who is no member (an operator's tool) counts for nobody.
  acted('tool', 'post-p1', { type: 'PostUnliked', data: { postId: 'p1', postAuthorId: 'ann', memberId: 'bob' } }, '2026-01-05T08:30:00.000Z');
  return log.events;
};

describe.each(testTargets())('admin-users read model on $kind', (target) => {
  const spec = projectionSpec(target, adminUsersProjector, { with: [balancesProjector, memberStatsProjector] });

  it("counts each member's own actions and their sessions, whoever acted on the session", () =>
    spec.given(history()).then(async (db) => {
      const { users, next_cursor } = await listAdminUsers(db, { search: '', filter: 'all', limit: 10 }, context);
      expect(next_cursor).toBeNull();
      expect(users.map((u) => [u.id, u.activityCount, u.sessionCount, u.completedSessions, u.lastActive, u.isActive, u.isAdmin])).toEqual([
        ['bob', 3, 1, 1, '2026-01-05T08:00:00.000Z', true, false],
        ['ann', 4, 1, 1, '2026-01-02T10:02:00.000Z', false, true],
      ]);
      expect(users[1]).toMatchObject({ location: 'Oslo', skills: ['Chess 960'], learningGoals: [], profileCompletion: 67 });
    }));

  it('searches the name and the e-mail, and filters by activity within 24 hours', () =>
    spec.given(history()).then(async (db) => {
      const ids = async (search: string, filter: 'all' | 'active' | 'inactive' = 'all') =>
        (await listAdminUsers(db, { search, filter, limit: 10 }, context)).users.map((u) => u.id);
      expect(await ids('STONE')).toEqual(['bob']);
      expect(await ids('ann@')).toEqual(['ann']);
      expect(await ids('', 'active')).toEqual(['bob']);
      expect(await ids('', 'inactive')).toEqual(['ann']);
      expect(await userStats(db, NOW)).toEqual({ total_users: 2, active_users_today: 1, new_users_this_week: 2, top_rated_users: 0 });
    }));

  it("keeps the columns an action rewrites out of every index, and room on the row's page, so the rewrite is HOT", () =>
    spec.given(history()).then(async (db) => {
      const { rows: indexes } = await sql<{
        indexdef: string;
      }>`select indexdef from pg_indexes where tablename = 'admin_users' and schemaname = current_schema()`.execute(db);
      expect(indexes.length).toBeGreaterThan(1);
      for (const column of ['last_activity_at', 'activity_count', 'session_count', 'completed_session_count', 'active_since']) {
        expect(indexes.filter((i) => i.indexdef.includes(column))).toEqual([]);
      }
      const { rows } = await sql<{ reloptions: string[] | null }>`select reloptions from pg_class where oid = 'admin_users'::regclass`.execute(db);
      expect(rows.map((r) => r.reloptions)).toEqual([['fillfactor=80']]);
    }));

  it("gives a member's newest actions first, each with its page", () =>
    spec.given(history()).then(async (db) => {
      const detail = await getUserDetail(db, 'bob', context);
      expect(detail?.recentActivities.map((a) => [a.activity_type, a.page_path])).toEqual([
        ['PostLiked', '/feed'],
        ['SessionRequested', '/dashboard'],
        ['MemberRegistered', '/profile'],
      ]);
      expect(detail).toMatchObject({ engagementMetrics: { joinedDaysAgo: 3, sessionConversionRate: 100 }, activityStats: { totalActivities: 3, last24Hours: 1 } });
      expect(await getUserDetail(db, 'nobody', context)).toBeNull();
    }));

  it("counts a member's feature vote and comment as their activity on /coming-soon, and not an admin's status", () => {
    const log = createEventLog();
    const acted = (actor: string, streamId: string, event: DomainEvent, at: string) => {
      log.record(streamId, event, at).metadata.actorId = actor;
    };
    for (const [id, at] of [
      ['ann', '2026-01-04T09:00:00.000Z'],
      ['cara', '2026-01-04T10:00:00.000Z'],
    ] as const)
      acted(id, `member-${id}`, { type: 'MemberRegistered', data: { memberId: id, email: `${id}@example.com`, name: id, timeZone: 'UTC', registeredAt: at } }, at);
    const featureId = 'how_to_quote';
    acted(
      'cara',
      `feature-vote-${featureId}-cara`,
      { type: 'FeatureVoteCast', data: { featureId, memberId: 'cara', voteType: 'like', previousVoteType: null } },
      '2026-01-05T08:00:00.000Z',
    );
    acted(
      'cara',
      `feature-${featureId}`,
      { type: 'FeatureCommentAdded', data: { featureId, commentId: 'c1', memberId: 'cara', content: 'Yes please' } },
      '2026-01-05T08:01:00.000Z',
    );
    acted(
      'ann',
      `feature-${featureId}`,
      { type: 'FeatureStatusChanged', data: { featureId, adminId: 'ann', status: 'planned', previousStatus: 'open', note: '' } },
      '2026-01-05T09:00:00.000Z',
    );
    return spec.given(log.events).then(async (db) => {
      const cara = await getUserDetail(db, 'cara', context);
      expect(cara?.recentActivities.map((a) => [a.activity_type, a.page_path])).toEqual([
        ['FeatureCommentAdded', '/coming-soon'],
        ['FeatureVoteCast', '/coming-soon'],
        ['MemberRegistered', '/profile'],
      ]);
      const ann = await getUserDetail(db, 'ann', context);
      expect(ann?.recentActivities.map((a) => a.activity_type)).toEqual(['MemberRegistered']);
    });
  });
});

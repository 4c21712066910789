import { describe, expect, it } from 'vitest';
import { memberChanged } from '../change-notices.js';
import { projectionSpec } from '../../test/projections/support/projection-spec.js';
import { dumpTables } from '../../test/projections/support/table-dump.js';
import { testTargets } from '../../test/projections/support/test-databases.js';
import { balancesProjector } from '../balances/projector.js';
import { membersProjector } from '../members/projector.js';
import { createStory, eventsFor } from '../sessions/testing.js';
import { memberStatsProjector } from './projector.js';
import { getDashboardStats, getMemberStats, getStreak, listReviews, loadMemberStats } from './queries.js';
import { runEndingOnLatest, streakAt } from './streak.js';

// Sam learns from Mia on 27 Feb and then three days running (1-3 March); Bob once with Mia on 1 March.
const tell = () => {
  const story = createStory();
  story.register('mia', 'Mia Mentor', '2026-02-01T08:00:00.000Z');
  story.register('sam', 'Sam Student', '2026-02-01T08:01:00.000Z');
  story.register('bob', 'Bob Builder', '2026-02-01T08:02:00.000Z');
  story.ledger(
    'sam',
    { type: 'PointsGranted', data: { memberId: 'sam', transactionId: 'top-up', amount: 5, reason: 'correction', description: 'Top-up' } },
    '2026-02-01T09:00:00.000Z',
  );
  const lesson = (id: string, student: string, skillName: string, day: string) =>
    story
      .session({ id, student, mentor: 'mia', skillName, startsAt: `${day}T10:00:00.000Z`, at: '2026-02-20T09:00:00.000Z', durationHours: 1.5 })
      .approve('2026-02-20T10:00:00.000Z');
  const early = lesson('s0', 'sam', 'SQL', '2026-02-27');
  const first = lesson('s1', 'sam', 'React', '2026-03-01');
  const second = lesson('s2', 'sam', 'React', '2026-03-02');
  const third = lesson('s3', 'sam', 'TypeScript', '2026-03-03');
  const bobs = lesson('s4', 'bob', 'Go', '2026-03-01');
  early.complete('2026-02-27T11:30:00.000Z');
  first.markCompleted('2026-03-01T10:30:00.000Z').rate(5, 'Clear and patient', '2026-03-01T12:00:00.000Z');
  bobs.complete('2026-03-01T11:30:00.000Z').rate(4, '', '2026-03-01T13:00:00.000Z');
  second.complete('2026-03-02T23:59:00.000Z').rate(4, 'Good', '2026-03-03T08:00:00.000Z');
  third.complete('2026-03-03T11:30:00.000Z');
  return story;
};

describe.each(testTargets())('member-stats read model on $kind', (target) => {
  const spec = projectionSpec(target, memberStatsProjector, { with: [membersProjector, balancesProjector] });
  const story = tell();

  it('rates a mentor by the average of ratings received and counts swaps on both sides', () =>
    spec.given(story.events).then(async (db) => {
      const now = '2026-03-04T09:00:00.000Z';
      expect(await getMemberStats(db, 'mia', now)).toEqual({ rating: 4.3, reviewCount: 3, completedSwaps: 5, streak: 3 });
      expect(await getMemberStats(db, 'sam', now)).toEqual({ rating: 0, reviewCount: 0, completedSwaps: 4, streak: 3 });
      expect(await getMemberStats(db, 'bob', now)).toEqual({ rating: 0, reviewCount: 0, completedSwaps: 1, streak: 0 });
      expect(await getMemberStats(db, 'nobody', now)).toEqual({ rating: 0, reviewCount: 0, completedSwaps: 0, streak: 0 });
      expect([...(await loadMemberStats(db, ['bob', 'mia', 'nobody'], now)).keys()].sort()).toEqual(['bob', 'mia']);
    }));

  it('keeps a streak while its last day is today or yesterday (UTC), then drops it', () =>
    spec.given(story.events).then(async (db) => {
      expect(await getStreak(db, 'sam', '2026-03-03T12:00:00.000Z')).toEqual({ streak: 3 });
      expect(await getStreak(db, 'sam', '2026-03-04T23:59:59.000Z')).toEqual({ streak: 3 });
      expect(await getStreak(db, 'sam', '2026-03-05T00:00:00.000Z')).toEqual({ streak: 0 });
      expect(runEndingOnLatest(['2026-03-02', '2026-02-28', '2026-03-01', '2026-03-01', '2026-02-26'])).toEqual({ lastDay: '2026-03-02', length: 3 });
      expect(runEndingOnLatest(['2026-01-01', '2025-12-31'])).toEqual({ lastDay: '2026-01-01', length: 2 });
      expect(runEndingOnLatest([])).toEqual({ lastDay: null, length: 0 });
      expect(streakAt('2026-03-02', 3, '2026-03-01T10:00:00.000Z')).toBe(0);
    }));

  it('gives the dashboard stat cards, with points from balances', () =>
    spec.given(story.events).then(async (db) => {
      // Sam: 3 welcome + 5 top-up - 4 sessions of 1.5 h at 1 point/h (2 points each) = 0.
      expect(await getDashboardStats(db, 'sam')).toEqual({ totalPoints: 0, completedSwaps: 4, rating: 0, reviews: 0 });
      expect(await getDashboardStats(db, 'mia')).toEqual({ totalPoints: 13, completedSwaps: 5, rating: 4.3, reviews: 3 });
      expect(await getDashboardStats(db, 'nobody')).toEqual({ totalPoints: 0, completedSwaps: 0, rating: 0, reviews: 0 });
    }));

  it("lists a mentor's reviews newest first with what the review card shows", () =>
    spec.given(story.events).then(async (db) => {
      const reviews = await listReviews(db, 'mia');
      expect(reviews.map((r) => [r.session_id, r.rating, r.review, r.student_name])).toEqual([
        ['s2', 4, 'Good', 'Sam Student'],
        ['s4', 4, null, 'Bob Builder'],
        ['s1', 5, 'Clear and patient', 'Sam Student'],
      ]);
      expect(reviews[2]).toEqual({
        id: 's1',
        session_id: 's1',
        status: 'completed',
        instructor_id: 'mia',
        student_id: 'sam',
        student_name: 'Sam Student',
        student_avatar: null,
        rating: 5,
        student_rating: 5,
        review: 'Clear and patient',
        student_review: 'Clear and patient',
        skill_name: 'React',
        scheduled_at: '2026-03-01T10:00:00.000Z',
        experience_level: 'intermediate',
        duration_hours: 1.5,
        rated_at: '2026-03-01T12:00:00.000Z',
      });
      expect(await listReviews(db, 'sam')).toEqual([]);
    }));

  it("announces both participants' figures as a change to their stats", () =>
    spec.given(eventsFor(story.events, ['SessionCompleted']).slice(0, 1)).then((_, { notices }) => {
      expect(notices).toEqual([memberChanged('sam', 'stats'), memberChanged('mia', 'stats')]);
    }));

  // projectionSpec compares every split's rows with the first's.
  it('gives the same rows whether events arrive in one batch or in many small ones', () =>
    spec.given(story.events).then(async (db) => {
      expect((await dumpTables(db, [memberStatsProjector])).member_stats).toHaveLength(3);
    }));
});

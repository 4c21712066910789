// Queries of the member-stats read model: the figures on profiles and the dashboard, and reviews.
// The streak depends on the day it is asked, so those queries take `now` (the API's clock; the
// wall clock when left out).
import { sql, type Kysely } from 'kysely';
import { toIso } from '../runtime/set-wise.js';
import { streakAt } from './streak.js';
import type { MemberStatsRow } from './tables.js';
import type { ReadModelsDb } from '../read-models.js';
import type { DashboardStats } from '../../api/contracts/dashboard.js';
import type { Review } from '../../api/contracts/reviews.js';

/** The same shape as projections/members/member-stats.ts, which this read model is to feed. */
export interface MemberStats {
  rating: number;
  reviewCount: number;
  completedSwaps: number;
  streak: number;
}

const zero: MemberStats = Object.freeze({ rating: 0, reviewCount: 0, completedSwaps: 0, streak: 0 });

/** Average stars received as mentor, to one decimal (4.666 shows as 4.7); 0 without ratings. */
export const averageRating = (sum: number, count: number): number => (count === 0 ? 0 : Math.round((sum / count) * 10) / 10);

const toStats = (row: MemberStatsRow, now: string): MemberStats => ({
  rating: averageRating(Number(row.rating_sum), Number(row.review_count)),
  reviewCount: Number(row.review_count),
  completedSwaps: Number(row.completed_swaps),
  streak: streakAt(row.last_completed_day, Number(row.streak_days), now),
});

const wallClock = () => new Date().toISOString();

/** Figures of many members in one query; members without a completed session are left out. */
export const loadMemberStats = async (db: Kysely<ReadModelsDb>, memberIds: readonly string[], now: string = wallClock()): Promise<Map<string, MemberStats>> => {
  const found = new Map<string, MemberStats>();
  if (memberIds.length === 0) return found;
  const rows = await db
    .selectFrom('member_stats')
    .selectAll()
    .where('member_id', '=', sql<string>`any(${[...new Set(memberIds)]}::text[])`)
    .execute();
  for (const row of rows) found.set(row.member_id, toStats(row, now));
  return found;
};

/** Zeros for a member who has completed nothing yet. */
export const getMemberStats = async (db: Kysely<ReadModelsDb>, memberId: string, now: string = wallClock()): Promise<MemberStats> =>
  (await loadMemberStats(db, [memberId], now)).get(memberId) ?? { ...zero };

/** GET /api/users/{id}/streak. */
export const getStreak = async (db: Kysely<ReadModelsDb>, memberId: string, now: string = wallClock()): Promise<{ streak: number }> => ({
  streak: (await getMemberStats(db, memberId, now)).streak,
});

export type { DashboardStats };

export const getDashboardStats = async (db: Kysely<ReadModelsDb>, memberId: string): Promise<DashboardStats> => {
  const balance = await db.selectFrom('balances').select('available_points').where('member_id', '=', memberId).executeTakeFirst();
  const stats = await db.selectFrom('member_stats').selectAll().where('member_id', '=', memberId).executeTakeFirst();
  return {
    totalPoints: Number(balance?.available_points ?? 0),
    completedSwaps: Number(stats?.completed_swaps ?? 0),
    rating: stats ? averageRating(Number(stats.rating_sum), Number(stats.review_count)) : 0,
    reviews: Number(stats?.review_count ?? 0),
  };
};

/** A rated, completed session in the review-source shape of spec 001 §3. */
export type { Review };

/** Reviews a mentor received, newest first. */
export const listReviews = async (db: Kysely<ReadModelsDb>, mentorId: string): Promise<Review[]> => {
  const rows = await db
    .selectFrom('completed_sessions as c')
    .leftJoin('members as m', 'm.id', 'c.student_id')
    .selectAll('c')
    .select(['m.name as student_name', 'm.avatar_url as student_avatar'])
    .where('c.instructor_id', '=', mentorId)
    .where('c.rating', 'is not', null)
    .orderBy('c.rated_at', 'desc')
    .orderBy('c.session_id', 'desc')
    .execute();
  return rows.map((r) => ({
    id: r.session_id,
    session_id: r.session_id,
    status: 'completed',
    instructor_id: r.instructor_id,
    student_id: r.student_id,
    student_name: r.student_name,
    student_avatar: r.student_avatar,
    rating: Number(r.rating),
    student_rating: Number(r.rating),
    review: r.review,
    student_review: r.review,
    skill_name: r.skill_name,
    scheduled_at: toIso(r.starts_at),
    experience_level: r.experience_level,
    duration_hours: Number(r.duration_minutes) / 60,
    rated_at: toIso(r.rated_at!),
  }));
};

// The member-stats read model's tables: completed sessions with their ratings (the facts), and per
// member the figures shown on profiles and the dashboard, recomputed from them.
import type { ExperienceLevel } from '../../domain/member/events.js';
import { defineTable, int4, text, timestamptz, type DatabaseOf, type RowOfTable } from '../runtime/table.js';

/** One completed session: the facts stats and reviews are computed from. */
export const completedSessionsTable = defineTable({
  name: 'completed_sessions',
  key: ['session_id'],
  columns: {
    session_id: text(),
    student_id: text(),
    instructor_id: text(),
    skill_id: text(),
    skill_name: text(),
    experience_level: text<ExperienceLevel>(),
    starts_at: timestamptz(),
    duration_minutes: int4(),
    cost: int4(),
    /** occurredAt of SessionCompleted. */
    completed_at: timestamptz(),
    /** completed_at's UTC date, YYYY-MM-DD: the unit of a streak. */
    completed_day: text(),
    rating: int4().nullable(),
    review: text().nullable(),
    rated_at: timestamptz().nullable(),
  },
  indexes: {
    completed_sessions_student_idx: ['student_id'],
    completed_sessions_instructor_idx: ['instructor_id', 'rated_at'],
  },
});

/** Per member, recomputed from completed_sessions whenever one of theirs changes. */
export const memberStatsTable = defineTable({
  name: 'member_stats',
  key: ['member_id'],
  columns: {
    member_id: text(),
    /** Completed sessions as student or mentor. */
    completed_swaps: int4(),
    /** Ratings received as mentor, and their sum (the average is sum / count). */
    review_count: int4(),
    rating_sum: int4(),
    /** The latest UTC day with a completion, and how many consecutive days end on it. */
    last_completed_day: text().nullable(),
    streak_days: int4(),
  },
});

export const memberStatsTables = { completed_sessions: completedSessionsTable, member_stats: memberStatsTable };

export type CompletedSessionRow = RowOfTable<typeof completedSessionsTable>;
export type MemberStatsRow = RowOfTable<typeof memberStatsTable>;
export type MemberStatsDb = DatabaseOf<typeof memberStatsTables>;

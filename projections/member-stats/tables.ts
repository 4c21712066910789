// Row types of the member-stats read model (kysely table types).
import type { ExperienceLevel } from '../../domain/member/events.js';

/** One completed session: the facts stats and reviews are computed from. */
export interface CompletedSessionRow {
  session_id: string;
  student_id: string;
  instructor_id: string;
  skill_id: string;
  skill_name: string;
  experience_level: ExperienceLevel;
  starts_at: Date | string;
  duration_minutes: number;
  cost: number;
  /** occurredAt of SessionCompleted. */
  completed_at: Date | string;
  /** completed_at's UTC date, YYYY-MM-DD: the unit of a streak. */
  completed_day: string;
  rating: number | null;
  review: string | null;
  rated_at: Date | string | null;
}

/** Per member, recomputed from completed_sessions whenever one of theirs changes. */
export interface MemberStatsRow {
  member_id: string;
  /** Completed sessions as student or mentor. */
  completed_swaps: number;
  /** Ratings received as mentor, and their sum (the average is sum / count). */
  review_count: number;
  rating_sum: number;
  /** The latest UTC day with a completion, and how many consecutive days end on it. */
  last_completed_day: string | null;
  streak_days: number;
}

export interface MemberStatsTables {
  completed_sessions: CompletedSessionRow;
  member_stats: MemberStatsRow;
}

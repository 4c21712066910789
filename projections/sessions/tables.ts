// Row types of the sessions read model (kysely table types). Every value comes from events: times
// are event instants (metadata.occurredAt or the session's own startsAt), never the wall clock.
import type { ExperienceLevel } from '../../domain/member/events.js';
import type { SessionStatus } from '../../domain/session/events.js';

export interface SessionRow {
  id: string;
  student_id: string;
  instructor_id: string;
  skill_id: string;
  skill_name: string;
  experience_level: ExperienceLevel;
  /** UTC instant; the API shows it in the viewer's zone. */
  starts_at: Date | string;
  ends_at: Date | string;
  /** 45, 60 or 90: whole minutes keep the column an integer. */
  duration_minutes: number;
  /** Points held from the student under hold_id. */
  cost: number;
  /** Only SessionRequested carries it; null for a row first seen through a later event. */
  points_per_hour: number | null;
  hold_id: string;
  status: SessionStatus;
  student_message: string;
  video_call_link: string | null;
  student_rating: number | null;
  student_review: string | null;
  rated_at: Date | string | null;
  /** Rejection or cancellation reason. */
  status_reason: string | null;
  /** Who rejected, cancelled or completed it (null for the scheduler). */
  status_changed_by: string | null;
  pending_modification_id: string | null;
  /** The last approved reschedule, for the card's 'Approved by ... ago'. */
  modification_approved_by: string | null;
  modification_approved_at: Date | string | null;
  completed_at: Date | string | null;
  created_at: Date | string;
  /** occurredAt of the last lifecycle event (thread messages do not count). */
  updated_at: Date | string;
}

export interface SessionMessageRow {
  /** The member's messageId, or `system-{eventId}` for a system message. */
  id: string;
  session_id: string;
  sender_id: string | null;
  is_system_message: boolean;
  message: string;
  created_at: Date | string;
  /** Global log position: the thread's order. */
  position: string | number | bigint;
}

export type ModificationStatus = 'pending' | 'approved' | 'rejected' | 'cancelled';

export interface SessionModificationRow {
  id: string;
  session_id: string;
  status: ModificationStatus;
  proposed_by: string;
  proposed_starts_at: Date | string;
  /** The session's start when the change was proposed. */
  previous_starts_at: Date | string;
  message: string;
  resolved_by: string | null;
  resolved_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

export type HoldState = 'active' | 'refunded' | 'adjudicated';

/** The student's hold as the ledger records it (PointsHeld, HoldRefunded, HoldAdjudicated). */
export interface SessionHoldRow {
  hold_id: string;
  session_id: string;
  member_id: string;
  amount: number;
  state: HoldState;
  created_at: Date | string;
  updated_at: Date | string;
}

export interface SessionsTables {
  sessions: SessionRow;
  session_messages: SessionMessageRow;
  session_modifications: SessionModificationRow;
  session_holds: SessionHoldRow;
}

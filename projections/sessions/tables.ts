// The sessions read model's tables: one row per session, its thread, its reschedule requests and the
// student's hold as the ledger sees it. Every value comes from events: times are event instants
// (metadata.occurredAt or the session's own startsAt), never the wall clock.
import type { ExperienceLevel } from '../../domain/member/events.js';
import type { SessionStatus } from '../../domain/session/events.js';
import { bool, defineTable, int4, int8, text, timestamptz, type DatabaseOf, type RowOfTable } from '../runtime/table.js';

export const sessionsTable = defineTable({
  name: 'sessions',
  key: ['id'],
  columns: {
    id: text(),
    student_id: text(),
    instructor_id: text(),
    skill_id: text(),
    skill_name: text(),
    experience_level: text<ExperienceLevel>(),
    /** UTC instant; the API shows it in the viewer's zone. */
    starts_at: timestamptz(),
    ends_at: timestamptz(),
    /** 45, 60 or 90: whole minutes keep the column an integer. */
    duration_minutes: int4(),
    /** Points held from the student under hold_id. */
    cost: int4(),
    /** Only SessionRequested carries it; null for a row first seen through a later event. */
    points_per_hour: int4().nullable(),
    hold_id: text(),
    status: text<SessionStatus>(),
    student_message: text(),
    video_call_link: text().nullable(),
    student_rating: int4().nullable(),
    student_review: text().nullable(),
    rated_at: timestamptz().nullable(),
    /** Rejection or cancellation reason. */
    status_reason: text().nullable(),
    /** Who rejected, cancelled or completed it (null for the scheduler). */
    status_changed_by: text().nullable(),
    pending_modification_id: text().nullable(),
    /** The last approved reschedule, for the card's 'Approved by ... ago'. */
    modification_approved_by: text().nullable(),
    modification_approved_at: timestamptz().nullable(),
    completed_at: timestamptz().nullable(),
    created_at: timestamptz(),
    /** occurredAt of the last lifecycle event (thread messages do not count). */
    updated_at: timestamptz(),
  },
  // Dashboards look a member up on either side; the scheduler scans by status and time.
  indexes: {
    sessions_student_idx: ['student_id', 'status'],
    sessions_instructor_idx: ['instructor_id', 'status'],
    sessions_status_starts_idx: ['status', 'starts_at'],
    sessions_status_ends_idx: ['status', 'ends_at'],
  },
});

export const sessionMessagesTable = defineTable({
  name: 'session_messages',
  key: ['id'],
  columns: {
    /** The member's messageId, or `system-{eventId}` for a system message. */
    id: text(),
    session_id: text(),
    sender_id: text().nullable(),
    is_system_message: bool(),
    message: text(),
    created_at: timestamptz(),
    /** Global log position: the thread's order. */
    position: int8(),
  },
  // Keyed by message or event id: re-applying an event cannot duplicate a line.
  onConflict: 'nothing',
  indexes: { session_messages_session_idx: ['session_id', 'created_at', 'position'] },
});

export type ModificationStatus = 'pending' | 'approved' | 'rejected' | 'cancelled';

export const sessionModificationsTable = defineTable({
  name: 'session_modifications',
  key: ['id'],
  columns: {
    id: text(),
    session_id: text(),
    status: text<ModificationStatus>(),
    proposed_by: text(),
    proposed_starts_at: timestamptz(),
    /** The session's start when the change was proposed. */
    previous_starts_at: timestamptz(),
    message: text(),
    resolved_by: text().nullable(),
    resolved_at: timestamptz().nullable(),
    created_at: timestamptz(),
    updated_at: timestamptz(),
  },
  indexes: { session_modifications_session_idx: ['session_id', 'created_at'] },
});

export type HoldState = 'active' | 'refunded' | 'adjudicated';

/** The student's hold as the ledger records it (PointsHeld, HoldRefunded, HoldAdjudicated). */
export const sessionHoldsTable = defineTable({
  name: 'session_holds',
  key: ['hold_id'],
  columns: {
    hold_id: text(),
    session_id: text(),
    member_id: text(),
    amount: int4(),
    state: text<HoldState>(),
    created_at: timestamptz(),
    updated_at: timestamptz(),
  },
  indexes: { session_holds_session_idx: ['session_id'] },
});

export const sessionsTables = {
  sessions: sessionsTable,
  session_messages: sessionMessagesTable,
  session_modifications: sessionModificationsTable,
  session_holds: sessionHoldsTable,
};

export type SessionRow = RowOfTable<typeof sessionsTable>;
export type SessionMessageRow = RowOfTable<typeof sessionMessagesTable>;
export type SessionModificationRow = RowOfTable<typeof sessionModificationsTable>;
export type SessionHoldRow = RowOfTable<typeof sessionHoldsTable>;
export type SessionsDb = DatabaseOf<typeof sessionsTables>;

// Rows of the sessions read model in the Session shape of spec 000 §3. The spec lists snake_case
// fields with camelCase aliases the client also reads; both are given. Dates and times are shown in
// the viewer's zone (the API passes it); every instant is also given in UTC ISO.
import type { SessionEvent } from '../../domain/session/events.js';
import { formatDate, formatTime, toLocal } from '../../domain/session/zoned-time.js';
import { toIso } from '../runtime/set-wise.js';
import { evolveSession } from './evolve.js';
import type { HoldState, SessionHoldRow, SessionRow } from './tables.js';
import type { Participant, Session } from '../../api/contracts/sessions.js';

export type PointStatus = 'held' | 'transferred' | 'refunded' | 'none';

export type { Participant };

export type SessionView = Session;

/** A session row joined with both participants' names and pictures from the members read model. */
export type SessionRowWithNames = SessionRow & {
  student_name: string | null;
  student_avatar: string | null;
  instructor_name: string | null;
  instructor_avatar: string | null;
};

export interface ViewOptions {
  viewerId?: string;
  /** IANA zone for session_date/session_time; default UTC. */
  timeZone?: string;
}

/** Spec 000 §4: an active hold means held; otherwise adjudicated means transferred; then refunded. */
export const pointStatusOf = (holds: readonly Pick<SessionHoldRow, 'state'>[]): PointStatus => {
  const has = (state: HoldState) => holds.some((h) => h.state === state);
  if (has('active')) return 'held';
  if (has('adjudicated')) return 'transferred';
  if (has('refunded')) return 'refunded';
  return 'none';
};

const isoOrNull = (value: Date | string | null): string | null => (value === null ? null : toIso(value));

export const localDateTime = (iso: string, timeZone: string): { date: string; time: string } => {
  const local = toLocal(Date.parse(iso), timeZone);
  return { date: formatDate(local), time: formatTime(local.hour, local.minute) };
};

export const toSessionView = (row: SessionRowWithNames, holds: readonly Pick<SessionHoldRow, 'state' | 'amount'>[], options: ViewOptions = {}): SessionView => {
  const timeZone = options.timeZone ?? 'UTC';
  const scheduledAt = toIso(row.starts_at);
  const { date, time } = localDateTime(scheduledAt, timeZone);
  const hours = Number(row.duration_minutes) / 60;
  const transferred = holds.filter((h) => h.state === 'adjudicated').reduce((sum, h) => sum + Number(h.amount), 0);
  const held = holds.filter((h) => h.state === 'active').reduce((sum, h) => sum + Number(h.amount), 0);
  const student: Participant = { id: row.student_id, name: row.student_name, avatar: row.student_avatar };
  const instructor: Participant = { id: row.instructor_id, name: row.instructor_name, avatar: row.instructor_avatar };
  const role = options.viewerId === row.student_id ? 'student' : options.viewerId === row.instructor_id ? 'instructor' : null;
  const approvedBy = row.modification_approved_by;
  return {
    id: row.id,
    student_id: row.student_id,
    studentId: row.student_id,
    instructor_id: row.instructor_id,
    instructorId: row.instructor_id,
    skill_id: row.skill_id,
    skillId: row.skill_id,
    skill_name: row.skill_name,
    experience_level: row.experience_level,
    scheduled_at: scheduledAt,
    ends_at: toIso(row.ends_at),
    session_date: date,
    session_time: time,
    time_zone: timeZone,
    duration: hours,
    duration_hours: hours,
    status: row.status,
    cost: Number(row.cost),
    points_per_hour: row.points_per_hour === null ? null : Number(row.points_per_hour),
    points_transferred: transferred,
    pointsTransferred: transferred,
    point_status: pointStatusOf(holds),
    held_points: held,
    student_message: row.student_message,
    requestMessage: row.student_message,
    video_call_link: row.video_call_link,
    videoCallLink: row.video_call_link,
    google_meet_link: null,
    googleMeetLink: null,
    student_rating: row.student_rating === null ? null : Number(row.student_rating),
    student_review: row.student_review,
    rated_at: isoOrNull(row.rated_at),
    instructor_notes: null,
    status_reason: row.status_reason,
    status_changed_by: row.status_changed_by,
    pending_modification_id: row.pending_modification_id,
    approved_by: approvedBy,
    approved_by_name: approvedBy === null ? null : approvedBy === row.student_id ? student.name : instructor.name,
    approved_at: isoOrNull(row.modification_approved_at),
    completed_at: isoOrNull(row.completed_at),
    student,
    instructor,
    role,
    other_user: role === 'student' ? instructor : role === 'instructor' ? student : null,
    created_at: toIso(row.created_at),
    updated_at: toIso(row.updated_at),
  };
};

/**
 * The view of a session just requested, built from its SessionRequested event and the participants as
 * the write side knows them: what the read model shows once it has the event (the same evolve and the
 * same view), without the query. POST /api/sessions answers with it at once; the participants' next
 * requests wait until the read models show the session (api/plugins/read-your-writes.ts).
 */
export const requestedSessionView = (
  requested: Extract<SessionEvent, { type: 'SessionRequested' }>,
  occurredAt: string,
  participants: { student: Omit<Participant, 'id'>; instructor: Omit<Participant, 'id'> },
  options: ViewOptions,
): SessionView => {
  const row = evolveSession(null, requested, occurredAt)!;
  const withNames: SessionRowWithNames = {
    ...row,
    student_name: participants.student.name,
    student_avatar: participants.student.avatar,
    instructor_name: participants.instructor.name,
    instructor_avatar: participants.instructor.avatar,
  };
  // The hold goes into the same write as the session (or before it, step by step): active, whole cost.
  return toSessionView(withNames, [{ state: 'active', amount: requested.data.cost }], options);
};

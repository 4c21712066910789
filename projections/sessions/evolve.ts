// How session and hold events change the rows of the sessions read model. Pure, so the projector can
// evolve every row a batch touches in memory and write each back once.
import type { HoldAdjudicated, HoldRefunded, PointsHeld } from '../../domain/ledger/events.js';
import type { SessionEvent, SessionRef } from '../../domain/session/events.js';
import { statusAfter } from '../../domain/session/state.js';
import { endsAtMs } from '../../domain/session/rules.js';
import { systemMessageFor } from '../../domain/session/system-messages.js';
import type { RecordedEvent } from '../../eventstore/types.js';
import type { SessionHoldRow, SessionMessageRow, SessionModificationRow, SessionRow } from './tables.js';

export type HoldEvent = PointsHeld | HoldRefunded | HoldAdjudicated;

/**
 * A fresh row: core fields from the ref, the rest from the row before (or empty). One object
 * literal without spreads: V8 builds a spread followed by many properties on a slow path, and a
 * rebuild evolves tens of thousands of rows.
 */
const nextRow = (ref: SessionRef, before: SessionRow | null, occurredAt: string): SessionRow => ({
  id: ref.sessionId,
  student_id: ref.studentId,
  instructor_id: ref.instructorId,
  skill_id: ref.skillId,
  skill_name: ref.skillName,
  experience_level: ref.experienceLevel,
  starts_at: ref.startsAt,
  ends_at: new Date(endsAtMs(ref.startsAt, ref.durationHours)).toISOString(),
  duration_minutes: Math.round(ref.durationHours * 60),
  cost: ref.cost,
  points_per_hour: before ? before.points_per_hour : null,
  hold_id: ref.holdId,
  status: before ? before.status : 'requested',
  student_message: before ? before.student_message : '',
  video_call_link: before ? before.video_call_link : null,
  student_rating: before ? before.student_rating : null,
  student_review: before ? before.student_review : null,
  rated_at: before ? before.rated_at : null,
  status_reason: before ? before.status_reason : null,
  status_changed_by: before ? before.status_changed_by : null,
  pending_modification_id: before ? before.pending_modification_id : null,
  modification_approved_by: before ? before.modification_approved_by : null,
  modification_approved_at: before ? before.modification_approved_at : null,
  completed_at: before ? before.completed_at : null,
  created_at: before ? before.created_at : occurredAt,
  updated_at: occurredAt,
});

/**
 * The session row after a lifecycle event, or null when the event does not change it (a thread
 * message). Every event repeats the SessionRef as it stands after the event, so the row's core
 * fields are simply taken from it, and a row first seen mid-life is still complete.
 */
export const evolveSession = (row: SessionRow | null, event: SessionEvent, occurredAt: string): SessionRow | null => {
  if (event.type === 'ThreadMessagePosted') return null;
  const next = nextRow(event.data, row, occurredAt);
  next.status = statusAfter[event.type] ?? next.status;
  switch (event.type) {
    case 'SessionRequested':
      next.points_per_hour = event.data.pointsPerHour;
      next.student_message = event.data.message;
      next.created_at = occurredAt;
      break;
    case 'SessionApproved':
      next.video_call_link = event.data.videoCallLink;
      break;
    case 'SessionRejected':
      next.status_reason = event.data.reason;
      next.status_changed_by = event.data.rejectedBy;
      break;
    case 'SessionRequestCancelled':
      next.status_changed_by = event.data.cancelledBy;
      break;
    case 'SessionRequestExpired':
      break;
    case 'RescheduleProposed':
      next.pending_modification_id = event.data.modificationId;
      break;
    case 'RescheduleApproved':
      next.pending_modification_id = null;
      next.modification_approved_by = event.data.approvedBy;
      next.modification_approved_at = occurredAt;
      break;
    case 'RescheduleDeclined':
    case 'RescheduleCancelled':
      next.pending_modification_id = null;
      break;
    case 'SessionCancelled':
      next.pending_modification_id = null;
      next.status_reason = event.data.reason;
      next.status_changed_by = event.data.cancelledBy;
      break;
    case 'SessionCompleted':
      next.pending_modification_id = null;
      next.completed_at = occurredAt;
      next.status_changed_by = event.data.completedBy;
      break;
    case 'SessionRated':
      // A session is rated once; a repeated rating (never decided) keeps the first.
      if (next.rated_at !== null) {
        next.updated_at = row?.updated_at ?? occurredAt;
        break;
      }
      next.student_rating = event.data.stars;
      next.student_review = event.data.review;
      next.rated_at = occurredAt;
      break;
  }
  return next;
};

/** Modification ids an event closes or opens, so the projector can load those rows first. */
export const modificationIdOf = (event: SessionEvent): string | null => {
  switch (event.type) {
    case 'RescheduleProposed':
    case 'RescheduleApproved':
    case 'RescheduleDeclined':
    case 'RescheduleCancelled':
      return event.data.modificationId;
    case 'SessionCancelled':
    case 'SessionCompleted':
      return event.data.droppedModificationId;
    default:
      return null;
  }
};

const resolve = (row: SessionModificationRow | null, status: SessionModificationRow['status'], by: string | null, occurredAt: string): SessionModificationRow | null =>
  row ? { ...row, status, resolved_by: by, resolved_at: occurredAt, updated_at: occurredAt } : null;

/** The modification row after an event; null when the event concerns none (or names one never seen). */
export const evolveModification = (row: SessionModificationRow | null, event: SessionEvent, occurredAt: string): SessionModificationRow | null => {
  switch (event.type) {
    case 'RescheduleProposed': {
      const d = event.data;
      return {
        id: d.modificationId,
        session_id: d.sessionId,
        status: 'pending',
        proposed_by: d.proposedBy,
        proposed_starts_at: d.proposedStartsAt,
        previous_starts_at: d.startsAt,
        message: d.message,
        resolved_by: null,
        resolved_at: null,
        created_at: occurredAt,
        updated_at: occurredAt,
      };
    }
    case 'RescheduleApproved':
      return resolve(row, 'approved', event.data.approvedBy, occurredAt);
    case 'RescheduleDeclined':
      return resolve(row, 'rejected', event.data.declinedBy, occurredAt);
    case 'RescheduleCancelled':
      return resolve(row, 'cancelled', event.data.cancelledBy, occurredAt);
    // A reschedule still pending when the session ends closes with it.
    case 'SessionCancelled':
      return row?.status === 'pending' ? resolve(row, 'cancelled', event.data.cancelledBy, occurredAt) : null;
    case 'SessionCompleted':
      return row?.status === 'pending' ? resolve(row, 'cancelled', event.data.completedBy, occurredAt) : null;
    default:
      return null;
  }
};

/** The thread line an event adds: the member's own message, or a system message; null for none. */
export const threadMessageFor = (event: SessionEvent, recorded: RecordedEvent): SessionMessageRow | null => {
  const posted = event.type === 'ThreadMessagePosted' ? event.data : null;
  const text = posted ? posted.message : systemMessageFor(event);
  if (text === null) return null;
  return {
    id: posted ? posted.messageId : `system-${recorded.metadata.eventId}`,
    session_id: event.data.sessionId,
    sender_id: posted ? posted.senderId : null,
    is_system_message: posted === null,
    message: text,
    created_at: recorded.metadata.occurredAt,
    position: recorded.globalPosition.toString(),
  };
};

export const evolveHold = (row: SessionHoldRow | null, event: HoldEvent, occurredAt: string): SessionHoldRow => {
  const d = event.data;
  const base: SessionHoldRow = row ?? {
    hold_id: d.holdId,
    session_id: d.sessionId,
    member_id: d.memberId,
    amount: d.amount,
    state: 'active',
    created_at: occurredAt,
    updated_at: occurredAt,
  };
  const state = event.type === 'PointsHeld' ? 'active' : event.type === 'HoldRefunded' ? 'refunded' : 'adjudicated';
  return { ...base, state, updated_at: occurredAt };
};

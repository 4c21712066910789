// Events of the session stream `session-{sessionId}` (booking lifecycle, reschedules, thread, rating).
// Every event repeats the SessionRef, so a read model (dashboard, thread, notifications, reviews)
// builds its rows from one event without looking anything up elsewhere.
import type { Event } from '../shared.js';
import type { ExperienceLevel } from '../member/events.js';

export type SessionStatus = 'requested' | 'confirmed' | 'modification_pending' | 'completed' | 'cancelled' | 'declined' | 'rejected';

/** Imported legacy data may say 'pending'; it means 'requested' (see normaliseSessionStatus). */
export type LegacySessionStatus = SessionStatus | 'pending';

export type SessionDuration = 0.75 | 1 | 1.5;

/**
 * The session as it stands *after* the event: after RescheduleApproved, startsAt is the new start.
 * cost is the amount held on the student's ledger under holdId.
 */
export interface SessionRef {
  sessionId: string;
  studentId: string;
  instructorId: string;
  skillId: string;
  skillName: string;
  experienceLevel: ExperienceLevel;
  startsAt: string; // UTC ISO, e.g. 2026-03-02T14:00:00.000Z
  durationHours: SessionDuration;
  cost: number;
  holdId: string;
}

/**
 * What a process manager must do with the student's hold once the event is stored: refund it
 * (held -> available) or adjudicate it (held -> the mentor). Events without it leave the hold alone.
 */
export type HoldAction = 'refund' | 'adjudicate';

export type SessionRequested = Event<'SessionRequested', SessionRef & { pointsPerHour: number; message: string }>;
export type SessionApproved = Event<'SessionApproved', SessionRef & { approvedBy: string; videoCallLink: string }>;
export type SessionRejected = Event<'SessionRejected', SessionRef & { rejectedBy: string; reason: string; holdAction: 'refund' }>;
/** The student withdrew the request before the mentor answered. */
export type SessionRequestCancelled = Event<'SessionRequestCancelled', SessionRef & { cancelledBy: string; holdAction: 'refund' }>;
/** Nobody answered before the start time: the scheduler declined it (status declined). */
export type SessionRequestExpired = Event<'SessionRequestExpired', SessionRef & { holdAction: 'refund' }>;

export type RescheduleProposed = Event<'RescheduleProposed', SessionRef & { modificationId: string; proposedBy: string; proposedStartsAt: string; message: string }>;
/** The slot cells of proposedStartsAt must be reserved before this is appended; previousStartsAt's released after. */
export type RescheduleApproved = Event<'RescheduleApproved', SessionRef & { modificationId: string; proposedBy: string; approvedBy: string; previousStartsAt: string }>;
export type RescheduleDeclined = Event<'RescheduleDeclined', SessionRef & { modificationId: string; proposedBy: string; declinedBy: string; proposedStartsAt: string }>;
export type RescheduleCancelled = Event<'RescheduleCancelled', SessionRef & { modificationId: string; cancelledBy: string; proposedStartsAt: string }>;

/**
 * A confirmed session called off by a participant. A reschedule pending at that moment ends with it
 * (droppedModificationId), so read models close that modification too.
 */
export type SessionCancelled = Event<
  'SessionCancelled',
  SessionRef & { cancelledBy: string; reason: string; droppedModificationId: string | null; holdAction: 'refund' }
>;
/** completedBy is the mentor's id, or null when the scheduler completed it after its end. */
export type SessionCompleted = Event<
  'SessionCompleted',
  SessionRef & {
    completedBy: string | null;
    trigger: 'auto' | 'mentor';
    droppedModificationId: string | null;
    holdAction: 'adjudicate';
  }
>;
/** review is null when the mentee wrote none. */
export type SessionRated = Event<'SessionRated', SessionRef & { ratedBy: string; stars: number; review: string | null }>;
export type ThreadMessagePosted = Event<'ThreadMessagePosted', SessionRef & { messageId: string; senderId: string; message: string }>;

export type SessionEvent =
  | SessionRequested
  | SessionApproved
  | SessionRejected
  | SessionRequestCancelled
  | SessionRequestExpired
  | RescheduleProposed
  | RescheduleApproved
  | RescheduleDeclined
  | RescheduleCancelled
  | SessionCancelled
  | SessionCompleted
  | SessionRated
  | ThreadMessagePosted;

export type SessionEventType = SessionEvent['type'];

export const sessionEventTypes = [
  'SessionRequested',
  'SessionApproved',
  'SessionRejected',
  'SessionRequestCancelled',
  'SessionRequestExpired',
  'RescheduleProposed',
  'RescheduleApproved',
  'RescheduleDeclined',
  'RescheduleCancelled',
  'SessionCancelled',
  'SessionCompleted',
  'SessionRated',
  'ThreadMessagePosted',
] as const satisfies readonly SessionEventType[];
// Fails to compile when an event type is added to the union but not to the list above.
const everyTypeListed: Exclude<SessionEventType, (typeof sessionEventTypes)[number]> extends never ? true : false = true;
void everyTypeListed;

export const sessionStreamId = (sessionId: string) => `session-${sessionId}`;

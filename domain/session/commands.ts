// Commands of the session aggregate. Clock and ids arrive on the command (`now`, `holdId`,
// `modificationId`, `messageId`, `videoCallLink`): the domain never reads a clock or makes an id.
// `actorId` is the signed-in member, taken from the session cookie by the API, never from a body.
import type { ExperienceLevel } from '../member/events.js';

interface Base {
  sessionId: string;
  now: string; // UTC ISO
}

/**
 * Built by the RequestSession process after it has checked the slot against the mentor's
 * availability, reserved its slot cells and placed a hold of sessionCost(durationHours, pointsPerHour).
 */
export interface RequestSession extends Base {
  type: 'RequestSession';
  studentId: string;
  instructorId: string;
  skillId: string;
  skillName: string;
  experienceLevel: ExperienceLevel;
  startsAt: string | null; // null when the member did not pick both a date and a time
  durationHours: number;
  pointsPerHour: number;
  holdId: string;
  message: string;
}

/** videoCallLink is an unguessable meeting-room URL made by the handler. */
export interface ApproveSession extends Base {
  type: 'ApproveSession';
  actorId: string;
  videoCallLink: string;
}

/** The reason is required (the dialog offers DEFAULT_REJECTION_REASON to start from). */
export interface RejectSession extends Base {
  type: 'RejectSession';
  actorId: string;
  reason: string;
}

export interface CancelSessionRequest extends Base {
  type: 'CancelSessionRequest';
  actorId: string;
}

/** Sent by the scheduler for a request still unanswered at its start time. */
export interface ExpireRequest extends Base {
  type: 'ExpireRequest';
}

export interface ProposeReschedule extends Base {
  type: 'ProposeReschedule';
  actorId: string;
  modificationId: string;
  proposedStartsAt: string | null; // null when the member did not pick both a date and a time
  message: string;
}

/** modificationId, when given, must name the pending request (guards against answering a stale one). */
export interface ApproveReschedule extends Base {
  type: 'ApproveReschedule';
  actorId: string;
  modificationId?: string;
}

export interface DeclineReschedule extends Base {
  type: 'DeclineReschedule';
  actorId: string;
  modificationId?: string;
}

export interface CancelReschedule extends Base {
  type: 'CancelReschedule';
  actorId: string;
  modificationId?: string;
}

export interface CancelSession extends Base {
  type: 'CancelSession';
  actorId: string;
  reason: string;
}

/** Sent by the scheduler once a confirmed session's end has passed. */
export interface CompleteSession extends Base {
  type: 'CompleteSession';
}

/** The mentor marks the session completed; allowed once it has started. */
export interface MarkSessionCompleted extends Base {
  type: 'MarkSessionCompleted';
  actorId: string;
}

/** stars is null when the mentee picked none. */
export interface RateSession extends Base {
  type: 'RateSession';
  actorId: string;
  stars: number | null;
  review: string;
}

export interface PostThreadMessage extends Base {
  type: 'PostThreadMessage';
  actorId: string;
  messageId: string;
  message: string;
}

export type SessionCommand =
  | RequestSession
  | ApproveSession
  | RejectSession
  | CancelSessionRequest
  | ExpireRequest
  | ProposeReschedule
  | ApproveReschedule
  | DeclineReschedule
  | CancelReschedule
  | CancelSession
  | CompleteSession
  | MarkSessionCompleted
  | RateSession
  | PostThreadMessage;

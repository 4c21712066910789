// Business constants and the member-facing texts of the session area (spec 000 §5, §8, §9).
// Texts the spec gives are quoted verbatim; the others follow its tone.
import type { SessionDuration } from './events.js';

export const SESSION_DURATIONS: readonly SessionDuration[] = [0.75, 1, 1.5];
export const DEFAULT_SESSION_DURATION: SessionDuration = 1;
export const MIN_POINTS_PER_HOUR = 1;
export const MAX_POINTS_PER_HOUR = 20;
export const REQUEST_MESSAGE_MAX = 500;
export const RESCHEDULE_MESSAGE_MAX = 500;
export const REASON_MAX = 500;
export const REVIEW_MAX = 500;
export const THREAD_MESSAGE_MAX = 2000;
export const CANCELLATION_NOTICE_HOURS = 2;
/** Every real time zone's offset is a multiple of 15 minutes, so hourly local starts land on this grid. */
export const START_GRID_MINUTES = 15;

export const DEFAULT_REJECTION_REASON = "Sorry, I'm not available at this time. Please check my availability and book another session.";

export const texts = {
  selectDateAndTime: 'Please select both date and time',
  chooseMentorAndSkill: 'Please choose a mentor and one of their skills',
  slotNotAvailable: 'This time slot is not available. Please select a time when the mentor is available.',
  slotTaken: 'This time slot is no longer available. Please select a different time.',
  studentBusy: 'You already have another session at this time. Please choose a different time.',
  studentBusyReschedule: 'The student already has another session at this time. Please choose a different time.',
  notFound: 'Session not found',
  alreadyExists: 'This session has already been requested',
  notParticipant: 'You are not a participant in this session',
  bookSelf: 'You cannot book a session with yourself',
  durationInvalid: 'Session duration must be 45 minutes, 1 hour or 1.5 hours',
  pointsPerHourInvalid: 'Points per hour must be a whole number from 1 to 20',
  startOffGrid: 'Please select a time from the calendar',
  startInPast: 'Please choose a time in the future',
  requestMessageTooLong: `Messages are at most ${REQUEST_MESSAGE_MAX} characters`,
  onlyMentorApproves: 'Only the mentor can approve this request',
  onlyMentorRejects: 'Only the mentor can reject this request',
  onlyStudentCancelsRequest: 'Only the student who sent this request can cancel it',
  notARequest: 'This request has already been answered',
  requestExpired: 'This request expired because its start time has passed',
  expireBeforeStart: 'A request can only expire once its start time has passed',
  autoCompleteBeforeEnd: 'A session can only complete automatically once it has ended',
  idRequired: 'An id is required',
  skillMissing: 'Instructor or skill not found.',
  videoLinkMissing: 'A video-call link is required to approve a session',
  rejectReasonRequired: 'Please give a reason for rejecting this request',
  reasonTooLong: `Reasons are at most ${REASON_MAX} characters`,
  rescheduleNeedsConfirmed: 'Only confirmed sessions can be rescheduled',
  rescheduleAfterStart: 'This session has already started and can no longer be rescheduled',
  rescheduleSameTime: 'Please choose a time different from the current one',
  pendingOwnModification: 'You already have a pending reschedule request for this session. Please cancel the pending request first before proposing a new time.',
  pendingOtherModification: 'The other participant has a pending reschedule request for this session. Please approve or decline it first before proposing a new time.',
  noPendingModification: 'There is no pending reschedule request for this session',
  staleModification: 'This reschedule request is no longer pending',
  proposerCannotAnswer: 'Only the other participant can approve or decline this reschedule request',
  onlyProposerCancels: 'Only the participant who proposed this reschedule can cancel it',
  proposedTimePassed: 'The proposed time has already passed. Please propose a new time.',
  cancelNeedsConfirmed: 'Only confirmed sessions can be cancelled',
  cancelReasonRequired: 'Please give a reason for cancelling',
  cancelTooLate: `Sessions can only be cancelled up to ${CANCELLATION_NOTICE_HOURS} hours before they start`,
  completeNeedsConfirmed: 'Only confirmed sessions can be completed',
  onlyMentorCompletes: 'Only the mentor can mark this session as completed',
  completeBeforeStart: 'You can mark this session as completed once it has started',
  selectRating: 'Select a rating first',
  ratingRange: 'Ratings are whole stars from 1 to 5',
  reviewTooLong: `Reviews are at most ${REVIEW_MAX} characters`,
  instructorCannotRate: 'Instructors cannot rate their own sessions',
  rateNeedsCompleted: 'Only completed sessions can be rated',
  alreadyRated: 'You have already rated this session',
  messageEmpty: 'Please enter a message',
  messageTooLong: `Messages are at most ${THREAD_MESSAGE_MAX} characters`,
} as const;

/** Spec 000 §5, for the hold step of the RequestSession process. */
export const insufficientPointsMessage = (cost: number) => `Insufficient points. You need at least ${cost} point(s) to request this session.`;

export const isSessionDuration = (hours: number): hours is SessionDuration => (SESSION_DURATIONS as readonly number[]).includes(hours);

/**
 * cost = ceil(duration x pointsPerHour): 0.75 h at 3 points/hour costs 3, not 2.25. The offered
 * durations are exact binary fractions, so the product has no float noise to round up.
 */
export const sessionCost = (durationHours: number, pointsPerHour: number): number => Math.ceil(durationHours * pointsPerHour);

export const endsAtMs = (startsAt: string, durationHours: number): number => Date.parse(startsAt) + Math.round(durationHours * 3_600_000);

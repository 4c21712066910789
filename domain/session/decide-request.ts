// Decisions on a session request: create it, then the mentor approves or rejects it, the student
// withdraws it, or the scheduler declines it when nobody answered by its start time.
import type { ApproveSession, CancelSessionRequest, ExpireRequest, RejectSession, RequestSession } from './commands.js';
import type { SessionApproved, SessionRejected, SessionRequestCancelled, SessionRequestExpired, SessionRequested } from './events.js';
import { chosenStart, existing, fail, instantMs, maxLength, participantRole, requireId } from './guards.js';
import { MAX_POINTS_PER_HOUR, MIN_POINTS_PER_HOUR, REASON_MAX, REQUEST_MESSAGE_MAX, isSessionDuration, sessionCost, texts } from './rules.js';
import type { SessionState } from './state.js';

export const requestSession = (command: RequestSession, state: SessionState): SessionRequested[] => {
  if (state.status !== 'none') fail('CONFLICT', texts.alreadyExists);
  const startsAt = chosenStart(command.startsAt, command.now);
  if (command.studentId === command.instructorId) fail('VALIDATION', texts.bookSelf);
  const { durationHours, pointsPerHour } = command;
  if (!isSessionDuration(durationHours)) fail('VALIDATION', texts.durationInvalid);
  if (!Number.isInteger(pointsPerHour) || pointsPerHour < MIN_POINTS_PER_HOUR || pointsPerHour > MAX_POINTS_PER_HOUR) {
    fail('VALIDATION', texts.pointsPerHourInvalid);
  }
  if (!command.skillId.trim() || !command.skillName.trim()) fail('VALIDATION', texts.skillMissing);
  const message = maxLength(command.message.trim(), REQUEST_MESSAGE_MAX, texts.requestMessageTooLong);
  return [
    {
      type: 'SessionRequested',
      data: {
        sessionId: requireId(command.sessionId),
        studentId: requireId(command.studentId),
        instructorId: requireId(command.instructorId),
        skillId: command.skillId,
        skillName: command.skillName.trim(),
        experienceLevel: command.experienceLevel,
        startsAt,
        durationHours,
        cost: sessionCost(durationHours, pointsPerHour),
        holdId: requireId(command.holdId),
        pointsPerHour,
        message,
      },
    },
  ];
};

const isMeetingUrl = (link: string): boolean => {
  try {
    const url = new URL(link);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
};

export const approveSession = (command: ApproveSession, state: SessionState): SessionApproved[] => {
  const current = existing(state);
  if (participantRole(current.session, command.actorId) !== 'instructor') fail('NOT_AUTHORISED', texts.onlyMentorApproves);
  if (current.status !== 'requested') fail('INVALID_STATE', texts.notARequest);
  // Past its start the scheduler is about to decline it; approving would confirm a session in the past.
  if (instantMs(command.now) >= instantMs(current.session.startsAt)) fail('INVALID_STATE', texts.requestExpired);
  if (!isMeetingUrl(command.videoCallLink)) fail('VALIDATION', texts.videoLinkMissing);
  return [
    {
      type: 'SessionApproved',
      data: { ...current.session, approvedBy: command.actorId, videoCallLink: command.videoCallLink },
    },
  ];
};

export const rejectSession = (command: RejectSession, state: SessionState): SessionRejected[] => {
  const current = existing(state);
  if (participantRole(current.session, command.actorId) !== 'instructor') fail('NOT_AUTHORISED', texts.onlyMentorRejects);
  if (current.status !== 'requested') fail('INVALID_STATE', texts.notARequest);
  // The dialog starts from DEFAULT_REJECTION_REASON; a reason the mentor emptied is refused, not replaced.
  const trimmed = command.reason.trim();
  if (trimmed === '') fail('VALIDATION', texts.rejectReasonRequired);
  const reason = maxLength(trimmed, REASON_MAX, texts.reasonTooLong);
  return [
    {
      type: 'SessionRejected',
      data: { ...current.session, rejectedBy: command.actorId, reason, holdAction: 'refund' },
    },
  ];
};

export const cancelSessionRequest = (command: CancelSessionRequest, state: SessionState): SessionRequestCancelled[] => {
  const current = existing(state);
  if (participantRole(current.session, command.actorId) !== 'student') fail('NOT_AUTHORISED', texts.onlyStudentCancelsRequest);
  if (current.status !== 'requested') fail('INVALID_STATE', texts.notARequest);
  return [
    {
      type: 'SessionRequestCancelled',
      data: { ...current.session, cancelledBy: command.actorId, holdAction: 'refund' },
    },
  ];
};

/**
 * The scheduler works from a read model that may lag, and races with the mentor: a request that was
 * answered meanwhile is left alone (no events) instead of raising an error nobody can act on.
 */
export const expireRequest = (command: ExpireRequest, state: SessionState): SessionRequestExpired[] => {
  const current = existing(state);
  if (current.status !== 'requested') return [];
  if (instantMs(command.now) < instantMs(current.session.startsAt)) fail('INVALID_STATE', texts.expireBeforeStart);
  return [{ type: 'SessionRequestExpired', data: { ...current.session, holdAction: 'refund' } }];
};

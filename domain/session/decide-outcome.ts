// Decisions on a confirmed session's outcome (cancel, complete, rate) and on its message thread.
import type { CancelSession, CompleteSession, MarkSessionCompleted, PostThreadMessage, RateSession } from './commands.js';
import type { SessionCancelled, SessionCompleted, SessionRated, ThreadMessagePosted } from './events.js';
import { existing, fail, instantMs, maxLength, participantRole, requireId } from './guards.js';
import { CANCELLATION_NOTICE_HOURS, REASON_MAX, REVIEW_MAX, THREAD_MESSAGE_MAX, endsAtMs, texts } from './rules.js';
import type { ExistingSession, SessionState } from './state.js';

const isConfirmed = (state: ExistingSession) => state.status === 'confirmed' || state.status === 'modification_pending';

const droppedModificationId = (state: ExistingSession): string | null => (state.status === 'modification_pending' ? state.pending.modificationId : null);

/** A pending reschedule does not block cancelling: it ends with the session (droppedModificationId). */
export const cancelSession = (command: CancelSession, state: SessionState): SessionCancelled[] => {
  const current = existing(state);
  participantRole(current.session, command.actorId);
  if (!isConfirmed(current)) fail('INVALID_STATE', texts.cancelNeedsConfirmed);
  const latest = instantMs(current.session.startsAt) - CANCELLATION_NOTICE_HOURS * 3_600_000;
  if (instantMs(command.now) > latest) fail('INVALID_STATE', texts.cancelTooLate);
  const reason = command.reason.trim();
  if (!reason) fail('VALIDATION', texts.cancelReasonRequired);
  maxLength(reason, REASON_MAX, texts.reasonTooLong);
  return [
    {
      type: 'SessionCancelled',
      data: {
        ...current.session,
        cancelledBy: command.actorId,
        reason,
        droppedModificationId: droppedModificationId(current),
        holdAction: 'refund',
      },
    },
  ];
};

/** Scheduler command: like ExpireRequest, a session that already left confirmed is left alone. */
export const completeSession = (command: CompleteSession, state: SessionState): SessionCompleted[] => {
  const current = existing(state);
  if (!isConfirmed(current)) return [];
  const { startsAt, durationHours } = current.session;
  if (instantMs(command.now) < endsAtMs(startsAt, durationHours)) fail('INVALID_STATE', texts.autoCompleteBeforeEnd);
  return [
    {
      type: 'SessionCompleted',
      data: {
        ...current.session,
        completedBy: null,
        trigger: 'auto',
        droppedModificationId: droppedModificationId(current),
        holdAction: 'adjudicate',
      },
    },
  ];
};

export const markSessionCompleted = (command: MarkSessionCompleted, state: SessionState): SessionCompleted[] => {
  const current = existing(state);
  if (participantRole(current.session, command.actorId) !== 'instructor') fail('NOT_AUTHORISED', texts.onlyMentorCompletes);
  if (!isConfirmed(current)) fail('INVALID_STATE', texts.completeNeedsConfirmed);
  if (instantMs(command.now) < instantMs(current.session.startsAt)) fail('INVALID_STATE', texts.completeBeforeStart);
  return [
    {
      type: 'SessionCompleted',
      data: {
        ...current.session,
        completedBy: command.actorId,
        trigger: 'mentor',
        droppedModificationId: droppedModificationId(current),
        holdAction: 'adjudicate',
      },
    },
  ];
};

export const rateSession = (command: RateSession, state: SessionState): SessionRated[] => {
  const current = existing(state);
  if (participantRole(current.session, command.actorId) !== 'student') fail('NOT_AUTHORISED', texts.instructorCannotRate);
  if (current.status !== 'completed') fail('INVALID_STATE', texts.rateNeedsCompleted);
  if (current.rating) fail('CONFLICT', texts.alreadyRated);
  const { stars } = command;
  if (stars === null || stars === 0) fail('VALIDATION', texts.selectRating);
  if (!Number.isInteger(stars) || stars < 1 || stars > 5) fail('VALIDATION', texts.ratingRange);
  const review = maxLength(command.review.trim(), REVIEW_MAX, texts.reviewTooLong);
  return [
    {
      type: 'SessionRated',
      data: { ...current.session, ratedBy: command.actorId, stars, review: review || null },
    },
  ];
};

/** Either participant may write in any state: the thread stays open after the session ends. */
export const postThreadMessage = (command: PostThreadMessage, state: SessionState): ThreadMessagePosted[] => {
  const current = existing(state);
  participantRole(current.session, command.actorId);
  const message = command.message.trim();
  if (!message) fail('VALIDATION', texts.messageEmpty);
  maxLength(message, THREAD_MESSAGE_MAX, texts.messageTooLong);
  return [
    {
      type: 'ThreadMessagePosted',
      data: { ...current.session, messageId: requireId(command.messageId), senderId: command.actorId, message },
    },
  ];
};

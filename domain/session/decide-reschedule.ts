// Decisions on reschedule (modification) requests. Only one may be pending per session: either
// participant proposes, the other approves or declines, the proposer may withdraw it.
import type { ApproveReschedule, CancelReschedule, DeclineReschedule, ProposeReschedule } from './commands.js';
import type { RescheduleApproved, RescheduleCancelled, RescheduleDeclined, RescheduleProposed } from './events.js';
import { chosenStart, existing, fail, instantMs, maxLength, participantRole, requireId } from './guards.js';
import { RESCHEDULE_MESSAGE_MAX, texts } from './rules.js';
import type { SessionState } from './state.js';

export const proposeReschedule = (command: ProposeReschedule, state: SessionState): RescheduleProposed[] => {
  const current = existing(state);
  participantRole(current.session, command.actorId);
  if (current.status === 'modification_pending') {
    fail('CONFLICT', current.pending.proposedBy === command.actorId ? texts.pendingOwnModification : texts.pendingOtherModification);
  }
  if (current.status !== 'confirmed') fail('INVALID_STATE', texts.rescheduleNeedsConfirmed);
  if (instantMs(command.now) >= instantMs(current.session.startsAt)) fail('INVALID_STATE', texts.rescheduleAfterStart);
  const proposedStartsAt = chosenStart(command.proposedStartsAt, command.now);
  if (instantMs(proposedStartsAt) === instantMs(current.session.startsAt)) fail('VALIDATION', texts.rescheduleSameTime);
  const message = maxLength(command.message.trim(), RESCHEDULE_MESSAGE_MAX, texts.requestMessageTooLong);
  return [
    {
      type: 'RescheduleProposed',
      data: {
        ...current.session,
        modificationId: requireId(command.modificationId),
        proposedBy: command.actorId,
        proposedStartsAt,
        message,
      },
    },
  ];
};

/** The pending request the command is about, after the participant and staleness checks. */
const pendingFor = (command: ApproveReschedule | DeclineReschedule | CancelReschedule, state: SessionState) => {
  const current = existing(state);
  participantRole(current.session, command.actorId);
  if (current.status !== 'modification_pending') fail('INVALID_STATE', texts.noPendingModification);
  if (command.modificationId !== undefined && command.modificationId !== current.pending.modificationId) {
    fail('CONFLICT', texts.staleModification);
  }
  return current;
};

export const approveReschedule = (command: ApproveReschedule, state: SessionState): RescheduleApproved[] => {
  const { session, pending } = pendingFor(command, state);
  if (pending.proposedBy === command.actorId) fail('NOT_AUTHORISED', texts.proposerCannotAnswer);
  if (instantMs(command.now) >= instantMs(pending.proposedStartsAt)) fail('INVALID_STATE', texts.proposedTimePassed);
  return [
    {
      type: 'RescheduleApproved',
      data: {
        ...session,
        startsAt: pending.proposedStartsAt,
        modificationId: pending.modificationId,
        proposedBy: pending.proposedBy,
        approvedBy: command.actorId,
        previousStartsAt: session.startsAt,
      },
    },
  ];
};

export const declineReschedule = (command: DeclineReschedule, state: SessionState): RescheduleDeclined[] => {
  const { session, pending } = pendingFor(command, state);
  if (pending.proposedBy === command.actorId) fail('NOT_AUTHORISED', texts.proposerCannotAnswer);
  return [
    {
      type: 'RescheduleDeclined',
      data: {
        ...session,
        modificationId: pending.modificationId,
        proposedBy: pending.proposedBy,
        declinedBy: command.actorId,
        proposedStartsAt: pending.proposedStartsAt,
      },
    },
  ];
};

export const cancelReschedule = (command: CancelReschedule, state: SessionState): RescheduleCancelled[] => {
  const { session, pending } = pendingFor(command, state);
  if (pending.proposedBy !== command.actorId) fail('NOT_AUTHORISED', texts.onlyProposerCancels);
  return [
    {
      type: 'RescheduleCancelled',
      data: {
        ...session,
        modificationId: pending.modificationId,
        cancelledBy: command.actorId,
        proposedStartsAt: pending.proposedStartsAt,
      },
    },
  ];
};

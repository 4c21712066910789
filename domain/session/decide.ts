// The session decider: one decide function per command (decide-request, decide-reschedule,
// decide-outcome), dispatched by an exhaustive switch.
import { assertNever } from '../shared.js';
import type { Decider } from '../shared.js';
import type { SessionCommand } from './commands.js';
import { approveSession, cancelSessionRequest, expireRequest, rejectSession, requestSession } from './decide-request.js';
import { approveReschedule, cancelReschedule, declineReschedule, proposeReschedule } from './decide-reschedule.js';
import { cancelSession, completeSession, markSessionCompleted, postThreadMessage, rateSession } from './decide-outcome.js';
import type { SessionEvent } from './events.js';
import { evolve, initialState } from './state.js';
import type { SessionState } from './state.js';

export const decide = (command: SessionCommand, state: SessionState): SessionEvent[] => {
  switch (command.type) {
    case 'RequestSession':
      return requestSession(command, state);
    case 'ApproveSession':
      return approveSession(command, state);
    case 'RejectSession':
      return rejectSession(command, state);
    case 'CancelSessionRequest':
      return cancelSessionRequest(command, state);
    case 'ExpireRequest':
      return expireRequest(command, state);
    case 'ProposeReschedule':
      return proposeReschedule(command, state);
    case 'ApproveReschedule':
      return approveReschedule(command, state);
    case 'DeclineReschedule':
      return declineReschedule(command, state);
    case 'CancelReschedule':
      return cancelReschedule(command, state);
    case 'CancelSession':
      return cancelSession(command, state);
    case 'CompleteSession':
      return completeSession(command, state);
    case 'MarkSessionCompleted':
      return markSessionCompleted(command, state);
    case 'RateSession':
      return rateSession(command, state);
    case 'PostThreadMessage':
      return postThreadMessage(command, state);
    default:
      return assertNever(command);
  }
};

export const sessionDecider: Decider<SessionState, SessionCommand, SessionEvent> = { initialState, evolve, decide };

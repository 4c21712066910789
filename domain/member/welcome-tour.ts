// MarkWelcomeTourSeen (PATCH /api/users/{id}/onboarding with hasSeenWelcomeTour). A decider of its
// own over the member stream: it folds only registration and the tour, so the profile decider and
// its consumers are untouched. Seeing the tour again appends nothing.
import { DomainError, type Decider } from '../shared.js';
import type { MemberStreamEvent, WelcomeTourSeen } from './events.js';

export interface MarkWelcomeTourSeen {
  type: 'MarkWelcomeTourSeen';
  memberId: string;
  actorId: string;
  now: string;
}

export interface WelcomeTourState {
  registered: boolean;
  /** When the member first closed or finished the tour; null while unseen. */
  seenAt: string | null;
}

export const initialWelcomeTourState = (): WelcomeTourState => ({ registered: false, seenAt: null });

export const evolveWelcomeTour = (state: WelcomeTourState, event: MemberStreamEvent): WelcomeTourState => {
  switch (event.type) {
    case 'MemberRegistered':
      return { ...state, registered: true };
    case 'WelcomeTourSeen':
      return state.seenAt === null ? { ...state, seenAt: event.data.seenAt } : state;
    default:
      return state;
  }
};

export const decideWelcomeTour = (command: MarkWelcomeTourSeen, state: WelcomeTourState): WelcomeTourSeen[] => {
  if (!state.registered) throw new DomainError('NOT_FOUND', 'User not found');
  if (command.actorId !== command.memberId) throw new DomainError('NOT_AUTHORISED', 'You can only update your own onboarding');
  if (state.seenAt !== null) return [];
  return [{ type: 'WelcomeTourSeen', data: { memberId: command.memberId, seenAt: command.now } }];
};

export const welcomeTourDecider: Decider<WelcomeTourState, MarkWelcomeTourSeen, MemberStreamEvent> = {
  initialState: initialWelcomeTourState,
  evolve: evolveWelcomeTour,
  decide: decideWelcomeTour,
};

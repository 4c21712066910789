// The reservation decider. Reserve and release are both safe to retry, which the RequestSession
// process and the reconciler rely on when they resume after a crash.
import { DomainError, assertNever } from '../shared.js';
import type { Decider } from '../shared.js';
import type { SlotEvent, SlotKey } from './events.js';

export const SLOT_TAKEN_MESSAGE = 'This time slot is no longer available. Please select a different time.';

export type ReserveSlot = SlotKey & { type: 'ReserveSlot'; sessionId: string };
export type ReleaseSlot = SlotKey & { type: 'ReleaseSlot'; sessionId: string };
export type SlotCommand = ReserveSlot | ReleaseSlot;

export type SlotState = { status: 'free' } | { status: 'held'; sessionId: string };

export const initialSlotState = (): SlotState => ({ status: 'free' });

export const evolveSlot = (state: SlotState, event: SlotEvent): SlotState => {
  switch (event.type) {
    case 'SlotReserved':
      return state.status === 'free' ? { status: 'held', sessionId: event.data.sessionId } : state;
    case 'SlotReleased':
      return state.status === 'held' && state.sessionId === event.data.sessionId ? { status: 'free' } : state;
    default:
      return state;
  }
};

export const decideSlot = (command: SlotCommand, state: SlotState): SlotEvent[] => {
  const { mentorId, slotStart, sessionId } = command;
  if (!sessionId) throw new DomainError('VALIDATION', 'A session id is required');
  switch (command.type) {
    case 'ReserveSlot':
      if (state.status === 'free') return [{ type: 'SlotReserved', data: { mentorId, slotStart, sessionId } }];
      if (state.sessionId === sessionId) return []; // a retry of our own reservation
      throw new DomainError('CONFLICT', SLOT_TAKEN_MESSAGE);
    case 'ReleaseSlot':
      // Releasing what another session holds (or nobody does) is a no-op: compensation may release
      // every cell of a request, including the one whose reservation failed, and must never free
      // another session's time.
      return state.status === 'held' && state.sessionId === sessionId
        ? [{ type: 'SlotReleased', data: { mentorId, slotStart, sessionId } }]
        : [];
    default:
      return assertNever(command);
  }
};

export const slotDecider: Decider<SlotState, SlotCommand, SlotEvent> = {
  initialState: initialSlotState,
  evolve: evolveSlot,
  decide: decideSlot,
};

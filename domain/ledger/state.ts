// The ledger's state and its total evolve function. Balances are folded from entries; nothing here
// validates, because stored events are facts that deciding already checked.
import { Map as ImmutableMap } from 'immutable';
import type { LedgerEvent } from './events.js';

export type HoldState = 'active' | 'refunded' | 'adjudicated';

export interface Hold {
  holdId: string;
  sessionId: string;
  amount: number;
  state: HoldState;
}

export interface LedgerState {
  available: number;
  held: number;
  /** Persistent maps: a ledger's every booking adds to them, and one more must not cost a copy of all. */
  holds: ImmutableMap<string, Hold>;
  welcomeGranted: boolean;
  /** Holds whose points this member already received as a mentor (ReceivePoints is idempotent by hold). */
  receivedHoldIds: ImmutableMap<string, true>;
  /** Corrections already made, by transaction id: an admin's double click (the same key) corrects once. */
  correctionIds: ImmutableMap<string, true>;
}

export const initialLedgerState = (): LedgerState => ({
  available: 0,
  held: 0,
  holds: ImmutableMap(),
  welcomeGranted: false,
  receivedHoldIds: ImmutableMap(),
  correctionIds: ImmutableMap(),
});

const settle = (state: LedgerState, holdId: string, next: HoldState): LedgerState | null => {
  const hold = state.holds.get(holdId);
  if (!hold || hold.state !== 'active') return null;
  return { ...state, holds: state.holds.set(holdId, { ...hold, state: next }) };
};

export const evolveLedger = (state: LedgerState, event: LedgerEvent): LedgerState => {
  switch (event.type) {
    case 'PointsGranted':
      return {
        ...state,
        available: state.available + event.data.amount,
        welcomeGranted: state.welcomeGranted || event.data.reason === 'welcome',
        correctionIds: event.data.reason === 'correction' ? state.correctionIds.set(event.data.transactionId, true) : state.correctionIds,
      };
    case 'PointsHeld': {
      const { holdId, sessionId, amount } = event.data;
      if (state.holds.has(holdId)) return state;
      return {
        ...state,
        available: state.available - amount,
        held: state.held + amount,
        holds: state.holds.set(holdId, { holdId, sessionId, amount, state: 'active' }),
      };
    }
    case 'HoldRefunded': {
      const next = settle(state, event.data.holdId, 'refunded');
      if (!next) return state;
      return { ...next, available: state.available + event.data.amount, held: state.held - event.data.amount };
    }
    case 'HoldAdjudicated': {
      const next = settle(state, event.data.holdId, 'adjudicated');
      if (!next) return state;
      return { ...next, held: state.held - event.data.amount };
    }
    case 'PointsReceived':
      if (state.receivedHoldIds.has(event.data.holdId)) return state;
      return {
        ...state,
        available: state.available + event.data.amount,
        receivedHoldIds: state.receivedHoldIds.set(event.data.holdId, true),
      };
    default:
      // Unknown (newer) event types are ignored rather than crashing a replay.
      return state;
  }
};

// The audit's fold: each ledger event through the domain's own evolveLedger (domain/ledger/state.ts), and
// what it did beyond the member's balance, which the audit keeps across members: points granted, a hold
// settled again after it was settled, an adjudication opening a transfer to the mentor, a receipt closing
// one. Both the check after every batch and the full audit fold with this, and compare with it.
import { Map as ImmutableMap } from 'immutable';
import type { LedgerEvent } from '../../domain/ledger/events.js';
import { evolveLedger, initialLedgerState, type HoldState, type LedgerState } from '../../domain/ledger/state.js';
import type { RecordedEvent } from '../../eventstore/types.js';
import type { LedgerFindingKind } from '../contracts/admin-ledger-audit.js';

export { ledgerEventTypes } from '../../projections/balances/projector.js';

export interface Points {
  available: number;
  held: number;
}

export type FoldNote =
  | { kind: 'granted'; amount: number }
  | { kind: 'settled-twice'; holdId: string; was: HoldState }
  | { kind: 'transfer-opened'; holdId: string; amount: number; mentorId: string }
  | { kind: 'transfer-received'; holdId: string; amount: number; fromMemberId: string };

/** The member's state after the event, and what the event did besides (null: only the balance moved, or nothing). */
export const foldLedgerEvent = (state: LedgerState, event: LedgerEvent): { state: LedgerState; note: FoldNote | null } => {
  const next = evolveLedger(state, event);
  switch (event.type) {
    case 'PointsGranted':
      return { state: next, note: { kind: 'granted', amount: event.data.amount } };
    case 'HoldRefunded':
    case 'HoldAdjudicated': {
      if (next === state) {
        // evolveLedger ignores a settlement of a hold already settled (and of one never placed): the first is a finding.
        const was = state.holds.get(event.data.holdId)?.state;
        return { state, note: was && was !== 'active' ? { kind: 'settled-twice', holdId: event.data.holdId, was } : null };
      }
      if (event.type === 'HoldRefunded') return { state: next, note: null };
      return { state: next, note: { kind: 'transfer-opened', holdId: event.data.holdId, amount: event.data.amount, mentorId: event.data.mentorId } };
    }
    case 'PointsReceived':
      return {
        state: next,
        note: next === state ? null : { kind: 'transfer-received', holdId: event.data.holdId, amount: event.data.amount, fromMemberId: event.data.fromMemberId },
      };
    default:
      return { state: next, note: null };
  }
};

export const asLedgerEvent = (event: RecordedEvent): LedgerEvent => ({ type: event.type, data: event.data }) as LedgerEvent;
export const memberOf = (event: RecordedEvent): string => (event.data as { memberId: string }).memberId;
export const holdOf = (event: RecordedEvent): string | null => (event.data as { holdId?: string }).holdId ?? null;

/** A hold or a receipt as the continuous check stores it: only what evolveLedger looks up. */
export interface StoredHold {
  holdId: string;
  kind: 'hold' | 'receipt';
  amount: number;
  state: HoldState | 'received';
}

/** A member's ledger state with only the holds and receipts a batch names: evolveLedger reads no others. */
export const partialLedgerState = (points: Points | null, holds: readonly StoredHold[]): LedgerState => {
  const base = initialLedgerState();
  let holdMap = base.holds;
  let received = base.receivedHoldIds;
  for (const hold of holds) {
    if (hold.kind === 'receipt') received = received.set(hold.holdId, true);
    else holdMap = holdMap.set(hold.holdId, { holdId: hold.holdId, sessionId: '', amount: hold.amount, state: hold.state as HoldState });
  }
  return { ...base, available: points?.available ?? 0, held: points?.held ?? 0, holds: holdMap, receivedHoldIds: received };
};

/** Adds holds loaded later (a tail's) to a partial state, leaving those it has. */
export const withHolds = (state: LedgerState, holds: readonly StoredHold[]): LedgerState => {
  const extra = partialLedgerState(null, holds);
  return {
    ...state,
    holds: extra.holds.merge(state.holds),
    receivedHoldIds: ImmutableMap<string, true>().merge(extra.receivedHoldIds, state.receivedHoldIds),
  };
};

/** A finding before it is stored (findings.ts). */
export interface NewFinding {
  kind: LedgerFindingKind;
  memberId: string | null;
  holdId: string | null;
  /** The global position compared (or folded) at. */
  position: bigint;
  expected: Points | null;
  found: Points | null;
  detail: string;
}

const same = (a: Points, b: Points) => a.available === b.available && a.held === b.held;

/**
 * One member's balance row against the fold of their ledger at the same position. `expected` is null
 * where the member has no ledger event at all, `found` where the read model has no row.
 */
export const compareBalance = (memberId: string, expected: Points | null, found: Points | null, position: bigint): NewFinding | null => {
  const finding = (kind: NewFinding['kind'], detail: string): NewFinding => ({ kind, memberId, holdId: null, position, expected, found, detail });
  if (found === null)
    return expected === null
      ? null
      : finding('missing-row', `The ledger folds to ${expected.available} available and ${expected.held} held points, but the balances read model holds no row.`);
  if (expected === null)
    return finding('balance', `The balances read model holds ${found.available} available and ${found.held} held points for a member with no ledger.`);
  if (same(expected, found)) return null;
  return finding(
    'balance',
    `The balances read model holds ${found.available} available and ${found.held} held points; the ledger folds to ${expected.available} available and ${expected.held} held.`,
  );
};

export interface Totals {
  granted: number;
  available: number;
  held: number;
  /** Adjudicated on a student's ledger, not yet received on the mentor's (the two are appended one after the other). */
  inTransit: number;
}

/** The whole economy: every point granted is available, held, or on its way from a student to a mentor. */
export const compareTotals = (totals: Totals, position: bigint, holdId: string | null): NewFinding | null => {
  const { granted, available, held, inTransit } = totals;
  if (available + held + inTransit === granted) return null;
  return {
    kind: 'sum',
    memberId: null,
    holdId,
    position,
    expected: null,
    found: null,
    detail:
      `Members hold ${available} available and ${held} held points` +
      (inTransit !== 0 ? `, with ${inTransit} on their way to a mentor,` : '') +
      ` but ${granted} points were granted.`,
  };
};

export const settledTwice = (memberId: string, note: Extract<FoldNote, { kind: 'settled-twice' }>, event: RecordedEvent): NewFinding => ({
  kind: 'hold-settled-twice',
  memberId,
  holdId: note.holdId,
  position: event.globalPosition,
  expected: null,
  found: null,
  detail: `Hold '${note.holdId}' was settled again ('${event.type}') after it was ${note.was === 'refunded' ? 'refunded' : 'paid to the mentor'}.`,
});

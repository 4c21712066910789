// Events of the points ledger stream `ledger-{memberId}` (DESIGN.md §5). The ledger is double-entry
// across members: the sum of available + held over all members equals all points ever granted.
import type { Event } from '../shared.js';

export type GrantReason = 'welcome' | 'correction';

/** New points entering the economy (welcome bonus) or an admin correction (may be negative). */
export type PointsGranted = Event<'PointsGranted', { memberId: string; transactionId: string; amount: number; reason: GrantReason; description: string }>;
/** available -> held, when a session is requested. */
export type PointsHeld = Event<'PointsHeld', { memberId: string; holdId: string; sessionId: string; amount: number; description: string }>;
/** held -> available, on reject, decline, cancel or expiry. */
export type HoldRefunded = Event<'HoldRefunded', { memberId: string; holdId: string; sessionId: string; amount: number; reason: string; description: string }>;
/** held -> leaves this ledger for the mentor's, on completion. */
export type HoldAdjudicated = Event<'HoldAdjudicated', { memberId: string; holdId: string; sessionId: string; amount: number; mentorId: string; description: string }>;
/** The mentor's side of an adjudicated hold. */
export type PointsReceived = Event<
  'PointsReceived',
  { memberId: string; transactionId: string; holdId: string; sessionId: string; amount: number; fromMemberId: string; description: string }
>;

export type LedgerEvent = PointsGranted | PointsHeld | HoldRefunded | HoldAdjudicated | PointsReceived;

export const ledgerStreamId = (memberId: string) => `ledger-${memberId}`;
export const WELCOME_BONUS = 3;
export const WELCOME_DESCRIPTION = 'Welcome bonus';

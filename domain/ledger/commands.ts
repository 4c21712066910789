// Commands of the points ledger `ledger-{memberId}`. Transaction ids and hold ids arrive on the
// command; descriptions default to the texts members see in their transaction list.

export interface GrantWelcomeBonus {
  type: 'GrantWelcomeBonus';
  memberId: string;
  transactionId: string;
}

export interface PlaceHold {
  type: 'PlaceHold';
  memberId: string;
  holdId: string;
  sessionId: string;
  amount: number;
  description?: string | undefined;
}

export interface RefundHold {
  type: 'RefundHold';
  memberId: string;
  holdId: string;
  /** Why: rejected, declined, cancelled, expired, ... */
  reason: string;
  description?: string | undefined;
}

export interface AdjudicateHold {
  type: 'AdjudicateHold';
  memberId: string;
  holdId: string;
  mentorId: string;
  description?: string | undefined;
}

export interface ReceivePoints {
  type: 'ReceivePoints';
  memberId: string;
  transactionId: string;
  holdId: string;
  sessionId: string;
  amount: number;
  fromMemberId: string;
  description?: string | undefined;
}

/** An admin correction: a reversing (or topping-up) entry, never a deletion. */
export interface GrantCorrection {
  type: 'GrantCorrection';
  memberId: string;
  transactionId: string;
  amount: number;
  description: string;
}

export type LedgerCommand = GrantWelcomeBonus | PlaceHold | RefundHold | AdjudicateHold | ReceivePoints | GrantCorrection;

// Deciding ledger commands. Available points never go negative: a hold needs the points available,
// and a negative correction may take away at most what is available.
import { DomainError, assertNever, type Decider } from '../shared.js';
import type { AdjudicateHold, GrantCorrection, GrantWelcomeBonus, LedgerCommand, PlaceHold, ReceivePoints, RefundHold } from './commands.js';
import { WELCOME_BONUS, WELCOME_DESCRIPTION, type LedgerEvent } from './events.js';
import { evolveLedger, initialLedgerState, type Hold, type LedgerState } from './state.js';

const requirePositiveWholeAmount = (amount: number) => {
  if (!Number.isInteger(amount) || amount <= 0) {
    throw new DomainError('VALIDATION', 'Amount must be a positive whole number of points');
  }
};

const requireActiveHold = (state: LedgerState, holdId: string): Hold => {
  const hold = state.holds.get(holdId);
  if (!hold) throw new DomainError('NOT_FOUND', 'Hold not found');
  if (hold.state !== 'active') throw new DomainError('INVALID_STATE', `This hold is already ${hold.state}`);
  return hold;
};

const plural = (n: number) => `${n} point${n === 1 ? '' : 's'}`;

export const grantWelcomeBonus = (command: GrantWelcomeBonus, state: LedgerState): LedgerEvent[] => {
  if (state.welcomeGranted) throw new DomainError('CONFLICT', 'The welcome bonus has already been granted');
  return [
    {
      type: 'PointsGranted',
      data: {
        memberId: command.memberId,
        transactionId: command.transactionId,
        amount: WELCOME_BONUS,
        reason: 'welcome',
        description: WELCOME_DESCRIPTION,
      },
    },
  ];
};

export const placeHold = (command: PlaceHold, state: LedgerState): LedgerEvent[] => {
  const { memberId, holdId, sessionId, amount } = command;
  requirePositiveWholeAmount(amount);
  const existing = state.holds.get(holdId);
  if (existing) {
    // A retried request places nothing twice; a different hold under the same id is a bug upstream.
    if (existing.sessionId === sessionId && existing.amount === amount) return [];
    throw new DomainError('CONFLICT', 'A different hold with this id already exists');
  }
  if (state.available < amount) {
    throw new DomainError('INSUFFICIENT_POINTS', `Insufficient points. You need at least ${amount} point(s) to request this session.`);
  }
  const description = command.description ?? 'Points held for session request';
  return [{ type: 'PointsHeld', data: { memberId, holdId, sessionId, amount, description } }];
};

export const refundHold = (command: RefundHold, state: LedgerState): LedgerEvent[] => {
  const hold = requireActiveHold(state, command.holdId);
  const reason = command.reason.trim() || 'refunded';
  const description = command.description ?? `Refund of ${plural(hold.amount)} held for session (${reason})`;
  return [
    {
      type: 'HoldRefunded',
      data: { memberId: command.memberId, holdId: hold.holdId, sessionId: hold.sessionId, amount: hold.amount, reason, description },
    },
  ];
};

export const adjudicateHold = (command: AdjudicateHold, state: LedgerState): LedgerEvent[] => {
  const hold = requireActiveHold(state, command.holdId);
  const description = command.description ?? `${plural(hold.amount)} transferred to mentor for completed session`;
  return [
    {
      type: 'HoldAdjudicated',
      data: {
        memberId: command.memberId,
        holdId: hold.holdId,
        sessionId: hold.sessionId,
        amount: hold.amount,
        mentorId: command.mentorId,
        description,
      },
    },
  ];
};

export const receivePoints = (command: ReceivePoints, state: LedgerState): LedgerEvent[] => {
  if (state.receivedHoldIds.has(command.holdId)) return [];
  requirePositiveWholeAmount(command.amount);
  const { memberId, transactionId, holdId, sessionId, amount, fromMemberId } = command;
  const description = command.description ?? `${plural(amount)} received for teaching a session`;
  return [{ type: 'PointsReceived', data: { memberId, transactionId, holdId, sessionId, amount, fromMemberId, description } }];
};

export const grantCorrection = (command: GrantCorrection, state: LedgerState): LedgerEvent[] => {
  // The same correction again (its transaction id comes from the admin's key): already done, nothing to add.
  if (state.correctionIds.has(command.transactionId)) return [];
  const { amount } = command;
  if (!Number.isInteger(amount) || amount === 0) {
    throw new DomainError('VALIDATION', 'A correction must be a non-zero whole number of points');
  }
  const description = command.description.trim();
  if (description === '') throw new DomainError('VALIDATION', 'Please give a reason for the correction');
  if (state.available + amount < 0) {
    throw new DomainError('INSUFFICIENT_POINTS', `This correction would make the available balance negative (available: ${plural(state.available)}).`);
  }
  return [
    {
      type: 'PointsGranted',
      data: { memberId: command.memberId, transactionId: command.transactionId, amount, reason: 'correction', description },
    },
  ];
};

export const decideLedger = (command: LedgerCommand, state: LedgerState): LedgerEvent[] => {
  switch (command.type) {
    case 'GrantWelcomeBonus':
      return grantWelcomeBonus(command, state);
    case 'PlaceHold':
      return placeHold(command, state);
    case 'RefundHold':
      return refundHold(command, state);
    case 'AdjudicateHold':
      return adjudicateHold(command, state);
    case 'ReceivePoints':
      return receivePoints(command, state);
    case 'GrantCorrection':
      return grantCorrection(command, state);
    default:
      return assertNever(command);
  }
};

export const ledgerDecider: Decider<LedgerState, LedgerCommand, LedgerEvent> = {
  initialState: initialLedgerState,
  evolve: evolveLedger,
  decide: decideLedger,
};

import { describe, expect, it } from 'vitest';
import { DeciderSpecification } from '../decider-spec.js';
import type { LedgerCommand } from './commands.js';
import { ledgerDecider } from './decide.js';
import type { LedgerEvent } from './events.js';
import { evolveLedger, initialLedgerState } from './state.js';

const stateAfter = (...events: LedgerEvent[]) => events.reduce(evolveLedger, initialLedgerState());
const welcome: LedgerEvent = {
  type: 'PointsGranted',
  data: { memberId: 'm1', transactionId: 't0', amount: 3, reason: 'welcome', description: 'Welcome bonus' },
};
const correctionCommand = (amount: number, description = 'Refund for a no-show mentor'): LedgerCommand => ({
  type: 'GrantCorrection',
  memberId: 'm1',
  transactionId: 't1',
  amount,
  description,
});
const given = DeciderSpecification.for(ledgerDecider);
/** A correction of the member who got the welcome bonus (3 points). */
const correction = (amount: number, description?: string) => given([welcome]).when(correctionCommand(amount, description));

describe('GrantWelcomeBonus', () => {
  it('grants 3 points described as the welcome bonus', () => {
    const events = given([]).when({ type: 'GrantWelcomeBonus', memberId: 'm1', transactionId: 't0' }).then([welcome]);
    expect(events.reduce(evolveLedger, stateAfter())).toMatchObject({ available: 3, held: 0, welcomeGranted: true });
  });

  it('refuses a second welcome bonus as a conflict', () => {
    given([welcome]).when({ type: 'GrantWelcomeBonus', memberId: 'm1', transactionId: 't9' }).thenRefuses('CONFLICT');
  });
});

describe('GrantCorrection', () => {
  it('adds points with the reason as description', () => {
    correction(5).then([
      {
        type: 'PointsGranted',
        data: { memberId: 'm1', transactionId: 't1', amount: 5, reason: 'correction', description: 'Refund for a no-show mentor' },
      },
    ]);
  });

  it('takes points away down to exactly zero available', () => {
    const state = correction(-3)
      .thenMatches([{ type: 'PointsGranted' }])
      .reduce(evolveLedger, stateAfter(welcome));
    expect(state.available).toBe(0);
  });

  it('refuses to make the available balance negative', () => {
    correction(-4).thenRefuses('INSUFFICIENT_POINTS', 'This correction would make the available balance negative (available: 3 points).');
  });

  it('refuses a zero or fractional amount', () => {
    correction(0).thenRefuses('VALIDATION');
    correction(1.5).thenRefuses('VALIDATION');
  });

  it('requires a description', () => {
    correction(2, '  ').thenRefuses('VALIDATION', 'Please give a reason for the correction');
  });

  it('makes the same correction once, even one that could not be made twice', () => {
    const first: LedgerEvent = { type: 'PointsGranted', data: { memberId: 'm1', transactionId: 't1', amount: -3, reason: 'correction', description: 'Duplicate grant' } };
    given([welcome, first]).when(correctionCommand(-3, 'Duplicate grant')).then([]);
  });

  it('makes another correction with another transaction id', () => {
    const first: LedgerEvent = { type: 'PointsGranted', data: { memberId: 'm1', transactionId: 't0b', amount: 2, reason: 'correction', description: 'Goodwill' } };
    given([welcome, first])
      .when(correctionCommand(1))
      .thenMatches([{ type: 'PointsGranted', data: { transactionId: 't1', amount: 1 } }]);
  });

  it('does not count as the welcome bonus', () => {
    given([{ ...welcome, data: { ...welcome.data, reason: 'correction', description: 'Goodwill' } }])
      .when({ type: 'GrantWelcomeBonus', memberId: 'm1', transactionId: 't0' })
      .thenMatches([{ type: 'PointsGranted' }]);
  });
});

import { describe, expect, it } from 'vitest';
import { DomainError } from '../shared.js';
import { decideLedger } from './decide.js';
import type { LedgerEvent } from './events.js';
import { evolveLedger, initialLedgerState } from './state.js';

const given = (...events: LedgerEvent[]) => events.reduce(evolveLedger, initialLedgerState());
const welcome: LedgerEvent = {
  type: 'PointsGranted',
  data: { memberId: 'm1', transactionId: 't0', amount: 3, reason: 'welcome', description: 'Welcome bonus' },
};
const correction = (amount: number, description = 'Refund for a no-show mentor') =>
  decideLedger({ type: 'GrantCorrection', memberId: 'm1', transactionId: 't1', amount, description }, given(welcome));
const errorOf = (fn: () => unknown): DomainError => {
  try {
    fn();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a DomainError');
};

describe('GrantWelcomeBonus', () => {
  it('grants 3 points described as the welcome bonus', () => {
    const events = decideLedger({ type: 'GrantWelcomeBonus', memberId: 'm1', transactionId: 't0' }, given());
    expect(events).toEqual([welcome]);
    expect(events.reduce(evolveLedger, given())).toMatchObject({ available: 3, held: 0, welcomeGranted: true });
  });

  it('refuses a second welcome bonus as a conflict', () => {
    expect(errorOf(() => decideLedger({ type: 'GrantWelcomeBonus', memberId: 'm1', transactionId: 't9' }, given(welcome))).code).toBe(
      'CONFLICT',
    );
  });
});

describe('GrantCorrection', () => {
  it('adds points with the reason as description', () => {
    expect(correction(5)).toEqual([
      {
        type: 'PointsGranted',
        data: { memberId: 'm1', transactionId: 't1', amount: 5, reason: 'correction', description: 'Refund for a no-show mentor' },
      },
    ]);
  });

  it('takes points away down to exactly zero available', () => {
    const state = correction(-3).reduce(evolveLedger, given(welcome));
    expect(state.available).toBe(0);
  });

  it('refuses to make the available balance negative', () => {
    expect(errorOf(() => correction(-4))).toMatchObject({
      code: 'INSUFFICIENT_POINTS',
      message: 'This correction would make the available balance negative (available: 3 points).',
    });
  });

  it('refuses a zero or fractional amount', () => {
    expect(errorOf(() => correction(0)).code).toBe('VALIDATION');
    expect(errorOf(() => correction(1.5)).code).toBe('VALIDATION');
  });

  it('requires a description', () => {
    expect(errorOf(() => correction(2, '  '))).toMatchObject({
      code: 'VALIDATION',
      message: 'Please give a reason for the correction',
    });
  });

  it('does not count as the welcome bonus', () => {
    const state = given({ ...welcome, data: { ...welcome.data, reason: 'correction', description: 'Goodwill' } });
    expect(decideLedger({ type: 'GrantWelcomeBonus', memberId: 'm1', transactionId: 't0' }, state)).toHaveLength(1);
  });
});

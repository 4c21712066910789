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
const held: LedgerEvent = {
  type: 'PointsHeld',
  data: { memberId: 'm1', holdId: 'h1', sessionId: 's1', amount: 2, description: 'Points held for session request' },
};
const refunded: LedgerEvent = {
  type: 'HoldRefunded',
  data: { memberId: 'm1', holdId: 'h1', sessionId: 's1', amount: 2, reason: 'rejected', description: 'Refund' },
};
const adjudicated: LedgerEvent = {
  type: 'HoldAdjudicated',
  data: { memberId: 'm1', holdId: 'h1', sessionId: 's1', amount: 2, mentorId: 'm2', description: 'Transferred' },
};
const given = DeciderSpecification.for(ledgerDecider);
const placeHold = (amount: number, holdId = 'h1', sessionId = 's1'): LedgerCommand => ({ type: 'PlaceHold', memberId: 'm1', holdId, sessionId, amount });

describe('PlaceHold', () => {
  it('moves points from available to held', () => {
    const events = given([welcome]).when(placeHold(2)).then([held]);
    const state = stateAfter(welcome, ...events);
    expect(state).toMatchObject({ available: 1, held: 2 });
    expect(state.holds.get('h1')).toMatchObject({ amount: 2, sessionId: 's1', state: 'active' });
  });

  it('may hold every available point', () => {
    const events = given([welcome])
      .when(placeHold(3))
      .thenMatches([{ type: 'PointsHeld' }]);
    expect(stateAfter(welcome, ...events)).toMatchObject({ available: 0, held: 3 });
  });

  it('refuses a hold larger than the available points with the booking text', () => {
    given([welcome]).when(placeHold(4)).thenRefuses('INSUFFICIENT_POINTS', 'Insufficient points. You need at least 4 point(s) to request this session.');
  });

  it('does not count held points as available', () => {
    given([welcome, held])
      .when(placeHold(2, 'h2', 's2'))
      .thenRefuses('INSUFFICIENT_POINTS');
  });

  it.each([0, -1, 1.5])('refuses an amount of %s', (amount) => {
    given([welcome]).when(placeHold(amount)).thenRefuses('VALIDATION');
  });

  it('places nothing twice when the same hold is requested again', () => {
    given([welcome, held]).when(placeHold(2)).then([]);
  });

  it('refuses a different hold under an id already used', () => {
    given([welcome, held])
      .when(placeHold(1, 'h1', 's9'))
      .thenRefuses('CONFLICT');
  });
});

describe('RefundHold', () => {
  const refund: LedgerCommand = { type: 'RefundHold', memberId: 'm1', holdId: 'h1', reason: 'rejected', description: 'Refund' };

  it('refunds the hold when the mentor rejects', () => {
    const events = given([welcome, held]).when(refund).then([refunded]);
    const state = stateAfter(welcome, held, ...events);
    expect(state).toMatchObject({ available: 3, held: 0 });
    expect(state.holds.get('h1')?.state).toBe('refunded');
  });

  it('describes the refund with the amount and the reason by default', () => {
    given([welcome, held])
      .when({ type: 'RefundHold', memberId: 'm1', holdId: 'h1', reason: 'expired' })
      .thenMatches([{ data: { description: 'Refund of 2 points held for session (expired)' } }]);
  });

  it('refuses to refund a hold twice', () => {
    given([welcome, held, refunded]).when(refund).thenRefuses('INVALID_STATE', 'This hold is already refunded');
  });

  it('refuses to refund an adjudicated hold', () => {
    given([welcome, held, adjudicated]).when(refund).thenRefuses('INVALID_STATE');
  });

  it('refuses an unknown hold', () => {
    given([welcome]).when(refund).thenRefuses('NOT_FOUND');
  });
});

describe('AdjudicateHold', () => {
  const adjudicate: LedgerCommand = { type: 'AdjudicateHold', memberId: 'm1', holdId: 'h1', mentorId: 'm2', description: 'Transferred' };

  it('moves the held points out of the ledger on completion', () => {
    const events = given([welcome, held]).when(adjudicate).then([adjudicated]);
    const state = stateAfter(welcome, held, ...events);
    expect(state).toMatchObject({ available: 1, held: 0 });
    expect(state.holds.get('h1')?.state).toBe('adjudicated');
  });

  it('refuses to adjudicate a refunded hold', () => {
    given([welcome, held, refunded]).when(adjudicate).thenRefuses('INVALID_STATE', 'This hold is already refunded');
  });

  it('refuses to adjudicate a hold twice', () => {
    given([welcome, held, adjudicated]).when(adjudicate).thenRefuses('INVALID_STATE');
  });
});

describe('ReceivePoints', () => {
  const receive: LedgerCommand = {
    type: 'ReceivePoints',
    memberId: 'm2',
    transactionId: 't5',
    holdId: 'h1',
    sessionId: 's1',
    amount: 2,
    fromMemberId: 'm1',
  };

  it("credits the mentor's available points", () => {
    const events = given([])
      .when(receive)
      .then([
        {
          type: 'PointsReceived',
          data: {
            memberId: 'm2',
            transactionId: 't5',
            holdId: 'h1',
            sessionId: 's1',
            amount: 2,
            fromMemberId: 'm1',
            description: '2 points received for teaching a session',
          },
        },
      ]);
    expect(stateAfter(...events).available).toBe(2);
  });

  it('receives nothing a second time for the same hold', () => {
    const first = given([])
      .when(receive)
      .thenMatches([{ type: 'PointsReceived' }]);
    given(first)
      .when({ ...receive, transactionId: 't6' })
      .then([]);
  });

  it('refuses a non-positive amount', () => {
    given([])
      .when({ ...receive, amount: 0 })
      .thenRefuses('VALIDATION');
  });
});

describe('the double-entry balance', () => {
  it('keeps granted points equal to available + held + transferred out across a session life', () => {
    const student = stateAfter(welcome, held, adjudicated);
    const received = given([])
      .when({ type: 'ReceivePoints', memberId: 'm2', transactionId: 't5', holdId: 'h1', sessionId: 's1', amount: 2, fromMemberId: 'm1' })
      .thenMatches([{ type: 'PointsReceived' }]);
    const mentor = stateAfter(...received);
    expect(student.available + student.held + mentor.available + mentor.held).toBe(3);
  });
});

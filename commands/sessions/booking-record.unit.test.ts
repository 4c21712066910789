import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../../eventstore/types.js';
import { BOOKING_LOST_MESSAGE, bookingDecisionDecider, foldBookingsIndex, type BookingDecisionCommand, type BookingDecisionEvent } from './booking-record.js';
import type { BookingPlan } from '../../domain/booking/plan.js';

const { decide, evolve, initialState } = bookingDecisionDecider;
const given = (...events: BookingDecisionEvent[]) => events.reduce(evolve, initialState());
const commit: BookingDecisionCommand = { type: 'Commit', sessionId: 's1' };
const abandon: BookingDecisionCommand = { type: 'Abandon', sessionId: 's1' };
const fail: BookingDecisionCommand = { type: 'Fail', sessionId: 's1', reason: 'CONFLICT' };

describe('the booking decision (the pivot)', () => {
  it('commits an open booking once', () => {
    expect(decide(commit, given())).toEqual([{ type: 'BookingCommitted', data: { sessionId: 's1' } }]);
    expect(decide(commit, given({ type: 'BookingCommitted', data: { sessionId: 's1' } }))).toEqual([]);
  });

  it('refuses to commit a booking the reconciler abandoned or the process failed', () => {
    expect(() => decide(commit, given({ type: 'BookingAbandoned', data: { sessionId: 's1' } }))).toThrow(BOOKING_LOST_MESSAGE);
    expect(() => decide(commit, given({ type: 'BookingFailed', data: { sessionId: 's1', reason: 'x' } }))).toThrow(BOOKING_LOST_MESSAGE);
  });

  it('abandons only an open booking, and lets a failure stand beside an abandonment', () => {
    expect(decide(abandon, given())).toEqual([{ type: 'BookingAbandoned', data: { sessionId: 's1' } }]);
    expect(decide(abandon, given({ type: 'BookingCommitted', data: { sessionId: 's1' } }))).toEqual([]);
    expect(decide(fail, given({ type: 'BookingAbandoned', data: { sessionId: 's1' } }))).toEqual([]);
    expect(() => decide(fail, given({ type: 'BookingCommitted', data: { sessionId: 's1' } }))).toThrow();
  });

  it('keeps the first decision', () => {
    expect(given({ type: 'BookingAbandoned', data: { sessionId: 's1' } }, { type: 'BookingCommitted', data: { sessionId: 's1' } })).toEqual({
      decision: 'abandoned',
    });
  });
});

describe('the bookings index', () => {
  const plan = (sessionId: string) => ({ sessionId }) as BookingPlan;
  const recorded = (position: number, type: string, data: unknown) => ({ streamPosition: BigInt(position), type, data }) as RecordedEvent;

  it('lists bookings in start order and marks the closed ones', () => {
    const bookings = foldBookingsIndex([
      recorded(0, 'BookingStarted', plan('a')),
      recorded(1, 'BookingStarted', plan('b')),
      recorded(2, 'BookingClosed', { sessionId: 'a', outcome: 'requested' }),
    ]);
    expect(bookings.map((b) => [b.plan.sessionId, b.position, b.closed])).toEqual([
      ['a', 0n, true],
      ['b', 1n, false],
    ]);
  });
});

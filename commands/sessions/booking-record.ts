// The RequestSession process's own records.
//
// The bookings index (`bookings-index-{shard}`, stream-ids.ts) lists every booking the process started
// (BookingStarted, carrying the whole plan) and closed (BookingClosed), so the reconciler finds
// unfinished ones from the event store alone.
// `booking-{sessionId}` holds one decision, appended on an empty stream: BookingCommitted by the
// process once the hold and every cell are taken (after it, the session must exist: the reconciler
// rolls forward), BookingFailed by the process that compensates itself, or BookingAbandoned by the
// reconciler (after it, the process must not create the session: it compensates). The empty-stream
// append is the pivot: exactly one of the three wins.
import type { BookingPlan } from '../../domain/booking/plan.js';
import { DomainError, type Decider, type Event } from '../../domain/shared.js';
import type { RecordedEvent } from '../../eventstore/types.js';

export type BookingOutcome = 'requested' | 'failed' | 'abandoned';

export type BookingStarted = Event<'BookingStarted', BookingPlan>;
export type BookingClosed = Event<'BookingClosed', { sessionId: string; outcome: BookingOutcome }>;
export type BookingIndexEvent = BookingStarted | BookingClosed;

export type BookingCommitted = Event<'BookingCommitted', { sessionId: string }>;
export type BookingFailed = Event<'BookingFailed', { sessionId: string; reason: string }>;
export type BookingAbandoned = Event<'BookingAbandoned', { sessionId: string }>;
export type BookingDecisionEvent = BookingCommitted | BookingFailed | BookingAbandoned;

export type BookingDecision = 'open' | 'committed' | 'failed' | 'abandoned';

export interface BookingDecisionState {
  decision: BookingDecision;
}

export type BookingDecisionCommand = { type: 'Commit'; sessionId: string } | { type: 'Fail'; sessionId: string; reason: string } | { type: 'Abandon'; sessionId: string };

export const BOOKING_LOST_MESSAGE = 'Failed to send session request. Please try again.';

const decisionOf: Record<BookingDecisionEvent['type'], BookingDecision> = {
  BookingCommitted: 'committed',
  BookingFailed: 'failed',
  BookingAbandoned: 'abandoned',
};

export const bookingDecisionDecider: Decider<BookingDecisionState, BookingDecisionCommand, BookingDecisionEvent> = {
  initialState: () => ({ decision: 'open' }),
  evolve: (state, event) => (state.decision === 'open' && event.type in decisionOf ? { decision: decisionOf[event.type] } : state),
  decide: (command, state) => {
    const { sessionId } = command;
    switch (command.type) {
      case 'Commit':
        if (state.decision === 'committed') return [];
        if (state.decision !== 'open') throw new DomainError('CONFLICT', BOOKING_LOST_MESSAGE);
        return [{ type: 'BookingCommitted', data: { sessionId } }];
      case 'Fail':
        if (state.decision === 'committed') throw new Error(`Booking ${sessionId} is committed and cannot fail`);
        return state.decision === 'open' ? [{ type: 'BookingFailed', data: { sessionId, reason: command.reason } }] : [];
      case 'Abandon':
        return state.decision === 'open' ? [{ type: 'BookingAbandoned', data: { sessionId } }] : [];
    }
  },
};

export interface IndexedBooking {
  plan: BookingPlan;
  /** Stream position of BookingStarted in the index. */
  position: bigint;
  closed: boolean;
}

/** Folds (a tail of) the index into the bookings it names, in start order. */
export const foldBookingsIndex = (events: readonly RecordedEvent[]): IndexedBooking[] => {
  const bookings = new Map<string, IndexedBooking>();
  for (const event of events) {
    const indexEvent = { type: event.type, data: event.data } as BookingIndexEvent;
    if (indexEvent.type === 'BookingStarted') {
      if (!bookings.has(indexEvent.data.sessionId)) {
        bookings.set(indexEvent.data.sessionId, { plan: indexEvent.data, position: event.streamPosition, closed: false });
      }
    } else if (indexEvent.type === 'BookingClosed') {
      const booking = bookings.get(indexEvent.data.sessionId);
      if (booking) booking.closed = true;
    }
  }
  return [...bookings.values()];
};

// A booking's plan: the session it requests (SessionRequested's data) and the cells it takes. The
// step-by-step booking lists it in its index (BookingStarted), so a reconciler can finish or undo
// the booking from the event store alone.
import type { SessionRequested } from '../session/events.js';

export type BookingPlan = SessionRequested['data'] & {
  /** Slot cells of the mentor the session covers (slotsCovered). */
  cells: string[];
  /** The request's `now`: the session is decided as of this instant, also when rolled forward later. */
  requestedAt: string;
};

/** What a booking writes to one stream. */
export interface StreamEvents<E> {
  streamId: string;
  events: E[];
}

// One place for command handlers and processes to name streams (DESIGN.md §5).
export { memberStreamId } from '../domain/member/events.js';
export { ledgerStreamId } from '../domain/ledger/events.js';
export { sessionStreamId } from '../domain/session/events.js';
export { slotStreamId } from '../domain/slot/events.js';
export { inboxStreamId } from '../domain/notification-inbox/events.js';
export { skillLikesStreamId } from '../domain/skill-like/events.js';

/** The RequestSession process's decision record: BookingCommitted, BookingFailed or BookingAbandoned. */
export const bookingStreamId = (sessionId: string) => `booking-${sessionId}`;

/** Every booking process that was started and whether it was closed, for the reconciler. */
export const BOOKINGS_INDEX_STREAM = 'bookings-index';

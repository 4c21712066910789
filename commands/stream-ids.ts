// One place for command handlers and processes to name streams (DESIGN.md §5). Each function here
// belongs to a category of the stream catalogue (streamCatalogue, commands/stream-catalogue.ts); its test fails
// on one that does not.
export { memberStreamId } from '../domain/member/events.js';
export { ledgerStreamId } from '../domain/ledger/events.js';
export { sessionStreamId } from '../domain/session/events.js';
export { slotHourStreamId } from '../domain/slot/events.js';
export { inboxStreamId } from '../domain/notification-inbox/events.js';
export { skillLikesStreamId } from '../domain/skill-like/events.js';
export { postStreamId } from '../domain/post/events.js';
export { aiQuotaStreamId } from '../domain/assistant-quota/quota.js';
export { skillCatalogueStreamId } from '../domain/skill-catalogue/events.js';
export { conversationStreamId } from '../domain/conversation/events.js';
export { feedbackStreamId } from '../domain/feedback/events.js';
export { adminActionsStreamId } from '../domain/admin-actions/events.js';
export { featureStreamId, featureVoteStreamId } from '../domain/feature-vote/events.js';
export { errorGroupStreamId } from '../domain/error-group/events.js';

/** The RequestSession process's decision record: BookingCommitted, BookingFailed or BookingAbandoned. */
export const bookingStreamId = (sessionId: string) => `booking-${sessionId}`;

/**
 * Every booking process that was started and whether it was closed, for the reconciler, in 64 shards
 * by session id: every booking writes its index twice, and one index stream would make all bookings
 * everywhere queue for its lock.
 */
export const BOOKINGS_INDEX_SHARDS = 64;

/** The single index stream of earlier versions, still read so that nothing it lists is left open. */
export const LEGACY_BOOKINGS_INDEX_STREAM = 'bookings-index';

const fnv1a = (text: string): number => {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 0;
};

export const bookingsIndexStreamId = (sessionId: string) => `bookings-index-${(fnv1a(sessionId) % BOOKINGS_INDEX_SHARDS).toString(16)}`;

/** Every index stream the reconciler reads. */
export const bookingsIndexStreamIds = (): string[] => [
  LEGACY_BOOKINGS_INDEX_STREAM,
  ...Array.from({ length: BOOKINGS_INDEX_SHARDS }, (_, i) => `bookings-index-${i.toString(16)}`),
];

// The event browser (issue 33 point 1; DESIGN.md §12-13): GET /api/admin/events pages the global log through
// the operations API's readLog, newest first, keyset-paged by global position. Every filter narrows the
// page; `correlation` alone is the chain of a booking across its streams, oldest first (decision 338).
import { z } from 'zod';

export const EVENTS_PAGE_DEFAULT = 50;
export const EVENTS_PAGE_MAX = 200;
export const EVENTS_TEXT_MAX = 200;
export const EVENTS_TYPES_MAX = 20;

export const streamMatches = ['prefix', 'exact'] as const;
export const memberRoles = ['subject', 'actor'] as const;
export const eventOrders = ['newest-first', 'oldest-first'] as const;

export const adminEventsTexts = {
  title: 'Event browser',
  empty: 'No events match these filters',
  loadFailed: 'Could not load the events',
  loadMore: 'Load more',
  badCursor: 'cursor must be the `next` of the page before (a log position)',
  badLimit: `limit must be a whole number from 1 to ${EVENTS_PAGE_MAX}`,
  badText: (field: string) => `${field} must be from 1 to ${EVENTS_TEXT_MAX} characters`,
  badTypes: `type must name 1 to ${EVENTS_TYPES_MAX} event types, separated by commas`,
  badInstant: (field: string) => `${field} must be an ISO-8601 instant with its zone, such as 2026-11-28T09:00:00Z`,
  badRange: 'to must not be before from',
  badStreamMatch: 'streamMatch must be prefix or exact',
  badMemberAs: 'memberAs must be subject or actor',
  badOrder: 'order must be newest-first or oldest-first',
  streamMatchAlone: 'streamMatch needs a stream',
};

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/;
const text = (field: string) =>
  z
    .string({ message: adminEventsTexts.badText(field) })
    .trim()
    .min(1, adminEventsTexts.badText(field))
    .max(EVENTS_TEXT_MAX, adminEventsTexts.badText(field))
    .optional();
const instant = (field: string) =>
  z
    .string({ message: adminEventsTexts.badInstant(field) })
    .refine((value) => INSTANT.test(value) && !Number.isNaN(Date.parse(value)), adminEventsTexts.badInstant(field))
    .optional();

export const adminEventsQuerySchema = z
  .object({
    /** A stream id, or the start of one (`session-`, `ledger-{member}`), as `streamMatch` says. */
    stream: text('stream'),
    streamMatch: z.enum(streamMatches, { message: adminEventsTexts.badStreamMatch }).optional(),
    /** One event type or several, comma-separated (any of them). */
    type: z
      .string({ message: adminEventsTexts.badTypes })
      .transform((value) =>
        value
          .split(',')
          .map((t) => t.trim())
          .filter(Boolean),
      )
      .refine((types) => types.length >= 1 && types.length <= EVENTS_TYPES_MAX && types.every((t) => t.length <= EVENTS_TEXT_MAX), adminEventsTexts.badTypes)
      .optional(),
    /** A member id: the events they did (`memberAs=actor`) or the events about them (`subject`, the default). */
    member: text('member'),
    memberAs: z.enum(memberRoles, { message: adminEventsTexts.badMemberAs }).optional(),
    from: instant('from'),
    to: instant('to'),
    correlation: text('correlation'),
    causation: text('causation'),
    order: z.enum(eventOrders, { message: adminEventsTexts.badOrder }).optional(),
    cursor: z
      .string()
      .regex(/^(0|[1-9]\d{0,18})$/, adminEventsTexts.badCursor)
      .optional(),
    limit: z.coerce
      .number({ message: adminEventsTexts.badLimit })
      .int(adminEventsTexts.badLimit)
      .min(1, adminEventsTexts.badLimit)
      .max(EVENTS_PAGE_MAX, adminEventsTexts.badLimit)
      .default(EVENTS_PAGE_DEFAULT),
  })
  .refine((query) => !(query.from && query.to) || Date.parse(query.from) <= Date.parse(query.to), { message: adminEventsTexts.badRange, path: ['to'] })
  .refine((query) => query.streamMatch === undefined || query.stream !== undefined, { message: adminEventsTexts.streamMatchAlone, path: ['streamMatch'] });
export type AdminEventsQuery = z.input<typeof adminEventsQuerySchema>;

/** An event's metadata as the log keeps it (eventstore/types.ts EventMetadata). */
export const eventMetadataSchema = z.object({
  eventId: z.string(),
  occurredAt: z.string(),
  actorId: z.string().nullable(),
  correlationId: z.string(),
  causationId: z.string().nullable(),
  schemaVersion: z.number(),
});

export const adminEventSchema = z.object({
  /** Position in the global log (a decimal string: it may exceed 2^53). */
  globalPosition: z.string(),
  streamId: z.string(),
  /** The event's 0-based place in its stream: `?at=` of the time-travel screen. */
  streamPosition: z.number().int(),
  type: z.string(),
  recordedAt: z.string(),
  data: z.unknown(),
  metadata: eventMetadataSchema,
});

export const adminEventsPageSchema = z.object({
  events: z.array(adminEventSchema),
  /** The `cursor` of the next page; null at the end of the matching events. */
  next: z.string().nullable(),
});

export type AdminEvent = z.infer<typeof adminEventSchema>;
export type AdminEventsPage = z.infer<typeof adminEventsPageSchema>;

/** The chain of one correlation (a booking: request, hold, slot, approval, transfer), oldest first. */
export const CHAIN_MAX = 500;
export const adminChainParamsSchema = z.object({
  correlationId: z.string().trim().min(1, adminEventsTexts.badText('correlationId')).max(EVENTS_TEXT_MAX, adminEventsTexts.badText('correlationId')),
});
export const adminChainSchema = z.object({
  correlationId: z.string(),
  /** Ordered by global position; each event's `metadata.causationId` names the event of the chain that caused it (null: a member's or admin's own command). */
  events: z.array(adminEventSchema),
  /** The chain has more than CHAIN_MAX events: page the rest with /api/admin/events?correlation=. */
  truncated: z.boolean(),
});
export type AdminChain = z.infer<typeof adminChainSchema>;

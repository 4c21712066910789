// Time travel (issue 33 point 2; DESIGN.md §12-13): GET /api/admin/streams/{streamId}?at= answers a stream's
// events and, at the event at `at` (a stream revision, default its last), each decider's state before and
// after it and the change as a diff (microdiff over the states as plain JSON), folded by the domain's own
// deciders through the operations API's stateAt. Raw (index and marker) streams answer their events only.
// The diff is whole; the states are shortened (docs/decisions.md, "time travel answers bounded states"): a collection (an object or array) of
// more than STATE_ENTRIES_SHOWN entries keeps its first ones, an object also the keys the diff passes
// through, and ends with a STATE_CUT_KEY entry saying how many more there are; `shortened` lists each cut.
// So a post of 10,000 comments answers a few kB, not its whole thread twice.
import { z } from 'zod';

export const STREAM_PAGE_DEFAULT = 50;
export const STREAM_PAGE_MAX = 500;
export const STREAM_ID_MAX = 300;
/** Entries a collection of a state shown keeps (besides, in an object, those the event changed). */
export const STATE_ENTRIES_SHOWN = 20;
/**
 * The key of the entry that ends a shortened collection: `{ "…": "4980 more" }` as an array's last item,
 * or `"…": "4980 more"` as an object's last key.
 */
export const STATE_CUT_KEY = '…';

export const adminStreamTexts = {
  title: 'Time travel',
  loadFailed: 'Could not load the stream',
  notFound: 'There is no such stream',
  badStream: `the stream id must be from 1 to ${STREAM_ID_MAX} characters`,
  badAt: 'at must be a whole number from 0 (a position in the stream)',
  badPageFrom: 'pageFrom must be a whole number from 0',
  badPageSize: `pageSize must be a whole number from 1 to ${STREAM_PAGE_MAX}`,
  noChange: 'This event changed nothing in this state',
  shortened: `Long collections in these states are shortened to their first ${STATE_ENTRIES_SHOWN} entries and those this event changed; the changes above are whole.`,
  cutMore: (more: string) => `${more}, not shown`,
  raw: 'No decider folds this stream: it is an index or a marker, shown as its events',
};

const wholeNumber = (message: string, max = Number.MAX_SAFE_INTEGER) => z.coerce.number({ message }).int(message).min(0, message).max(max, message).optional();

export const adminStreamParamsSchema = z.object({ streamId: z.string().min(1, adminStreamTexts.badStream).max(STREAM_ID_MAX, adminStreamTexts.badStream) });
export const adminStreamQuerySchema = z.object({
  at: wholeNumber(adminStreamTexts.badAt),
  pageFrom: wholeNumber(adminStreamTexts.badPageFrom),
  pageSize: z.coerce
    .number({ message: adminStreamTexts.badPageSize })
    .int(adminStreamTexts.badPageSize)
    .min(1, adminStreamTexts.badPageSize)
    .max(STREAM_PAGE_MAX, adminStreamTexts.badPageSize)
    .optional(),
});

export const streamEventSummarySchema = z.object({
  position: z.number().int(),
  globalPosition: z.string(),
  type: z.string(),
  occurredAt: z.string(),
  actorId: z.string().nullable(),
});

/** One difference: the path from the state's root, and the old and new value (absent where added or removed). */
export const stateDiffSchema = z.object({
  kind: z.enum(['added', 'removed', 'changed']),
  path: z.array(z.union([z.string(), z.number()])),
  before: z.unknown().optional(),
  after: z.unknown().optional(),
});

/** A collection of a state shown in part: where, how many of its entries are shown and how many it has. */
export const stateCutSchema = z.object({
  path: z.array(z.union([z.string(), z.number()])),
  shown: z.number().int(),
  total: z.number().int(),
});

export const deciderFoldSchema = z.object({
  decider: z.string(),
  /** The state before the event, shortened (see STATE_ENTRIES_SHOWN). */
  before: z.unknown(),
  /** The state after the event, shortened. */
  after: z.unknown(),
  /** Every change the event made, whole (paths, old and new values), whatever was shortened in the states. */
  diff: z.array(stateDiffSchema),
  /** The collections cut in each state; both empty when the states are whole. */
  shortened: z.object({ before: z.array(stateCutSchema), after: z.array(stateCutSchema) }),
});

export const adminStreamSchema = z.object({
  streamId: z.string(),
  category: z.string().nullable(),
  kind: z.enum(['folded', 'raw']),
  at: z.number().int(),
  lastPosition: z.number().int(),
  event: streamEventSummarySchema.extend({
    eventId: z.string(),
    correlationId: z.string(),
    causationId: z.string().nullable(),
    data: z.unknown(),
  }),
  folds: z.array(deciderFoldSchema),
  page: z.object({ from: z.number().int(), size: z.number().int(), events: z.array(streamEventSummarySchema) }),
});

export type StateDiff = z.infer<typeof stateDiffSchema>;
export type StateCut = z.infer<typeof stateCutSchema>;
export type DeciderFold = z.infer<typeof deciderFoldSchema>;
export type AdminStream = z.infer<typeof adminStreamSchema>;

// `POST /api/telemetry/batch`: what the client's collector sends every few seconds and on `pagehide`
// (DESIGN.md §12): page views and navigations, and heat-map points. Times are the browser's clock;
// the server keeps only their age relative to `sentAt`, so a wrong clock in the browser shifts nothing.
import { z } from 'zod';

export const TELEMETRY_LIMITS = {
  pageViewsPerBatch: 50,
  interactionsPerBatch: 500,
  pathLength: 512,
  /** Per sign-in session, or per address when signed out: a batch every 5 s is 12. */
  batchesPerMinute: 30,
  /** An item older than this at `sentAt` is stored as this old. */
  maxAgeMs: 24 * 60 * 60 * 1000,
} as const;

export const INTERACTION_ACTIONS = ['click', 'hover', 'scroll', 'focus'] as const;

export const telemetryTexts = {
  path: 'A path starts with / and holds no spaces, query or fragment',
  interactionsNeedSignIn: 'Interactions are recorded only for signed-in members: send page views alone when signed out',
  empty: 'A batch holds at least one page view or interaction',
  tooMany: `Too many telemetry batches: at most ${TELEMETRY_LIMITS.batchesPerMinute} a minute`,
  fromOnlyOnNavigation: 'Only a navigation has a "from" path',
} as const;

const pathSchema = z
  .string()
  .max(TELEMETRY_LIMITS.pathLength, `A path has at most ${TELEMETRY_LIMITS.pathLength} characters`)
  .regex(/^\/[^\s?#]*$/, telemetryTexts.path);
/** Milliseconds since the epoch on the browser's clock. */
const instantSchema = z.number().int().nonnegative();
const viewportSchema = z.object({ width: z.number().int().min(1).max(20000), height: z.number().int().min(1).max(20000) }).strict();

export const pageViewSchema = z
  .object({
    at: instantSchema,
    /** 'navigation' names the path it came from (spec 002 §7: the previous path held in session storage). */
    kind: z.enum(['view', 'navigation']),
    path: pathSchema,
    from: pathSchema.nullable().default(null),
    viewport: viewportSchema.nullable().default(null),
  })
  .strict()
  .refine((view) => (view.kind === 'navigation') === (view.from !== null), { message: telemetryTexts.fromOnlyOnNavigation, path: ['from'] });

export const interactionSchema = z
  .object({
    at: instantSchema,
    path: pathSchema,
    action: z.enum(INTERACTION_ACTIONS),
    /** A fraction of the viewport's width, 0 to 1. */
    x: z.number().min(0).max(1),
    /** Document pixels from the top (viewport pixels for a fixed target). */
    y: z.number().int().min(0).max(1_000_000),
    viewport: viewportSchema,
    /** The target sits in a fixed-position element (a nav bar): its y is the viewport's, not the document's. */
    fixed: z.boolean(),
  })
  .strict();

export const telemetryBatchSchema = z
  .object({
    sentAt: instantSchema,
    /** The tab's random id (session storage), so an anonymous visit's views belong together. */
    visitorId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'visitorId is 8 to 64 letters, digits, _ or -'),
    pageViews: z.array(pageViewSchema).max(TELEMETRY_LIMITS.pageViewsPerBatch, `At most ${TELEMETRY_LIMITS.pageViewsPerBatch} page views per batch`).default([]),
    interactions: z
      .array(interactionSchema)
      .max(TELEMETRY_LIMITS.interactionsPerBatch, `At most ${TELEMETRY_LIMITS.interactionsPerBatch} interactions per batch`)
      .default([]),
  })
  .strict()
  .refine((batch) => batch.pageViews.length + batch.interactions.length > 0, { message: telemetryTexts.empty });

export type TelemetryBatchBody = z.input<typeof telemetryBatchSchema>;

export const telemetryAcceptedSchema = z.object({ ok: z.literal(true) });

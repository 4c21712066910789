// The heat map's two calls (issue 32 point 5, spec 002 §2, §7, §9): `POST /api/analytics/interactions`, the
// client's batch of clicks, hovers, scrolls and focus (each point the telemetry contract's interaction shape,
// a batch stored whole or refused whole), and `GET /api/admin/live-activity`, the spec's name for the heat
// map's data, answered from the rollups: cells, the first 50 points as dots, the top 5 pages, and the
// Analytics and Insights figures.
import { z } from 'zod';
import { HEATMAP, HEATMAP_WINDOWS, heatmapTexts, INTERACTIONS_LIMITS, VIEWPORT_BANDS } from './heatmap-limits.js';
import { INTERACTION_ACTIONS, interactionSchema } from './telemetry.js';

export * from './heatmap-limits.js';

export const interactionsBatchSchema = z
  .object({
    /** The browser's clock when it sent the batch; each point's time is kept as its age at this instant. */
    sentAt: z.number().int().nonnegative(),
    /** The tab's random id (session storage), the page views' own: one visit's points belong together. */
    visitorId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'visitorId is 8 to 64 letters, digits, _ or -'),
    points: z.array(interactionSchema).min(1, heatmapTexts.interactionsEmpty).max(INTERACTIONS_LIMITS.pointsPerBatch, heatmapTexts.tooManyPoints),
  })
  .strict();
export type InteractionsBatchBody = z.input<typeof interactionsBatchSchema>;
export type InteractionPointBody = z.input<typeof interactionSchema>;

export const interactionsAcceptedSchema = z.object({ ok: z.literal(true), stored: z.number().int() });

export const heatmapQuerySchema = z
  .object({
    timeRange: z.enum(HEATMAP_WINDOWS).default('24h'),
    page: z
      .string()
      .max(512)
      .regex(/^(all|\/[^\s?#]*)$/, heatmapTexts.page)
      .default('all'),
    limit: z.coerce.number().int().min(1).max(HEATMAP.recordsMax).default(HEATMAP.recordsMax),
    band: z.enum(VIEWPORT_BANDS).default('desktop'),
  })
  .strict();
export type HeatmapQuery = z.infer<typeof heatmapQuerySchema>;

const cellSchema = z.object({ column: z.number().int(), row: z.number().int(), count: z.number().int(), intensity: z.number() });
/** An interaction record (spec 002 §3): x a fraction of the width, y in document pixels; value 1 per point. */
const dotSchema = z.object({
  x: z.number(),
  y: z.number().int(),
  value: z.number(),
  action: z.enum(INTERACTION_ACTIONS),
  page: z.string(),
  user_id: z.string().nullable(),
  timestamp: z.string(),
  fixed: z.boolean(),
  viewport_width: z.number().int(),
});
const countedPageSchema = z.object({ page: z.string(), count: z.number().int() });

export const heatmapDataSchema = z.object({
  timeRange: z.enum(HEATMAP_WINDOWS),
  page: z.string(),
  band: z.enum(VIEWPORT_BANDS),
  /** The window's start: whole hours, from the start of the hour the window begins in (the rollup is hourly). */
  from: z.string(),
  to: z.string(),
  /** Clicks, hovers and focus (scrolls are depths, not places), per 20 px cell; intensity is count / the busiest cell's. */
  cells: z.array(cellSchema),
  dots: z.array(dotSchema),
  topPages: z.array(countedPageSchema),
  analytics: z.object({
    total: z.number().int(),
    clicks: z.number().int(),
    hovers: z.number().int(),
    scrolls: z.number().int(),
    focuses: z.number().int(),
    /** Points on fixed-position targets (a nav bar): their y is the viewport's. */
    fixed: z.number().int(),
    pages: z.number().int(),
  }),
  insights: z.object({
    rageClicks: z.number().int(),
    rageSpots: z.array(z.object({ page: z.string(), column: z.number().int(), row: z.number().int(), count: z.number().int() })),
    hottestCell: cellSchema.extend({ share: z.number() }).nullable(),
    /** Scroll depth (document px to the bottom of the viewport), to the rollup's 20 px. */
    deepestScrollPx: z.number().int().nullable(),
    averageScrollPx: z.number().int().nullable(),
    fixedShare: z.number().nullable(),
  }),
});
export type HeatmapData = z.infer<typeof heatmapDataSchema>;
export type HeatmapCell = z.infer<typeof cellSchema>;
export type HeatmapDot = z.infer<typeof dotSchema>;

export const heatmapResponseSchema = z.object({ success: z.literal(true), data: heatmapDataSchema });
export type HeatmapResponse = z.infer<typeof heatmapResponseSchema>;

/** The socket's notice to admins after a batch stored interactions (api/app.ts relays the telemetry notice). */
export type InteractionsStoredMessage = { type: 'interactions_stored'; interactions: number };

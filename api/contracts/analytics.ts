// `POST /api/analytics/events`: the client's page views and navigations (spec 002 §7), batched every 5 s
// and on `pagehide` (decision in docs/decisions.md). Stored as telemetry (docs/telemetry.md), never in
// the event log. A point has the telemetry contract's page-view shape; a batch is stored whole or, with
// one bad point, refused whole. `GET /api/analytics/settings` tells the client whether to send at all.
import { z } from 'zod';
import { ANALYTICS_LIMITS, liveActivityTexts } from './analytics-limits.js';
import { pageViewSchema } from './telemetry.js';

export { ANALYTICS_LIMITS, liveActivityTexts };

export const analyticsTexts = {
  empty: 'A batch holds at least one event',
  tooManyPoints: `At most ${ANALYTICS_LIMITS.pointsPerBatch} events per batch`,
  tooMany: `Too many analytics batches: at most ${ANALYTICS_LIMITS.batchesPerMinute} a minute`,
} as const;

export const analyticsBatchSchema = z
  .object({
    /** The browser's clock when it sent the batch; each event's time is kept as its age at this instant. */
    sentAt: z.number().int().nonnegative(),
    /** The tab's random id (session storage), so an anonymous visit's views belong together. */
    visitorId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'visitorId is 8 to 64 letters, digits, _ or -'),
    events: z.array(pageViewSchema).min(1, analyticsTexts.empty).max(ANALYTICS_LIMITS.pointsPerBatch, analyticsTexts.tooManyPoints),
  })
  .strict();

export type AnalyticsBatchBody = z.input<typeof analyticsBatchSchema>;
export type AnalyticsEvent = z.input<typeof pageViewSchema>;

export const analyticsAcceptedSchema = z.object({ ok: z.literal(true), stored: z.number().int() });

/** Whether the client captures and sends (the `ANALYTICS` setting). */
export const analyticsSettingsSchema = z.object({ enabled: z.boolean() });
export type AnalyticsSettings = z.infer<typeof analyticsSettingsSchema>;

/**
 * A Live Activity row (spec 002 §3 Activity: type, user, path, details, time). Page views and navigations
 * and sign-ins are telemetry; an `action` is a member's domain event (details: its type, e.g.
 * SessionRequested; path: the page it is done on, or null).
 */
export const ACTIVITY_TYPES = ['page_view', 'navigation', 'sign_in', 'action'] as const;
export const activitySchema = z.object({
  id: z.string(),
  activity_type: z.enum(ACTIVITY_TYPES),
  user_id: z.string().nullable(),
  user_name: z.string().nullable(),
  page_path: z.string().nullable(),
  details: z.string().nullable(),
  created_at: z.string(),
});
export type Activity = z.infer<typeof activitySchema>;
export const activitiesResponseSchema = z.object({ activities: z.array(activitySchema) });
export const activitiesQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(1000).default(200) }).strict();

/** The socket's notice to admins after a batch stored page views or sign-ins (api/app.ts relays the telemetry notice). */
export type AnalyticsStoredMessage = { type: 'analytics_stored'; pageViews: number; signIns: number };
export type ActivitiesResponse = z.infer<typeof activitiesResponseSchema>;

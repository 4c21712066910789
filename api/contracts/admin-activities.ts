// GET /api/admin/admin-activities: the admins' own actions (spec 002 §7 names the call, not its
// content; issue 31 point 10), newest first, paged by an opaque cursor.
import { z } from 'zod';

export const ADMIN_ACTIVITIES_PAGE_DEFAULT = 25;
export const ADMIN_ACTIVITIES_PAGE_MAX = 100;
export const INVALID_ADMIN_ACTIVITIES_CURSOR = 'This page link is not valid any more. Please reload the admin activities.';

export const adminActivityKinds = ['test-email', 'projection-rebuild', 'follower-skip'] as const;

export const adminActivitiesQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(ADMIN_ACTIVITIES_PAGE_MAX).default(ADMIN_ACTIVITIES_PAGE_DEFAULT),
});

export const adminActivitySchema = z.object({
  /** The event's id. */
  id: z.string(),
  kind: z.string(),
  /** sent / failed for a test e-mail; null for actions without an outcome of their own. */
  outcome: z.string().nullable(),
  /** The admin who acted (their name as the members read model knows it); null for the command line. */
  actor: z.object({ id: z.string(), name: z.string().nullable() }).nullable(),
  /** What the action was about: the address, the read model, the follower. */
  subject: z.string(),
  /** SMTP's answer or reason, the operator's reason. */
  detail: z.string().nullable(),
  at: z.string(),
});

export const adminActivitiesResponseSchema = z.object({
  activities: z.array(adminActivitySchema),
  /** Pass as `cursor` for the next (older) page; null on the last. */
  nextCursor: z.string().nullable(),
});

export type AdminActivitiesQuery = z.infer<typeof adminActivitiesQuerySchema>;
export type AdminActivity = z.infer<typeof adminActivitySchema>;
export type AdminActivitiesResponse = z.infer<typeof adminActivitiesResponseSchema>;

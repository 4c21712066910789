// GET /api/admin/operations/followers: every projector and reactor following the event log, as the
// projection runtime reports it (issue 30 point 1). Fields the runtime cannot tell yet are null, never
// guessed: lag in seconds comes with the log follower's heartbeat.
import { z } from 'zod';

export const followerKinds = ['projector', 'reactor'] as const;

export const followerFailureSchema = z.object({
  /** Global position of the event whose handler threw (a string: it may exceed 2^53). */
  position: z.string(),
  eventType: z.string(),
  streamId: z.string(),
  error: z.string(),
  failedAt: z.string(),
});

export const followerStatusSchema = z.object({
  name: z.string(),
  kind: z.enum(followerKinds),
  /** starting, standby, rebuilding, catching-up, live, failed, stopped (and the controls' states as they come). */
  state: z.string(),
  /** The log position the follower has applied; null before its first batch. */
  position: z.string().nullable(),
  lag: z.object({
    /** Events in the log after the position; null while unknown (starting, standby, rebuilding). */
    events: z.number().int().nullable(),
    /** Age of the oldest event still waiting; null while unknown. */
    seconds: z.number().nullable(),
  }),
  failure: followerFailureSchema.nullable(),
  /** Present while a rebuild runs. */
  rebuild: z.object({ done: z.number().int(), total: z.number().int() }).nullable(),
  /** The last `rebuild` of this read model failed (its tables kept): what it threw, when, who had asked; null once another begins. */
  rebuildFailure: z.object({ error: z.string(), failedAt: z.string(), by: z.string().nullable() }).nullable(),
  /** The runtime holding its lock (host, pid, tag); every API process reports that one's state. Null when none is known. */
  holder: z.string().nullable(),
});

export const followersResponseSchema = z.object({ followers: z.array(followerStatusSchema) });

export type FollowerFailure = z.infer<typeof followerFailureSchema>;
export type FollowerStatus = z.infer<typeof followerStatusSchema>;
export type FollowersResponse = z.infer<typeof followersResponseSchema>;

// POST /api/admin/operations/{name}/{action} (issue 33 point 6): the runtime's controls from the admin area,
// the same calls `npm run rebuild` makes. A skip says why (recorded on the operations stream with who); a
// rebuild may. The answer is every follower's status after the control.
export const followerActions = ['pause', 'resume', 'retry', 'skip', 'rebuild'] as const;
export type FollowerAction = (typeof followerActions)[number];
export const FOLLOWER_REASON_MAX = 500;
/** How often the page reads the followers while a rebuild runs (its progress bar), and otherwise. */
export const FOLLOWERS_REBUILD_POLL_MS = 1_000;

export const followerControlTexts = {
  pause: 'Pause',
  resume: 'Resume',
  retry: 'Retry',
  skip: 'Skip event',
  rebuild: 'Rebuild',
  reasonLabel: 'Reason',
  skipReasonRequired: 'Say why this event may be passed over',
  reasonTooLong: `Keep the reason under ${FOLLOWER_REASON_MAX} characters`,
  skipTitle: 'Skip the failed event',
  skipHelp: 'The follower passes over the event it stopped at and goes on. Its read model will not hold what that event said.',
  rebuildTitle: 'Rebuild the read model',
  rebuildHelp: 'Built beside the live tables from the whole log, then swapped in. Members keep working; no write waits for it.',
  unavailable: 'The controls are not available on this server',
  failed: 'The control failed. Please try again.',
} as const;

export const followerControlParamsSchema = z.object({ name: z.string().min(1).max(200), action: z.enum(followerActions) });
export const followerControlBodySchema = z.object({ reason: z.string().trim().max(FOLLOWER_REASON_MAX, followerControlTexts.reasonTooLong).optional() }).optional();

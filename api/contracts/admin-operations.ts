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

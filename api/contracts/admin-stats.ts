// GET /api/admin/stats and GET /api/admin/funnel/stopped (spec 002 §2 /admin: the conversion funnel, the
// user journey and the four summary cards; §3 Dashboard stats; issue 31 points 3, 4). The spec's field
// names are kept; every count also carries its value at the same time yesterday, and each journey step
// the members who stopped there, listed on request for the inspector.
import { z } from 'zod';
import { decodeUserCursor, encodeUserCursor } from './admin-users.js';

/** The journey's steps in order. 'profileReady' is defined in docs/decisions.md (issue 31 point 3). */
export const funnelSteps = ['signedUp', 'addedSkills', 'profileReady', 'bookedSession'] as const;
export type FunnelStep = (typeof funnelSteps)[number];
/** The steps a member can stop at (the last one has no next step). */
export const stoppedSteps = ['signedUp', 'addedSkills', 'profileReady'] as const;
export type StoppedStep = (typeof stoppedSteps)[number];

export const STOPPED_PAGE_DEFAULT = 25;
export const STOPPED_PAGE_MAX = 100;
/** The dashboard's stats refresh while the socket is down (spec 002 §9: stats every 30 s in live mode). */
export const STATS_FALLBACK_MS = 30_000;

export const adminStatsTexts = {
  priority: 'PRIORITY: First session needed!',
  greatProgress: 'Great progress!',
  active: 'Active!',
  needsFocus: 'Needs focus',
  noData: 'no data yet',
  stepLabels: { signedUp: 'Signed up', addedSkills: 'Added skills', profileReady: 'Profile ready', bookedSession: 'Sessions created' } satisfies Record<
    FunnelStep,
    string
  >,
  badStep: 'step must be signedUp, addedSkills or profileReady',
  badCursor: 'The cursor is not one this list gave',
  badLimit: `limit must be a whole number from 1 to ${STOPPED_PAGE_MAX}`,
  failed: 'Could not load the dashboard figures',
} as const;

/** A count now and at the same instant 24 hours earlier; the client shows the change as a count and a %. */
export const figureSchema = z.object({ value: z.number().int(), yesterday: z.number().int() });
export type Figure = z.infer<typeof figureSchema>;

export const systemHealths = ['healthy', 'degraded', 'critical'] as const;

export const adminStatsSchema = z.object({
  /** When the figures were computed (ISO); 'yesterday' is 24 hours before it. */
  asOf: z.string(),
  totalUsers: figureSchema,
  newUsersToday: figureSchema,
  /** Members with an own action within ACTIVE_WITHIN_HOURS (api/contracts/admin-users.ts). */
  activeUsers: figureSchema,
  /** Sessions requested, whatever became of them (the spec's card labels it live user sessions). */
  totalSessions: figureSchema,
  /** Filled by the error monitoring of the next issue; null means 'no data yet', never a made-up value. */
  totalErrors: z.number().int().nullable(),
  unresolvedErrors: z.number().int().nullable(),
  systemHealth: z.enum(systemHealths).nullable(),
  avgResponseTime: z.number().nullable(),
  sessionFunnelMetrics: z.object({
    /** Members who booked at least one session, in % of all members. */
    sessionConversionRate: z.number(),
    /** Members whose profile is ready (the 'profileReady' step). */
    sessionReadyUsers: figureSchema,
    usersWithTeachingSkills: figureSchema,
    /** Of the profile-ready members, the % who booked a session. */
    profileToSessionRate: z.number(),
  }),
  /** profileCompletionRate: the members' average profile completion (the inspector's bar), in per cent. */
  userGrowthMetrics: z.object({ profileCompletionRate: z.number() }),
  /**
   * The journey: members who reached each step (and every step before it), and those who reached it but
   * not the next (0 at the last step). Rates are per cent with one decimal, 0 when nothing to divide by.
   */
  journey: z.array(z.object({ step: z.enum(funnelSteps), reached: figureSchema, stopped: z.number().int() })),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;

/** The stopped list's keyset cursor: the last row's reachedAt (ISO, UTC) and id, as the users directory's. */
export const encodeStoppedCursor = (reachedAt: string, id: string) => encodeUserCursor(reachedAt, id);
export const decodeStoppedCursor = (cursor: string): { reachedAt: string; id: string } | null => {
  const decoded = decodeUserCursor(cursor);
  return decoded && { reachedAt: decoded.joinedAt, id: decoded.id };
};

export const stoppedQuerySchema = z.object({
  step: z.enum(stoppedSteps, { message: adminStatsTexts.badStep }),
  cursor: z
    .string()
    .max(300, adminStatsTexts.badCursor)
    .refine((c) => decodeStoppedCursor(c) !== null, adminStatsTexts.badCursor)
    .optional(),
  limit: z.coerce
    .number({ message: adminStatsTexts.badLimit })
    .int(adminStatsTexts.badLimit)
    .min(1, adminStatsTexts.badLimit)
    .max(STOPPED_PAGE_MAX, adminStatsTexts.badLimit)
    .default(STOPPED_PAGE_DEFAULT),
});
export type StoppedQuery = z.infer<typeof stoppedQuerySchema>;

/** A member who stopped at a step: enough to recognise them and open the inspector (/admin/inspector?userId=). */
export const stoppedMemberSchema = z.object({ id: z.string(), name: z.string(), email: z.string(), joinedDate: z.string(), reachedAt: z.string() });
export const stoppedPageSchema = z.object({ step: z.enum(stoppedSteps), members: z.array(stoppedMemberSchema), next_cursor: z.string().nullable() });
export type StoppedMember = z.infer<typeof stoppedMemberSchema>;
export type StoppedPage = z.infer<typeof stoppedPageSchema>;

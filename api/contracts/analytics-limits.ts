// The analytics batch's limits and the Live Activity's texts, apart from the schemas (analytics.ts) so the
// client's capture chunk and the admin table carry no zod.
export const ANALYTICS_LIMITS = {
  /** Points in one batch: a tab's 5 s of browsing is a few; a tab that was offline long may hold many. */
  pointsPerBatch: 1000,
  /** Between two sends of the client's queue. */
  flushEveryMs: 5000,
  /** Per sign-in session, or per address when signed out: a batch every 5 s is 12. */
  batchesPerMinute: 30,
} as const;

/** The Live Activity tab's texts (spec 002 §2). */
export const liveActivityTexts = {
  title: 'Live Activity',
  description: "Page views, navigations, sign-ins and members' actions, newest first. Updates live.",
  empty: 'No recent activities',
  anonymous: 'Visitor',
} as const;

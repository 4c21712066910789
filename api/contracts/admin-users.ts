// The admin's members (spec 002 §2 Users directory and User Inspector, §3, §7; issue 31 points 6, 7, 10):
// the shapes, texts and limits of /api/admin/users, /user-detail, /user-stats and /user-activities.
import { z } from 'zod';

/** Active: an own action within this many hours (spec §9); the Active filter and 'active today'. */
export const ACTIVE_WITHIN_HOURS = 24;
/** Top rated: an average rating of at least this (spec §9). */
export const TOP_RATED_MIN = 4;
export const USERS_PAGE_DEFAULT = 50;
export const USERS_PAGE_MAX = 100;
export const SEARCH_MAX = 100;
/** The inspector's timeline: the member's newest actions. */
export const RECENT_ACTIVITIES = 20;
/** The spec's refresh of the users list while the page is open (the fallback to live notices). */
export const USERS_REFRESH_MS = 60_000;

export const adminUsersTexts = {
  empty: 'No users found matching your criteria',
  noUsers: 'No users found',
  unnamed: 'Unnamed User',
  noRating: 'No rating',
  noPath: 'No path',
  noSelection: 'No user selected',
  detailFailed: 'Failed to load user details',
  userNotFound: 'User not found',
  badCursor: 'The cursor is not one this list gave',
  badFilter: 'filter must be all, active or inactive',
  badLimit: `limit must be a whole number from 1 to ${USERS_PAGE_MAX}`,
  searchTooLong: `search must be at most ${SEARCH_MAX} characters`,
  userIdMissing: 'userId is required',
};

export const userFilters = ['all', 'active', 'inactive'] as const;
export type UserFilter = (typeof userFilters)[number];

/** The keyset cursor: the last row's join time (ISO, UTC) and id, `iso|id`; opaque to the client. */
export const encodeUserCursor = (joinedAt: string, id: string) => `${joinedAt}|${id}`;
const CURSOR = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d{1,6})?Z)\|(.{1,100})$/;
export const decodeUserCursor = (cursor: string): { joinedAt: string; id: string } | null => {
  const match = CURSOR.exec(cursor);
  if (!match?.[1] || !match[2] || Number.isNaN(Date.parse(match[1]))) return null;
  return { joinedAt: match[1], id: match[2] };
};

const cursorSchema = z
  .string()
  .max(300, adminUsersTexts.badCursor)
  .refine((c) => decodeUserCursor(c) !== null, adminUsersTexts.badCursor)
  .optional();
const limitSchema = z.coerce
  .number({ message: adminUsersTexts.badLimit })
  .int(adminUsersTexts.badLimit)
  .min(1, adminUsersTexts.badLimit)
  .max(USERS_PAGE_MAX, adminUsersTexts.badLimit)
  .default(USERS_PAGE_DEFAULT);

export const adminUsersQuerySchema = z.object({
  search: z.string().trim().max(SEARCH_MAX, adminUsersTexts.searchTooLong).default(''),
  filter: z.enum(userFilters, { message: adminUsersTexts.badFilter }).default('all'),
  cursor: cursorSchema,
  limit: limitSchema,
});
export type AdminUsersQuery = z.infer<typeof adminUsersQuerySchema>;

export const adminUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  avatar: z.string().nullable(),
  location: z.string(),
  points: z.number(),
  /** The average of the ratings received; null before the first. */
  rating: z.number().nullable(),
  reviewCount: z.number().int(),
  joinedDate: z.string(),
  lastActive: z.string().nullable(),
  isActive: z.boolean(),
  /** The e-mail is in the server's admin list (ADMIN_EMAILS). */
  isAdmin: z.boolean(),
  sessionCount: z.number().int(),
  completedSessions: z.number().int(),
  activityCount: z.number().int(),
  skills: z.array(z.string()),
  learningGoals: z.array(z.string()),
  profileCompletion: z.number().int(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUsersPageSchema = z.object({ users: z.array(adminUserSchema), next_cursor: z.string().nullable() });
export type AdminUsersPage = z.infer<typeof adminUsersPageSchema>;

export const userDetailQuerySchema = z.object({ userId: z.string({ message: adminUsersTexts.userIdMissing }).trim().min(1, adminUsersTexts.userIdMissing).max(100) });

export const userActivitySchema = z.object({
  id: z.string(),
  activity_type: z.string(),
  user_id: z.string(),
  page_path: z.string().nullable(),
  details: z.string().nullable(),
  created_at: z.string(),
});
export type UserActivity = z.infer<typeof userActivitySchema>;

export const userDetailSchema = z.object({
  user: adminUserSchema,
  engagementMetrics: z.object({ joinedDaysAgo: z.number().int(), sessionConversionRate: z.number() }),
  activityStats: z.object({ totalActivities: z.number().int(), last24Hours: z.number().int() }),
  sessionStats: z.object({ totalSessions: z.number().int(), completedSessions: z.number().int() }),
  recentActivities: z.array(userActivitySchema),
});
export type UserDetail = z.infer<typeof userDetailSchema>;

export const userStatsSchema = z.object({
  total_users: z.number().int(),
  active_users_today: z.number().int(),
  new_users_this_week: z.number().int(),
  top_rated_users: z.number().int(),
});
export type UserStats = z.infer<typeof userStatsSchema>;

export const userActivitiesQuerySchema = z.object({ cursor: cursorSchema, limit: limitSchema });
export const userActivitySummarySchema = z.object({
  user_id: z.string(),
  last_activity: z.string().nullable(),
  session_count: z.number().int(),
  activity_count: z.number().int(),
});
export const userActivitiesPageSchema = z.object({ summaries: z.array(userActivitySummarySchema), next_cursor: z.string().nullable() });

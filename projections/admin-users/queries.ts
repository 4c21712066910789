// Reads of the admin-users read model, joined with balances (points) and member-stats (ratings): the
// directory's keyset pages, the inspector's detail, the stat cards and the activity summaries.
import { sql, type Kysely } from 'kysely';
import {
  ACTIVE_WITHIN_HOURS,
  decodeUserCursor,
  encodeUserCursor,
  RECENT_ACTIVITIES,
  TOP_RATED_MIN,
  type AdminUser,
  type UserActivity,
  type UserFilter,
  type UserStats,
} from '../../api/contracts/admin-users.js';
import { averageRating } from '../member-stats/queries.js';
import type { ReadModelsDb } from '../read-models.js';
import { toIso } from '../runtime/set-wise.js';
import { activeMembersAt } from './admin-stats.js';
import { profileCompletion } from './profile-parts.js';
import type { AdminUserRow } from './tables.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export interface AdminReadContext {
  /** The caller's clock (ISO): 'active' and 'new this week' are relative to it. */
  now: string;
  /** Lower-cased e-mails of the server's admin list (ADMIN_EMAILS). */
  adminEmails: readonly string[];
}

type Joined = AdminUserRow & { available_points: number | string | null; review_count: number | null; rating_sum: number | null };

const activeSince = (now: string) => new Date(Date.parse(now) - ACTIVE_WITHIN_HOURS * HOUR).toISOString();

const toAdminUser = (row: Joined, context: AdminReadContext): AdminUser => {
  const reviews = Number(row.review_count ?? 0);
  const lastActive = row.last_activity_at === null ? null : toIso(row.last_activity_at);
  return {
    id: row.member_id,
    name: row.name,
    email: row.email,
    avatar: row.avatar_url,
    location: row.location,
    points: Number(row.available_points ?? 0),
    rating: reviews === 0 ? null : averageRating(Number(row.rating_sum ?? 0), reviews),
    reviewCount: reviews,
    joinedDate: toIso(row.joined_at),
    lastActive,
    isActive: lastActive !== null && lastActive >= activeSince(context.now),
    isAdmin: context.adminEmails.includes(row.email.trim().toLowerCase()),
    sessionCount: row.session_count,
    completedSessions: row.completed_session_count,
    activityCount: row.activity_count,
    skills: row.skills_to_teach.map((s) => s.name),
    learningGoals: row.skills_to_learn,
    profileCompletion: profileCompletion(row),
  };
};

const selectUsers = (db: Kysely<ReadModelsDb>) =>
  db
    .selectFrom('admin_users as u')
    .leftJoin('balances as b', 'b.member_id', 'u.member_id')
    .leftJoin('member_stats as s', 's.member_id', 'u.member_id')
    .selectAll('u')
    .select(['b.available_points', 's.review_count', 's.rating_sum']);

/** `like` takes % and _ as wildcards and \ as its escape: a search for them finds them. */
const likePattern = (search: string) => `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface UsersPageQuery {
  search: string;
  filter: UserFilter;
  cursor?: string | undefined;
  limit: number;
}

/** Newest members first, one page after the cursor; `next_cursor` is null on the last page. */
export const listAdminUsers = async (db: Kysely<ReadModelsDb>, query: UsersPageQuery, context: AdminReadContext) => {
  let select = selectUsers(db);
  if (query.search) select = select.where('u.search_key', 'like', likePattern(query.search));
  const since = activeSince(context.now);
  if (query.filter === 'active') select = select.where('u.last_activity_at', '>=', since);
  if (query.filter === 'inactive') select = select.where((eb) => eb.or([eb('u.last_activity_at', 'is', null), eb('u.last_activity_at', '<', since)]));
  const after = query.cursor ? decodeUserCursor(query.cursor) : null;
  if (after) select = select.where(sql<boolean>`(u.joined_at, u.member_id) < (${after.joinedAt}::timestamptz, ${after.id})`);
  const rows = await select
    .orderBy('u.joined_at', 'desc')
    .orderBy('u.member_id', 'desc')
    .limit(query.limit + 1)
    .execute();
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    users: page.map((row) => toAdminUser(row, context)),
    next_cursor: rows.length > query.limit && last ? encodeUserCursor(toIso(last.joined_at), last.member_id) : null,
  };
};

const countWhere = async (db: Kysely<ReadModelsDb>, where?: (q: ReturnType<typeof countFrom>) => ReturnType<typeof countFrom>) => {
  const base = countFrom(db);
  const row = await (where ? where(base) : base).executeTakeFirstOrThrow();
  return Number(row.count);
};
const countFrom = (db: Kysely<ReadModelsDb>) => db.selectFrom('admin_users').select((eb) => eb.fn.countAll<string>().as('count'));

export const userStats = async (db: Kysely<ReadModelsDb>, now: string): Promise<UserStats> => {
  const weekAgo = new Date(Date.parse(now) - 7 * DAY).toISOString();
  const [total, active, fresh, top] = await Promise.all([
    countWhere(db),
    // By the active spans' index: last_activity_at has none, so an action's rewrite of the row stays HOT.
    sql<{ count: string }>`select ${activeMembersAt(now)} as count`.execute(db).then(({ rows }) => Number(rows[0]!.count)),
    countWhere(db, (q) => q.where('joined_at', '>=', weekAgo)),
    db
      .selectFrom('member_stats')
      .innerJoin('admin_users', 'admin_users.member_id', 'member_stats.member_id')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('member_stats.review_count', '>', 0)
      .where(sql<boolean>`member_stats.rating_sum >= ${TOP_RATED_MIN} * member_stats.review_count`)
      .executeTakeFirstOrThrow(),
  ]);
  return { total_users: total, active_users_today: active, new_users_this_week: fresh, top_rated_users: Number(top.count) };
};

const toActivity = (row: {
  member_id: string;
  position: string | number | bigint;
  activity_type: string;
  page_path: string | null;
  occurred_at: Date | string;
}): UserActivity => ({
  id: String(row.position),
  activity_type: row.activity_type,
  user_id: row.member_id,
  page_path: row.page_path,
  details: null,
  created_at: toIso(row.occurred_at),
});

export const getUserDetail = async (db: Kysely<ReadModelsDb>, userId: string, context: AdminReadContext) => {
  const row = await selectUsers(db).where('u.member_id', '=', userId).executeTakeFirst();
  if (!row) return null;
  const [recent, last24] = await Promise.all([
    db.selectFrom('admin_user_activities').selectAll().where('member_id', '=', userId).orderBy('position', 'desc').limit(RECENT_ACTIVITIES).execute(),
    db
      .selectFrom('admin_user_activities')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('member_id', '=', userId)
      .where('occurred_at', '>=', activeSince(context.now))
      .executeTakeFirstOrThrow(),
  ]);
  const user = toAdminUser(row, context);
  const joinedDaysAgo = Math.max(0, Math.floor((Date.parse(context.now) - Date.parse(user.joinedDate)) / DAY));
  return {
    user,
    engagementMetrics: {
      joinedDaysAgo,
      // Completed of the sessions requested with the member, in per cent (0 before the first).
      sessionConversionRate: user.sessionCount === 0 ? 0 : Math.round((user.completedSessions / user.sessionCount) * 100),
    },
    activityStats: { totalActivities: user.activityCount, last24Hours: Number(last24.count) },
    sessionStats: { totalSessions: user.sessionCount, completedSessions: user.completedSessions },
    recentActivities: recent.map(toActivity),
  };
};

/** The activity summaries (spec §3), paged like the directory. */
export const listActivitySummaries = async (db: Kysely<ReadModelsDb>, query: { cursor?: string | undefined; limit: number }, context: AdminReadContext) => {
  const page = await listAdminUsers(db, { search: '', filter: 'all', cursor: query.cursor, limit: query.limit }, context);
  return {
    summaries: page.users.map((u) => ({ user_id: u.id, last_activity: u.lastActive, session_count: u.sessionCount, activity_count: u.activityCount })),
    next_cursor: page.next_cursor,
  };
};

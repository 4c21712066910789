// The dashboard's figures (spec 002 §2 /admin, §3 Dashboard stats; issue 31 points 3, 4) from the
// admin-users read model: each count at `asOf` and at the same instant 24 hours earlier (decision
// 311). The projector keeps running totals (admin_stat_counters) and the times rows reached each
// step, so a count at an instant is its total less the rows reached after it: short index ranges, never
// a pass over the members (312); the API also keeps the answer about 2 s (admin-stats-cache.ts).
import { sql, type Kysely } from 'kysely';
import { funnelSteps, type AdminStats, type Figure, type FunnelStep } from '../../api/contracts/admin-stats.js';
import type { ReadModelsDb } from '../read-models.js';
import { PROFILE_PARTS } from './profile-parts.js';
import type { StatMetric } from './tables.js';

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();

/** a of b in per cent, one decimal; 0 when b is 0 (nothing to convert yet). */
export const percentOf = (a: number, b: number) => (b === 0 ? 0 : Math.round((a / b) * 1000) / 10);

type Pair = readonly [now: number, yesterday: number];

/**
 * The members active at an instant: those in an active span then (an own action in the 24 h before it). A
 * member's spans never overlap, so the spans that hold the instant count each active member once.
 */
export const activeMembersAt = (bound: string) =>
  sql<string>`(select count(*) from admin_active_spans where ends_at >= ${bound}::timestamptz and started_at <= ${bound}::timestamptz)`;

/** A statement of small counts, each by an index: a total's rows reached after an instant, a window's, a span's. */
const countsAt = async (db: Kysely<ReadModelsDb>, now: string, yesterday: string) => {
  const after = (table: string, column: string, bound: string) => sql`(select count(*) from ${sql.table(table)} where ${sql.ref(column)} > ${bound}::timestamptz)`;
  const member = (column: string, bound: string) => after('admin_users', column, bound);
  // 'New today' is a rolling day: joined in the 24 h up to the instant.
  const joinedWithin = (bound: string) =>
    sql`(select count(*) from admin_users where joined_at > ${bound}::timestamptz - interval '24 hours' and joined_at <= ${bound}::timestamptz)`;
  const { rows } = await sql<Record<string, string | number>>`
    select ${member('joined_at', now)} as members_now, ${member('joined_at', yesterday)} as members_yesterday,
      ${member('first_taught_at', now)} as taught_now, ${member('first_taught_at', yesterday)} as taught_yesterday,
      ${member('profile_ready_at', now)} as ready_now, ${member('profile_ready_at', yesterday)} as ready_yesterday,
      ${member('journey_booked_at', now)} as journey_now, ${member('journey_booked_at', yesterday)} as journey_yesterday,
      ${member('first_booked_at', now)} as booked_now,
      ${after('admin_session_requests', 'requested_at', now)} as sessions_now, ${after('admin_session_requests', 'requested_at', yesterday)} as sessions_yesterday,
      ${joinedWithin(now)} as new_now, ${joinedWithin(yesterday)} as new_yesterday,
      ${activeMembersAt(now)} as active_now, ${activeMembersAt(yesterday)} as active_yesterday`.execute(db);
  return rows[0]!;
};

/**
 * Each figure at `now` and at `yesterday`: a step's or a total's count then is the projector's running
 * total less the rows that reached it after the instant; the windows are counted directly.
 */
const figuresAt = async (db: Kysely<ReadModelsDb>, now: string, yesterday: string) => {
  const [totalRows, counted] = await Promise.all([db.selectFrom('admin_stat_counters').select(['metric', 'count']).execute(), countsAt(db, now, yesterday)]);
  const totals = new Map(totalRows.map((row) => [row.metric, Number(row.count)]));
  const n = (key: string) => Number(counted[key] ?? 0);
  const pair = (metric: StatMetric, key: string): Pair => [(totals.get(metric) ?? 0) - n(`${key}_now`), (totals.get(metric) ?? 0) - n(`${key}_yesterday`)];
  return {
    users: pair('members', 'members'),
    taught: pair('taught', 'taught'),
    ready: pair('ready', 'ready'),
    journey: pair('journey', 'journey'),
    sessions: pair('sessions', 'sessions'),
    booked: (totals.get('booked') ?? 0) - n('booked_now'),
    newUsers: [n('new_now'), n('new_yesterday')] as Pair,
    active: [n('active_now'), n('active_yesterday')] as Pair,
    profileParts: totals.get('profile_parts') ?? 0,
  };
};

const figure = ([value, yesterday]: Pair): Figure => ({ value, yesterday });

/** The dashboard's figures at `asOf` (ISO); the errors are filled by the route (api/routes/admin/stats.ts, from telemetry), health and response time are null here. */
export const adminStats = async (db: Kysely<ReadModelsDb>, asOf: string): Promise<AdminStats> => {
  const f = await figuresAt(db, asOf, iso(Date.parse(asOf) - DAY));
  const total = f.users[0];
  const reached: Record<FunnelStep, Pair> = { signedUp: f.users, addedSkills: f.taught, profileReady: f.ready, bookedSession: f.journey };
  return {
    asOf,
    totalUsers: figure(f.users),
    newUsersToday: figure(f.newUsers),
    activeUsers: figure(f.active),
    totalSessions: figure(f.sessions),
    totalErrors: null,
    unresolvedErrors: null,
    systemHealth: null,
    avgResponseTime: null,
    sessionFunnelMetrics: {
      sessionConversionRate: percentOf(f.booked, total),
      sessionReadyUsers: figure(f.ready),
      usersWithTeachingSkills: figure(f.taught),
      profileToSessionRate: percentOf(f.journey[0], f.ready[0]),
    },
    // The members' average profile completion (the inspector's bar: six parts each), in per cent.
    userGrowthMetrics: { profileCompletionRate: percentOf(f.profileParts, f.users[0] * PROFILE_PARTS) },
    journey: funnelSteps.map((step, i) => {
      const next = funnelSteps[i + 1];
      return { step, reached: figure(reached[step]), stopped: next ? reached[step][0] - reached[next][0] : 0 };
    }),
  };
};

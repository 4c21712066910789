// The admin read model of members (issue 31 points 6, 7): one row per member with what the admin
// directory and the inspector show beside the profile (last activity, counts), and each member's
// activities for the inspector's timeline. Points and ratings are joined from balances and member-stats.
import { defineTable, int4, int8, jsonb, text, timestamptz, type DatabaseOf, type RowOfTable } from '../runtime/table.js';

export const adminUsersTable = defineTable({
  name: 'admin_users',
  key: ['member_id'],
  columns: {
    member_id: text(),
    name: text(),
    email: text(),
    /** Lower-cased name and e-mail, one string, searched with a trigram index (`like '%q%'`). */
    search_key: text(),
    avatar_url: text().nullable(),
    location: text(),
    bio: text(),
    /** The skills the member teaches (id and name), and their learning goals. */
    skills_to_teach: jsonb<{ id: string; name: string }[]>(),
    skills_to_learn: jsonb<string[]>(),
    joined_at: timestamptz(),
    /** occurredAt of the member's latest own action (an event they were the actor of), null before any. */
    last_activity_at: timestamptz().nullable(),
    activity_count: int4(),
    /** Sessions requested with the member as student or mentor, and those completed. */
    session_count: int4(),
    completed_session_count: int4(),
    /**
     * The journey (the dashboard's funnel, decisions 310, 311): when the member first reached
     * each step, null before. Signing up is joined_at. A step once reached stays reached.
     */
    first_taught_at: timestamptz().nullable(),
    profile_ready_at: timestamptz().nullable(),
    /** Their first session booked as the student (on its own, whatever the other steps). */
    first_booked_at: timestamptz().nullable(),
    /** The journey's last step: booked and profile ready, at the later of the two. */
    journey_booked_at: timestamptz().nullable(),
    /** When the member's current active span began (admin_active_spans), null before any action. */
    active_since: timestamptz().nullable(),
  },
  // Every own action rewrites the member's row (last activity, counts, span): with no index on those columns and
  // room on the page, that rewrite is HOT and touches none of the seven B-trees nor the trigram GIN of the
  // search. So `last_activity_at` has no index: the Active filter walks the directory's order, and the active
  // count reads the active spans (decision 369).
  fillfactor: 80,
  indexes: {
    // The directory's order (newest members first) and its keyset cursor.
    admin_users_joined_idx: ['joined_at desc', 'member_id desc'],
    // The lists of members who stopped after adding a skill or with a ready profile, newest first.
    admin_users_taught_idx: ['first_taught_at desc', 'member_id desc'],
    admin_users_ready_idx: ['profile_ready_at desc', 'member_id desc'],
    // The dashboard's counts at an instant: the total less those reached after it (a short range).
    admin_users_booked_idx: ['first_booked_at'],
    admin_users_journey_idx: ['journey_booked_at'],
  },
});

/**
 * One action of a member: the inspector reads one member's newest first by the key (member_id, position),
 * the Live Activity everyone's newest first by the position index, each with a limit.
 */
export const adminUserActivitiesTable = defineTable({
  name: 'admin_user_activities',
  key: ['member_id', 'position'],
  onConflict: 'nothing',
  indexes: {
    admin_user_activities_position_idx: ['position desc'],
  },
  columns: {
    member_id: text(),
    /** The event's global position: unique, and the timeline's order. */
    position: int8(),
    activity_type: text(),
    page_path: text().nullable(),
    occurred_at: timestamptz(),
  },
});

/** Sessions requested, one row each, counted by request time (the dashboard's sessions, now and yesterday). */
export const adminSessionRequestsTable = defineTable({
  name: 'admin_session_requests',
  key: ['session_id'],
  onConflict: 'nothing',
  columns: {
    session_id: text(),
    student_id: text(),
    requested_at: timestamptz(),
  },
  indexes: { admin_session_requests_at_idx: ['requested_at'] },
});

/**
 * A member's active spans: from an action after 24 h without any, to 24 h after their last action since.
 * Active at an instant (an own action in the 24 h before it) is exactly being in a span then, so the
 * dashboard counts the spans that hold the instant, now and at the same time yesterday (311).
 */
export const adminActiveSpansTable = defineTable({
  name: 'admin_active_spans',
  key: ['member_id', 'started_at'],
  columns: {
    member_id: text(),
    started_at: timestamptz(),
    ends_at: timestamptz(),
  },
  indexes: { admin_active_spans_ends_idx: ['ends_at', 'started_at'] },
});

export const statMetrics = ['members', 'taught', 'ready', 'journey', 'booked', 'sessions', 'profile_parts'] as const;
export type StatMetric = (typeof statMetrics)[number];

/** The dashboard's totals, kept by the projector: rows hold changes that the write adds to the stored count. */
export const adminStatCountersTable = defineTable({
  name: 'admin_stat_counters',
  key: ['metric'],
  columns: { metric: text<StatMetric>(), count: int4() },
  add: ['count'],
});

export const adminUsersTables = {
  admin_users: adminUsersTable,
  admin_user_activities: adminUserActivitiesTable,
  admin_session_requests: adminSessionRequestsTable,
  admin_active_spans: adminActiveSpansTable,
  admin_stat_counters: adminStatCountersTable,
};

export type AdminUserRow = RowOfTable<typeof adminUsersTable>;
export type AdminUserActivityRow = RowOfTable<typeof adminUserActivitiesTable>;
export type AdminSessionRequestRow = RowOfTable<typeof adminSessionRequestsTable>;
export type AdminActiveSpanRow = RowOfTable<typeof adminActiveSpansTable>;
export type AdminStatCounterRow = RowOfTable<typeof adminStatCountersTable>;
export type AdminUsersDb = DatabaseOf<typeof adminUsersTables>;

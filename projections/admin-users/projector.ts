// The admin-users read model (issue 31 points 6, 7): the member's profile as the admin directory shows
// it, their sessions, and their own actions (activity count, last activity, the timeline). Eventual: no
// member reads their own writes from it; the admins' screens hear one `admin` notice per batch.
import { CompiledQuery, sql, type Kysely } from 'kysely';
import { memberEventTypes } from '../../domain/member/events.js';
import type { SessionEvent } from '../../domain/session/events.js';
import type { Projector } from '../types.js';
import { toAdmins } from '../change-notices.js';
import { defineProjection, type Recorded, type RowSet } from '../runtime/define-projection.js';
import { activityPaths, adminUsersEventTypes, type AdminUsersEvent } from './activity-kinds.js';
import { extendSpan, stampBooking, stampSteps } from './evolve-journey.js';
import { evolveProfile } from './evolve-profile.js';
import { adminActiveSpansTable, adminSessionRequestsTable, adminStatCountersTable, adminUserActivitiesTable, adminUsersTable, type AdminUserRow } from './tables.js';

const memberTypes: ReadonlySet<string> = new Set(memberEventTypes);
const isSessionEvent = (event: AdminUsersEvent): event is SessionEvent => 'sessionId' in (event.data as object) && 'studentId' in (event.data as object);

const bump = (rows: RowSet<AdminUserRow>, id: string, change: (row: AdminUserRow) => Partial<AdminUserRow>) => {
  const row = rows.get(id);
  if (row) rows.put({ ...row, ...change(row) });
};

const declared = defineProjection({
  name: 'admin-users',
  // 2: the position index of admin_user_activities (the Live Activity's newest actions of all members), the
  // journey's steps, the sessions requested, active spans and the dashboard's counters (issue 31 points 3-5).
  // 3: a member's feature votes and comments are their activity (the acceptance walk found them missing).
  // 4: no index on last_activity_at and a fillfactor of 80, so an action's rewrite of the row is HOT (369).
  version: 4,
  migration: '20261129T0400-create-admin-users',
  consistency: 'eventual',
  tables: {
    admin_users: adminUsersTable,
    admin_user_activities: adminUserActivitiesTable,
    admin_session_requests: adminSessionRequestsTable,
    admin_active_spans: adminActiveSpansTable,
    admin_stat_counters: adminStatCountersTable,
  },
  canHandle: adminUsersEventTypes,
  // Every action reads its member's row (a booking both members'): kept between batches (decision 378).
  keepRows: ['admin_users'],
  reads(event: Recorded<AdminUsersEvent>) {
    const ids = new Set<string>();
    if (event.metadata.actorId) ids.add(event.metadata.actorId);
    const data = event.data as { memberId?: string; studentId?: string; instructorId?: string };
    for (const id of [data.memberId, data.studentId, data.instructorId]) if (id) ids.add(id);
    return { admin_users: [...ids] };
  },
  evolve(rows, event) {
    const at = event.metadata.occurredAt;
    const memberId = memberTypes.has(event.type) ? (event.data as { memberId: string }).memberId : null;
    const before = memberId ? rows.admin_users.get(memberId) : undefined;
    evolveProfile(rows.admin_users, event);
    if (memberId) stampSteps(rows.admin_users, rows.admin_stat_counters, memberId, at, before);
    if (isSessionEvent(event) && event.type === 'SessionRequested') {
      const { sessionId, studentId } = event.data;
      rows.admin_session_requests.put({ session_id: sessionId, student_id: studentId, requested_at: at });
      stampBooking(rows.admin_users, rows.admin_stat_counters, studentId, at);
    }
    if (isSessionEvent(event) && (event.type === 'SessionRequested' || event.type === 'SessionCompleted')) {
      const field = event.type === 'SessionRequested' ? 'session_count' : 'completed_session_count';
      for (const id of new Set([event.data.studentId, event.data.instructorId])) bump(rows.admin_users, id, (row) => ({ [field]: row[field] + 1 }));
    }
    const actor = event.metadata.actorId;
    const actorRow = actor ? rows.admin_users.get(actor) : undefined;
    if (actor && actorRow) {
      rows.admin_users.put({ ...actorRow, activity_count: actorRow.activity_count + 1, ...extendSpan(rows.admin_active_spans, actorRow, at) });
      rows.admin_user_activities.put({
        member_id: actor,
        position: event.globalPosition.toString(),
        activity_type: event.type,
        page_path: activityPaths.get(event.type) ?? null,
        occurred_at: at,
      });
    }
    return [toAdmins({ type: 'changed', scope: 'admin' })];
  },
});

/**
 * Search by any part of a name or e-mail (`like '%q%'`) reads a trigram index (pg_trgm: PostgreSQL's
 * contrib, and PGlite ships it, as the skill search found); no second search engine for an admin page.
 */
const withSearchIndex = (projector: Projector): Projector => ({
  ...projector,
  migrations: projector.migrations.map((migration) => ({
    ...migration,
    async up(db: Kysely<unknown>) {
      await sql`create extension if not exists pg_trgm`.execute(db);
      await migration.up(db);
      const create = db.schema
        .createIndex('admin_users_search_trgm_idx')
        .on('admin_users')
        .using('gin')
        .expression(sql`search_key gin_trgm_ops`)
        .compile();
      await db.executeQuery(CompiledQuery.raw(create.sql, [...create.parameters]));
    },
  })),
});

export const adminUsersProjector = withSearchIndex(declared);

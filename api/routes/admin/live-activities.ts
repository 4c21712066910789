// The Live Activity tab's rows (spec 002 §2: type, user, path, details, time), newest first. Three sources,
// each its newest rows by an index with the same limit, merged by time: page views and navigations and
// sign-ins (telemetry's raw rows, by their primary keys) and the members' domain actions (the admin-users
// read model, by position). The members' names come in one query.
import type { Kysely } from 'kysely';
import { recentMemberActions } from '../../../projections/admin-users/recent-actions.js';
import { getMembers } from '../../../projections/members/queries.js';
import type { ReadModelsDb } from '../../../projections/read-models.js';
import { recentPageViews, recentSignIns } from '../../../telemetry/queries.js';
import type { Activity } from '../../contracts/analytics.js';

const iso = (at: Date | string) => new Date(at).toISOString();

export const liveActivities = async (db: Kysely<ReadModelsDb>, limit: number): Promise<Activity[]> => {
  const [views, signIns, actions] = await Promise.all([recentPageViews(db, { limit }), recentSignIns(db, { limit }), recentMemberActions(db, limit)]);
  const memberIds = [...new Set([...views.flatMap((view) => (view.memberId ? [view.memberId] : [])), ...signIns.map((signIn) => signIn.memberId)])];
  const names = new Map((memberIds.length > 0 ? await getMembers(db, memberIds) : []).map((member) => [member.id, member.name]));
  const nameOf = (id: string | null) => (id ? (names.get(id) ?? null) : null);
  const activities: Activity[] = [
    ...views.map((view): Activity => ({
      id: `page-view:${view.id}`,
      activity_type: view.kind === 'navigation' ? 'navigation' : 'page_view',
      user_id: view.memberId,
      user_name: nameOf(view.memberId),
      page_path: view.path,
      details: view.kind === 'navigation' ? `from ${view.fromPath}` : null,
      created_at: iso(view.occurredAt),
    })),
    ...signIns.map((signIn): Activity => ({
      id: `sign-in:${signIn.id}`,
      activity_type: 'sign_in',
      user_id: signIn.memberId,
      user_name: nameOf(signIn.memberId),
      page_path: signIn.path,
      details: null,
      created_at: iso(signIn.occurredAt),
    })),
    ...actions.map((action): Activity => ({
      id: `action:${action.position}`,
      activity_type: 'action',
      user_id: action.memberId,
      user_name: action.memberName,
      page_path: action.pagePath,
      details: action.eventType,
      created_at: action.occurredAt,
    })),
  ];
  // Newest first; a stable sort keeps each source's own order (by id) between rows of the same instant.
  activities.sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0));
  return activities.slice(0, limit);
};

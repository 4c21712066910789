// The Live Activity's domain actions (issue 31 point 5): the newest actions of all members, read by the
// position index with a limit (never a scan: the cost does not grow with the table), with the actor's name.
import type { Kysely } from 'kysely';
import type { ReadModelsDb } from '../read-models.js';
import { toIso } from '../runtime/set-wise.js';

export interface MemberAction {
  /** The event's global position. */
  position: string;
  memberId: string;
  memberName: string | null;
  /** The event type, e.g. SessionRequested. */
  eventType: string;
  pagePath: string | null;
  occurredAt: string;
}

export const recentMemberActions = async (db: Kysely<ReadModelsDb>, limit: number): Promise<MemberAction[]> => {
  const rows = await db
    .selectFrom('admin_user_activities as a')
    .leftJoin('admin_users as u', 'u.member_id', 'a.member_id')
    .select(['a.position', 'a.member_id', 'a.activity_type', 'a.page_path', 'a.occurred_at', 'u.name'])
    .orderBy('a.position', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    position: String(row.position),
    memberId: row.member_id,
    memberName: row.name ?? null,
    eventType: row.activity_type,
    pagePath: row.page_path,
    occurredAt: toIso(row.occurred_at),
  }));
};

// Queries of the notifications read model, in the Notification shape of spec 000 §3 / 001 §3.
import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import { toIso } from '../runtime/set-wise.js';
import type { ReadModelsDb } from '../read-models.js';
import type { NotificationReadMarkRow, NotificationRow } from './tables.js';
import type { Notification } from '../../api/contracts/dashboard.js';
import { THE_S_BRAIN_ID, THE_S_BRAIN_NAME } from '../../domain/post/rules.js';

export type { Notification };

export const DEFAULT_NOTIFICATION_LIMIT = 50;

/** Read when opened, or created at or before the member's last 'mark all as read'. */
const isRead = (eb: ExpressionBuilder<ReadModelsDb & { n: NotificationRow; m: NotificationReadMarkRow }, 'n' | 'm'>) =>
  eb.or([
    eb('n.created_at', '<=', sql<Date | string>`coalesce(m.up_to, '-infinity'::timestamptz)`),
    eb.exists(eb.selectFrom('notification_reads as r').select('r.member_id').whereRef('r.member_id', '=', 'n.recipient_id').whereRef('r.notification_id', '=', 'n.id')),
  ]);

const forMember = (db: Kysely<ReadModelsDb>, memberId: string) =>
  db.selectFrom('notifications as n').leftJoin('notification_read_marks as m', 'm.member_id', 'n.recipient_id').where('n.recipient_id', '=', memberId);

/**
 * Likes of one post stand as one item (issue 21: 'Ada and 4 others liked your post'): every other
 * notification is its own group. The item is the group's newest notification, read when all are.
 */
const groupKey = sql<string>`case when n.type = 'post_like' and n.post_id is not null then 'post_like:' || n.post_id else n.id end`;

const grouped = (db: Kysely<ReadModelsDb>, memberId: string) =>
  forMember(db, memberId)
    .selectAll('n')
    .select((eb) => [
      sql<boolean>`bool_and(${isRead(eb)}) over (partition by ${groupKey})`.as('read'),
      sql<number>`row_number() over (partition by ${groupKey} order by n.created_at desc, n.position desc)`.as('rank_in_group'),
      sql<number>`count(*) over (partition by ${groupKey})`.as('group_size'),
    ]);

const othersText = (count: number) => `and ${count} other${count === 1 ? '' : 's'}`;

/** A member's notifications, newest first. The sender's current name leads a message they caused. */
export const listNotifications = async (db: Kysely<ReadModelsDb>, memberId: string, limit = DEFAULT_NOTIFICATION_LIMIT): Promise<Notification[]> => {
  const rows = await db
    .selectFrom(grouped(db, memberId).as('g'))
    .leftJoin('members as f', 'f.id', 'g.from_user_id')
    .selectAll('g')
    .select('f.name as from_user_name')
    .where('g.rank_in_group', '=', 1)
    .orderBy('g.created_at', 'desc')
    .orderBy('g.position', 'desc')
    .limit(Math.max(1, Math.min(limit, 500)))
    .execute();
  return rows.map((r) => {
    // The S brain has no member row: its replies are signed with its name.
    const fromName = r.from_user_id === THE_S_BRAIN_ID ? THE_S_BRAIN_NAME : ((r.from_user_name as string | null) ?? null);
    const others = Number(r.group_size) - 1;
    const sender = `${fromName ?? 'Someone'}${others > 0 ? ` ${othersText(others)}` : ''}`;
    const message = r.from_user_id === null ? r.message : `${sender} ${r.message}`;
    return {
      id: r.id,
      user_id: r.recipient_id,
      type: r.type,
      event_type: r.event_type,
      title: r.title,
      message,
      session_id: r.session_id,
      from_user_id: r.from_user_id,
      from_user_name: fromName,
      comment_id: r.comment_id,
      post_id: r.post_id,
      read: Boolean(r.read),
      created_at: toIso(r.created_at),
    };
  });
};

/** Unread items as the list shows them (a post's likes count once), in all and by type (the nav bar's dots). */
export const unreadCounts = async (db: Kysely<ReadModelsDb>, memberId: string): Promise<{ count: number; by_type: Record<string, number> }> => {
  const rows = await forMember(db, memberId)
    .select(['n.type', sql<number>`count(distinct ${groupKey})`.as('n')])
    .where((eb) => eb.not(isRead(eb)))
    .groupBy('n.type')
    .execute();
  const by_type = Object.fromEntries(rows.map((r) => [r.type, Number(r.n)]));
  return { count: Object.values(by_type).reduce((a, b) => a + b, 0), by_type };
};

export const unreadCount = async (db: Kysely<ReadModelsDb>, memberId: string): Promise<number> => (await unreadCounts(db, memberId)).count;

/**
 * The ids that opening one item marks read: the item, and for a post's likes every unread like of that
 * post. null when the notification is not the member's (answered like a missing one).
 */
export const idsToMarkRead = async (db: Kysely<ReadModelsDb>, memberId: string, id: string, max: number): Promise<string[] | null> => {
  const own = await db.selectFrom('notifications').select(['id', 'type', 'post_id']).where('id', '=', id).where('recipient_id', '=', memberId).executeTakeFirst();
  if (!own) return null;
  if (own.type !== 'post_like' || own.post_id === null) return [own.id];
  const likes = await forMember(db, memberId)
    .select('n.id')
    .where('n.type', '=', 'post_like')
    .where('n.post_id', '=', own.post_id)
    .where('n.id', '!=', own.id)
    .where((eb) => eb.not(isRead(eb)))
    .orderBy('n.created_at', 'desc')
    .limit(max - 1)
    .execute();
  return [own.id, ...likes.map((r) => r.id)];
};

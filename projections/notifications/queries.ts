// Queries of the notifications read model, in the Notification shape of spec 000 §3 / 001 §3.
import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import { toIso } from '../shared/set-wise.js';
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

/** A member's notifications, newest first. The sender's current name leads a message they caused. */
export const listNotifications = async (db: Kysely<ReadModelsDb>, memberId: string, limit = DEFAULT_NOTIFICATION_LIMIT): Promise<Notification[]> => {
  const rows = await forMember(db, memberId)
    .leftJoin('members as f', 'f.id', 'n.from_user_id')
    .selectAll('n')
    .select((eb) => ['f.name as from_user_name', isRead(eb).as('read')])
    .orderBy('n.created_at', 'desc')
    .orderBy('n.position', 'desc')
    .limit(Math.max(1, Math.min(limit, 500)))
    .execute();
  return rows.map((r) => {
    // The S brain has no member row: its replies are signed with its name.
    const fromName = r.from_user_id === THE_S_BRAIN_ID ? THE_S_BRAIN_NAME : ((r.from_user_name as string | null) ?? null);
    const message = r.from_user_id === null ? r.message : `${fromName ?? 'Someone'} ${r.message}`;
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

export const unreadCount = async (db: Kysely<ReadModelsDb>, memberId: string): Promise<number> => {
  const row = await forMember(db, memberId)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where((eb) => eb.not(isRead(eb)))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
};

// The notifications read model: notifications derived from session events for the participant who
// did not act, and the read flags from each member's inbox stream. Read flags live in their own
// tables and are joined at query time, so a mark is right whatever order it meets its notification.
import type { Kysely } from 'kysely';
import { inboxEventTypes, type InboxEvent } from '../../domain/notification-inbox/events.js';
import { sessionEventTypes, type SessionEvent } from '../../domain/session/events.js';
import type { RecordedEvent } from '../../eventstore/types.js';
import { loadRowsByKey, toIso, writeRows, type ColumnSpec } from '../shared/set-wise.js';
import type { ChangeNotice, Projector } from '../types.js';
import { notificationsMigrations } from './migrations.js';
import { sessionNotificationsFor } from './session-notifications.js';
import type { NotificationReadMarkRow, NotificationReadRow, NotificationRow } from './tables.js';

const notificationColumns: readonly ColumnSpec[] = [
  { name: 'id', type: 'text' },
  { name: 'recipient_id', type: 'text' },
  { name: 'type', type: 'text' },
  { name: 'event_type', type: 'text' },
  { name: 'title', type: 'text' },
  { name: 'message', type: 'text' },
  { name: 'session_id', type: 'text' },
  { name: 'from_user_id', type: 'text' },
  { name: 'created_at', type: 'timestamptz' },
  { name: 'position', type: 'int8' },
];

const readColumns: readonly ColumnSpec[] = [
  { name: 'member_id', type: 'text' },
  { name: 'notification_id', type: 'text' },
  { name: 'read_at', type: 'timestamptz' },
];

const markColumns: readonly ColumnSpec[] = [
  { name: 'member_id', type: 'text' },
  { name: 'up_to', type: 'timestamptz' },
];

const sessionTypes: ReadonlySet<string> = new Set(sessionEventTypes);

const asRows = (rows: Iterable<object>) => [...rows] as unknown as Record<string, unknown>[];

const later = (a: Date | string, b: Date | string): Date | string => (Date.parse(toIso(b)) > Date.parse(toIso(a)) ? b : a);

export const notificationsProjector: Projector = {
  name: 'notifications',
  version: 1,
  tables: ['notifications', 'notification_reads', 'notification_read_marks'],
  migrations: notificationsMigrations,
  handles: [...sessionEventTypes, ...inboxEventTypes],
  writesInOneStatement: true,
  async apply(db: Kysely<any>, events: RecordedEvent[]): Promise<ChangeNotice[]> {
    const notifications = new Map<string, NotificationRow>();
    // The first mark of a notification is the one kept, as `on conflict do nothing` keeps it.
    const reads = new Map<string, NotificationReadRow>();
    const marks = new Map<string, NotificationReadMarkRow>();
    const touched = new Set<string>();

    for (const recorded of events) {
      if (sessionTypes.has(recorded.type)) {
        const event = { type: recorded.type, data: recorded.data } as SessionEvent;
        for (const row of sessionNotificationsFor(event, recorded)) {
          notifications.set(row.id, row);
          touched.add(row.recipient_id);
        }
        continue;
      }
      const event = { type: recorded.type, data: recorded.data } as InboxEvent;
      const { memberId } = event.data;
      touched.add(memberId);
      if (event.type === 'NotificationsMarkedRead') {
        for (const id of event.data.notificationIds) {
          const key = `${memberId}\u0000${id}`;
          if (!reads.has(key)) reads.set(key, { member_id: memberId, notification_id: id, read_at: recorded.metadata.occurredAt });
        }
      } else {
        const before = marks.get(memberId);
        marks.set(memberId, { member_id: memberId, up_to: before ? later(before.up_to, event.data.upTo) : event.data.upTo });
      }
    }

    // 'Mark all' only ever moves forward: an older upTo arriving late must not unread anything.
    const stored = await loadRowsByKey<NotificationReadMarkRow>(db, 'notification_read_marks', 'member_id', marks.keys());
    for (const [memberId, mark] of marks) {
      const previous = stored.get(memberId);
      if (previous) marks.set(memberId, { member_id: memberId, up_to: later(previous.up_to, mark.up_to) });
    }

    await writeRows(db, 'notifications', notificationColumns, asRows(notifications.values()), { key: ['id'], onConflict: 'nothing' });
    await writeRows(db, 'notification_reads', readColumns, asRows(reads.values()), { key: ['member_id', 'notification_id'], onConflict: 'nothing' });
    await writeRows(db, 'notification_read_marks', markColumns, asRows(marks.values()), { key: ['member_id'], onConflict: 'update' });
    return [...touched].map((id) => ({ scope: 'user', id }));
  },
};

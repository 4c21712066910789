// The notifications read model: notifications derived from session events for the participant who
// did not act, and the read flags from each member's inbox stream.
import { inboxEventTypes, type InboxEvent } from '../../domain/notification-inbox/events.js';
import { sessionEventTypes, type SessionEvent } from '../../domain/session/events.js';
import { defineProjection, type Recorded } from '../runtime/define-projection.js';
import { toIso } from '../shared/set-wise.js';
import type { ChangeNotice } from '../types.js';
import { sessionNotificationsFor } from './session-notifications.js';
import { notificationsTables } from './tables.js';

const sessionTypes: ReadonlySet<string> = new Set(sessionEventTypes);
const isSessionEvent = (event: Recorded<SessionEvent | InboxEvent>): event is Recorded<SessionEvent> => sessionTypes.has(event.type);

const later = (a: Date | string, b: Date | string): Date | string => (Date.parse(toIso(b)) > Date.parse(toIso(a)) ? b : a);

export const notificationsProjector = defineProjection({
  name: 'notifications',
  version: 1,
  migration: '20261123T0910-create-notifications',
  tables: notificationsTables,
  canHandle: [...sessionEventTypes, ...inboxEventTypes],
  // 'Mark all' only ever moves forward: an older upTo arriving late must not unread anything.
  reads: (event: Recorded<SessionEvent | InboxEvent>) => (event.type === 'AllNotificationsMarkedRead' ? { notification_read_marks: event.data.memberId } : {}),
  evolve(rows, event): ChangeNotice[] {
    if (isSessionEvent(event)) {
      return sessionNotificationsFor(event, event).map((row) => {
        rows.notifications.put(row);
        return { scope: 'user', id: row.recipient_id };
      });
    }
    const { memberId } = event.data;
    const readAt = event.metadata.occurredAt;
    if (event.type === 'NotificationsMarkedRead') {
      for (const id of event.data.notificationIds) {
        if (!rows.notification_reads.get(`${memberId}\u0000${id}`)) rows.notification_reads.put({ member_id: memberId, notification_id: id, read_at: readAt });
      }
    } else {
      const before = rows.notification_read_marks.get(memberId);
      rows.notification_read_marks.put({ member_id: memberId, up_to: before ? later(before.up_to, event.data.upTo) : event.data.upTo });
    }
    return [{ scope: 'user', id: memberId }];
  },
});

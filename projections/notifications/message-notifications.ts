// The 'message' notification (spec 001 §2.7-2.8, §7): the recipient of a chat message hears of it as
// 'New Message', '{sender name} sent you a message: ' and the first 50 characters, '...' when longer.
// Like the feed's (decision 97) it is derived from the event, its id from the event and the recipient;
// the query puts the sender's current name in front of the stored message.
import type { MessageSent } from '../../domain/conversation/events.js';
import { MESSAGE_PREVIEW_MAX } from '../../domain/conversation/rules.js';
import { previewOf } from '../../domain/post/text.js';
import type { RecordedEvent } from '../../eventstore/types.js';
import { notificationId } from './session-notifications.js';
import type { NotificationRow } from './tables.js';

export const messageNotificationTexts = { type: 'message', eventType: 'NEW_MESSAGE', title: 'New Message' } as const;

export const messageNotificationFor = (event: MessageSent, recorded: RecordedEvent): NotificationRow => {
  const d = event.data;
  return {
    id: notificationId(recorded.metadata.eventId, d.recipientId),
    recipient_id: d.recipientId,
    type: messageNotificationTexts.type,
    event_type: messageNotificationTexts.eventType,
    title: messageNotificationTexts.title,
    message: `sent you a message: ${previewOf(d.content, MESSAGE_PREVIEW_MAX)}`,
    session_id: null,
    post_id: null,
    comment_id: null,
    from_user_id: d.senderId,
    created_at: recorded.metadata.occurredAt,
    position: recorded.globalPosition.toString(),
  };
};

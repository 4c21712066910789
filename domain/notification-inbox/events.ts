// Events of a member's notification inbox `inbox-{memberId}`. The notifications themselves are
// derived by a read model from other events (session, post, like, ...); this stream only records
// what the member has read, so the read flags survive a rebuild of that read model.
import type { Event } from '../shared.js';

/** Ids are the read model's notification ids; ids that are not this member's are ignored there. */
export type NotificationsMarkedRead = Event<'NotificationsMarkedRead', { memberId: string; notificationIds: string[] }>;

/** Every notification of the member created at or before upTo (UTC ISO) counts as read. */
export type AllNotificationsMarkedRead = Event<'AllNotificationsMarkedRead', { memberId: string; upTo: string }>;

export type InboxEvent = NotificationsMarkedRead | AllNotificationsMarkedRead;

export const inboxEventTypes = ['NotificationsMarkedRead', 'AllNotificationsMarkedRead'] as const satisfies readonly InboxEvent['type'][];

export const inboxStreamId = (memberId: string) => `inbox-${memberId}`;

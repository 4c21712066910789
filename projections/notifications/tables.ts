// Row types of the notifications read model (kysely table types).

/**
 * One notification for one recipient. When from_user_id is set, `message` is what that member did
 * ('requested a React session') and queries put the member's current name in front of it, so a
 * renamed member shows under the new name and the row depends on events only.
 */
export interface NotificationRow {
  /** Derived from the event id and the recipient: the same after every rebuild. */
  id: string;
  recipient_id: string;
  type: string;
  /** The event the notification announces, in the upper-case names of spec 001 §3. */
  event_type: string;
  title: string;
  message: string;
  session_id: string | null;
  from_user_id: string | null;
  created_at: Date | string;
  /** Global log position: orders notifications that share an instant. */
  position: string | number | bigint;
}

/** A notification the member opened (NotificationsMarkedRead). */
export interface NotificationReadRow {
  member_id: string;
  notification_id: string;
  read_at: Date | string;
}

/** 'Mark all as read': everything created at or before up_to counts as read (AllNotificationsMarkedRead). */
export interface NotificationReadMarkRow {
  member_id: string;
  up_to: Date | string;
}

export interface NotificationsTables {
  notifications: NotificationRow;
  notification_reads: NotificationReadRow;
  notification_read_marks: NotificationReadMarkRow;
}

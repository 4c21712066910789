// Commands of the notification inbox. actorId is the signed-in member (from the session cookie).

export interface MarkNotificationsRead {
  type: 'MarkNotificationsRead';
  memberId: string;
  actorId: string;
  notificationIds: readonly string[];
  now: string;
}

export interface MarkAllNotificationsRead {
  type: 'MarkAllNotificationsRead';
  memberId: string;
  actorId: string;
  /** UTC ISO; the handler passes its clock's now. */
  upTo: string;
  now: string;
}

export type InboxCommand = MarkNotificationsRead | MarkAllNotificationsRead;

// The notifications read model's tables. Read flags live in their own tables and are joined at query
// time, so a mark is right whatever order it meets its notification.
import { defineTable, int8, jsonb, text, timestamptz, type DatabaseOf, type RowOfTable } from '../runtime/table.js';

/**
 * One notification for one recipient. When from_user_id is set, `message` is what that member did
 * ('requested a React session') and queries put the member's current name in front of it, so a
 * renamed member shows under the new name and the row depends on events only.
 */
export const notificationsTable = defineTable({
  name: 'notifications',
  key: ['id'],
  columns: {
    /** Derived from the event id and the recipient: the same after every rebuild. */
    id: text(),
    recipient_id: text(),
    type: text(),
    /** The event the notification announces, in the upper-case names of spec 001 §3. */
    event_type: text(),
    title: text(),
    message: text(),
    session_id: text().nullable(),
    /** The post (and comment) a feed notification links to: /feed?post= or /feed?comment=. */
    post_id: text().nullable(),
    comment_id: text().nullable(),
    from_user_id: text().nullable(),
    created_at: timestamptz(),
    /** Global log position: orders notifications that share an instant. */
    position: int8(),
  },
  onConflict: 'nothing',
  indexes: { notifications_recipient_idx: ['recipient_id', 'created_at desc', 'position desc'] },
});

/** A notification the member opened (NotificationsMarkedRead); the first mark is kept. */
export const notificationReadsTable = defineTable({
  name: 'notification_reads',
  key: ['member_id', 'notification_id'],
  columns: { member_id: text(), notification_id: text(), read_at: timestamptz() },
  onConflict: 'nothing',
});

/** 'Mark all as read': everything created at or before up_to counts as read (AllNotificationsMarkedRead). */
export const notificationReadMarksTable = defineTable({
  name: 'notification_read_marks',
  key: ['member_id'],
  columns: { member_id: text(), up_to: timestamptz() },
});

/** The first 50 characters of each post as last written, for the preview of a like's notification. */
export const notificationPostPreviewsTable = defineTable({
  name: 'notification_post_previews',
  key: ['post_id'],
  columns: { post_id: text(), preview: text() },
});

/** Each taught skill's name as last written, for the notification of a like (SkillTaughtAdded/Updated). */
export const notificationSkillNamesTable = defineTable({
  name: 'notification_skill_names',
  key: ['skill_id'],
  columns: { skill_id: text(), name: text() },
});

/** Who voted on a feature, in buckets by member (feature-status-notifications.ts), for a status's notifications. */
export const notificationFeatureVotersTable = defineTable({
  name: 'notification_feature_voters',
  key: ['bucket_key'],
  /** bucket_key: `{featureId}:{bucket}` (a projection reads rows by a one-column key). */
  columns: { bucket_key: text(), feature_id: text(), voter_ids: jsonb<string[]>() },
});

export const notificationsTables = {
  notifications: notificationsTable,
  notification_reads: notificationReadsTable,
  notification_read_marks: notificationReadMarksTable,
  notification_post_previews: notificationPostPreviewsTable,
  notification_skill_names: notificationSkillNamesTable,
  notification_feature_voters: notificationFeatureVotersTable,
};

export type NotificationRow = RowOfTable<typeof notificationsTable>;
export type NotificationReadRow = RowOfTable<typeof notificationReadsTable>;
export type NotificationReadMarkRow = RowOfTable<typeof notificationReadMarksTable>;
export type NotificationSkillNameRow = RowOfTable<typeof notificationSkillNamesTable>;
export type NotificationFeatureVotersRow = RowOfTable<typeof notificationFeatureVotersTable>;
export type NotificationsDb = DatabaseOf<typeof notificationsTables>;

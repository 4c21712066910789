// The notifications read model: notifications derived from session, post, message and skill-like events
// for the members they concern but who did not act, and the read flags from each member's inbox stream.
import type { MessageSent } from '../../domain/conversation/events.js';
import type { FeatureStatusChanged, FeatureVoteCast } from '../../domain/feature-vote/events.js';
import type { SkillTaughtAdded, SkillTaughtUpdated } from '../../domain/member/events.js';
import { inboxEventTypes, type InboxEvent } from '../../domain/notification-inbox/events.js';
import type { PostEvent } from '../../domain/post/events.js';
import { sessionEventTypes, type SessionEvent } from '../../domain/session/events.js';
import type { SkillLiked } from '../../domain/skill-like/events.js';
import { memberChanged } from '../change-notices.js';
import { defineProjection, type Recorded } from '../runtime/define-projection.js';
import { toIso } from '../runtime/set-wise.js';
import type { ChangeNotice } from '../types.js';
import { featureStatusNotificationsFor, voterBucketKey, voterBucketKeys, withVoter } from './feature-status-notifications.js';
import { feedNotificationsFor, postPreviewOf } from './feed-notifications.js';
import { messageNotificationFor } from './message-notifications.js';
import { sessionNotificationsFor } from './session-notifications.js';
import { skillLikeNotificationFor, skillNameOf } from './skill-like-notifications.js';
import { notificationsTables, type NotificationRow } from './tables.js';

/** The post events that notify someone (and those that keep the liked post's preview). */
const feedEventTypes = ['PostCreated', 'PostEdited', 'CommentAdded', 'PostLiked'] as const satisfies readonly PostEvent['type'][];
type FeedEvent = Extract<PostEvent, { type: (typeof feedEventTypes)[number] }>;
type Handled = SessionEvent | InboxEvent | FeedEvent | MessageSent | SkillLiked | SkillTaughtAdded | SkillTaughtUpdated | FeatureVoteCast | FeatureStatusChanged;

const sessionTypes: ReadonlySet<string> = new Set(sessionEventTypes);
const feedTypes: ReadonlySet<string> = new Set(feedEventTypes);
const isSessionEvent = (event: Recorded<Handled>): event is Recorded<SessionEvent> => sessionTypes.has(event.type);
const isFeedEvent = (event: Recorded<Handled>): event is Recorded<FeedEvent> => feedTypes.has(event.type);

const later = (a: Date | string, b: Date | string): Date | string => (Date.parse(toIso(b)) > Date.parse(toIso(a)) ? b : a);

export const notificationsProjector = defineProjection({
  name: 'notifications',
  // 2: post and comment ids, and the feed's notifications (issue 20). 3: skill likes and skill names.
  // 4: a feature's voters and its status changes (issue 31).
  version: 4,
  migration: '20261123T0910-create-notifications',
  tables: notificationsTables,
  canHandle: [
    ...sessionEventTypes,
    ...inboxEventTypes,
    ...feedEventTypes,
    'MessageSent',
    'SkillLiked',
    'SkillTaughtAdded',
    'SkillTaughtUpdated',
    'FeatureVoteCast',
    'FeatureStatusChanged',
  ],
  // 'Mark all' only ever moves forward: an older upTo arriving late must not unread anything. A like's
  // notification quotes the post (or names the skill), whose text arrived with an earlier event.
  reads: (event: Recorded<Handled>) =>
    event.type === 'AllNotificationsMarkedRead'
      ? { notification_read_marks: event.data.memberId }
      : event.type === 'PostLiked'
        ? { notification_post_previews: event.data.postId }
        : event.type === 'SkillLiked'
          ? { notification_skill_names: event.data.skillId }
          : event.type === 'FeatureVoteCast'
            ? // A changed vote has its voter recorded already.
              event.data.previousVoteType === null
              ? { notification_feature_voters: voterBucketKey(event.data.featureId, event.data.memberId) }
              : {}
            : event.type === 'FeatureStatusChanged'
              ? { notification_feature_voters: voterBucketKeys(event.data.featureId) }
              : {},
  evolve(rows, event): ChangeNotice[] {
    const notify = (made: readonly NotificationRow[]): ChangeNotice[] =>
      made.map((row) => {
        // The table keeps the first notification of an id (onConflict 'nothing'), and so does a batch: a like, an
        // unlike and a like again give the row of the first like whether they come in one batch or in three.
        if (!rows.notifications.get(row.id)) rows.notifications.put(row);
        return memberChanged(row.recipient_id, 'notifications');
      });
    if (isSessionEvent(event)) return notify(sessionNotificationsFor(event, event));
    if (event.type === 'MessageSent') return notify([messageNotificationFor(event, event)]);
    if (event.type === 'SkillTaughtAdded' || event.type === 'SkillTaughtUpdated') {
      rows.notification_skill_names.put(skillNameOf(event));
      return [];
    }
    if (event.type === 'FeatureVoteCast') {
      if (event.data.previousVoteType !== null) return [];
      const row = withVoter(rows.notification_feature_voters.get(voterBucketKey(event.data.featureId, event.data.memberId)), event);
      if (row) rows.notification_feature_voters.put(row);
      return [];
    }
    if (event.type === 'FeatureStatusChanged') {
      const voters = voterBucketKeys(event.data.featureId).flatMap((key) => rows.notification_feature_voters.get(key)?.voter_ids ?? []);
      return notify(featureStatusNotificationsFor(event, event, voters));
    }
    if (event.type === 'SkillLiked') return notify([skillLikeNotificationFor(event, event, rows.notification_skill_names.get(event.data.skillId)?.name)]);
    if (isFeedEvent(event)) {
      if (event.type === 'PostCreated' || event.type === 'PostEdited') {
        rows.notification_post_previews.put({ post_id: event.data.postId, preview: postPreviewOf(event.data.content) });
      }
      const preview = event.type === 'PostLiked' ? rows.notification_post_previews.get(event.data.postId)?.preview : undefined;
      return notify(feedNotificationsFor(event, event, preview));
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
    return [memberChanged(memberId, 'notifications')];
  },
});

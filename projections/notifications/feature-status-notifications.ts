// An admin's status on a feature tells every member who voted on it (beyond spec 002: Fider's 'change
// status' notification, reviews/admin-anchors.md §2.3), once per status change and voter, the admin
// excepted. The read model keeps each feature's voters, spread over VOTER_BUCKETS rows by member so that
// a vote reads and rewrites one small row, and a status reads the feature's few rows.
import type { FeatureStatusChanged, FeatureVoteCast } from '../../domain/feature-vote/events.js';
import { FEATURE_STATUS_LABELS, featureTitle } from '../../domain/feature-vote/features.js';
import type { RecordedEvent } from '../../eventstore/types.js';
import { notificationId } from './session-notifications.js';
import type { NotificationFeatureVotersRow, NotificationRow } from './tables.js';

export const featureStatusNotificationTexts = { type: 'feature_status', eventType: 'FEATURE_STATUS_CHANGED', title: 'Feature Update' } as const;

export const VOTER_BUCKETS = 16;

const bucketOf = (memberId: string): number => {
  let hash = 0x811c9dc5;
  for (let i = 0; i < memberId.length; i++) hash = Math.imul(hash ^ memberId.charCodeAt(i), 0x01000193);
  return (hash >>> 0) % VOTER_BUCKETS;
};

/** The voters row a member's vote belongs to. */
export const voterBucketKey = (featureId: string, memberId: string): string => `${featureId}:${bucketOf(memberId)}`;

/** Every voters row of a feature. */
export const voterBucketKeys = (featureId: string): string[] => Array.from({ length: VOTER_BUCKETS }, (_, bucket) => `${featureId}:${bucket}`);

/** The voters row with the member added (the same row when they are in it: a changed vote is one voter). */
export const withVoter = (row: NotificationFeatureVotersRow | undefined, event: FeatureVoteCast): NotificationFeatureVotersRow | null => {
  const { featureId, memberId } = event.data;
  if (row?.voter_ids.includes(memberId)) return null;
  return { bucket_key: voterBucketKey(featureId, memberId), feature_id: featureId, voter_ids: [...(row?.voter_ids ?? []), memberId] };
};

/** 'Post a Job is now Planned: Next month' */
export const featureStatusMessage = (event: FeatureStatusChanged): string => {
  const { featureId, status, note } = event.data;
  const head = `${featureTitle(featureId)}, a feature you voted on, is now ${FEATURE_STATUS_LABELS[status]}`;
  return note ? `${head}: ${note}` : head;
};

export const featureStatusNotificationsFor = (event: FeatureStatusChanged, recorded: RecordedEvent, voters: readonly string[]): NotificationRow[] =>
  voters
    .filter((voter) => voter !== event.data.adminId)
    .map((voter) => ({
      id: notificationId(recorded.metadata.eventId, voter),
      recipient_id: voter,
      type: featureStatusNotificationTexts.type,
      event_type: featureStatusNotificationTexts.eventType,
      title: featureStatusNotificationTexts.title,
      message: featureStatusMessage(event),
      session_id: null,
      post_id: null,
      comment_id: null,
      from_user_id: null,
      created_at: recorded.metadata.occurredAt,
      position: recorded.globalPosition.toString(),
    }));

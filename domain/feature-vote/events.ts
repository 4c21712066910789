// Events of feature voting. A member's vote on a feature is a stream of its own,
// `feature-vote-{featureId}-{memberId}`, so one member's changes queue for one lock and members never
// queue behind each other; the feature's own stream `feature-{featureId}` holds its status and its
// discussion.
import type { Event } from '../shared.js';
import type { FeatureId, FeatureStatus, VoteType } from './features.js';

/** The member's vote on the feature, replacing `previousVoteType` (null: their first vote). */
export type FeatureVoteCast = Event<'FeatureVoteCast', { featureId: FeatureId; memberId: string; voteType: VoteType; previousVoteType: VoteType | null }>;

/** An admin set the feature's status, with a note to the voters (empty when none). */
export type FeatureStatusChanged = Event<
  'FeatureStatusChanged',
  { featureId: FeatureId; adminId: string; status: FeatureStatus; previousStatus: FeatureStatus; note: string }
>;

export type FeatureCommentAdded = Event<'FeatureCommentAdded', { featureId: FeatureId; commentId: string; memberId: string; content: string }>;

export type FeatureVoteEvent = FeatureVoteCast;
export type FeatureEvent = FeatureStatusChanged | FeatureCommentAdded;

export const featureVoteEventTypes = ['FeatureVoteCast'] as const satisfies readonly FeatureVoteEvent['type'][];
export const featureEventTypes = ['FeatureStatusChanged', 'FeatureCommentAdded'] as const satisfies readonly FeatureEvent['type'][];

export const featureVoteStreamId = (featureId: string, memberId: string) => `feature-vote-${featureId}-${memberId}`;
export const featureStreamId = (featureId: string) => `feature-${featureId}`;

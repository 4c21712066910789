// Commands of feature voting: the signed-in member's vote and comment, an admin's status.
import type { FeatureStatus, VoteType } from './features.js';

export interface CastFeatureVote {
  type: 'CastFeatureVote';
  featureId: string;
  memberId: string;
  voteType: VoteType;
}

export interface SetFeatureStatus {
  type: 'SetFeatureStatus';
  featureId: string;
  adminId: string;
  status: FeatureStatus;
  note: string;
}

export interface AddFeatureComment {
  type: 'AddFeatureComment';
  featureId: string;
  /** Made by the caller, so a retried command names the same comment. */
  commentId: string;
  memberId: string;
  content: string;
}

export type FeatureVoteCommand = CastFeatureVote;
export type FeatureCommand = SetFeatureStatus | AddFeatureComment;

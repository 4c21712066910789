// The feature-votes read model's tables: each member's current vote per feature, each feature's
// discussion, and each feature's status as an admin last set it.
import { defineTable, int8, text, timestamptz, type DatabaseOf, type RowOfTable } from '../runtime/table.js';
import type { FeatureStatus, VoteType } from '../../domain/feature-vote/features.js';

/** One row per member and feature: a changed vote replaces the row, so the counts never add a change. */
export const featureVotesTable = defineTable({
  name: 'feature_votes',
  key: ['feature_id', 'member_id'],
  columns: { feature_id: text(), member_id: text(), vote_type: text<VoteType>(), voted_at: timestamptz() },
  indexes: { feature_votes_feature_idx: ['feature_id', 'vote_type'] },
});

export const featureCommentsTable = defineTable({
  name: 'feature_comments',
  key: ['id'],
  columns: { id: text(), feature_id: text(), member_id: text(), content: text(), created_at: timestamptz(), position: int8() },
  onConflict: 'nothing',
  indexes: { feature_comments_feature_idx: ['feature_id', 'position desc'] },
});

/** A feature without a row is open, with no note. */
export const featureStatusesTable = defineTable({
  name: 'feature_statuses',
  key: ['feature_id'],
  columns: { feature_id: text(), status: text<FeatureStatus>(), note: text(), changed_at: timestamptz(), changed_by: text() },
});

export const featureVotesTables = { feature_votes: featureVotesTable, feature_comments: featureCommentsTable, feature_statuses: featureStatusesTable };

export type FeatureVoteRow = RowOfTable<typeof featureVotesTable>;
export type FeatureVotesDb = DatabaseOf<typeof featureVotesTables>;

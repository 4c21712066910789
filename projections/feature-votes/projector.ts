// The feature-votes read model: counts, the member's own vote, comments and statuses for /coming-soon.
// Nothing is read: a vote replaces its member's row, a comment is a row of its own, a status replaces
// the feature's. Every change is announced to every signed-in socket as a change of that feature, so
// the counts, the discussion and the status move live on every open page.
import { featureEventTypes, featureVoteEventTypes, type FeatureEvent, type FeatureVoteEvent } from '../../domain/feature-vote/events.js';
import { toSignedIn } from '../change-notices.js';
import { defineProjection, type Recorded } from '../runtime/define-projection.js';
import { featureVotesTables } from './tables.js';

export const featureChanged = (featureId: string) => toSignedIn({ type: 'changed', scope: 'feature', id: featureId });

export const featureVotesProjector = defineProjection({
  name: 'feature-votes',
  version: 1,
  migration: '20261129T0420-create-feature-votes',
  tables: featureVotesTables,
  canHandle: [...featureVoteEventTypes, ...featureEventTypes],
  evolve(rows, event: Recorded<FeatureVoteEvent | FeatureEvent>) {
    const at = event.metadata.occurredAt;
    switch (event.type) {
      case 'FeatureVoteCast': {
        const { featureId, memberId, voteType } = event.data;
        rows.feature_votes.put({ feature_id: featureId, member_id: memberId, vote_type: voteType, voted_at: at });
        break;
      }
      case 'FeatureCommentAdded': {
        const { featureId, commentId, memberId, content } = event.data;
        rows.feature_comments.put({ id: commentId, feature_id: featureId, member_id: memberId, content, created_at: at, position: event.globalPosition.toString() });
        break;
      }
      case 'FeatureStatusChanged': {
        const { featureId, status, note, adminId } = event.data;
        rows.feature_statuses.put({ feature_id: featureId, status, note, changed_at: at, changed_by: adminId });
        break;
      }
    }
    return [featureChanged(event.data.featureId)];
  },
});

import { describe, expect, it } from 'vitest';
import type { FeatureEvent, FeatureVoteEvent } from '../../domain/feature-vote/events.js';
import type { FeatureStatus, VoteType } from '../../domain/feature-vote/features.js';
import type { RecordedEvent } from '../../eventstore/types.js';
import { projectionSpec } from '../../test/projections/support/projection-spec.js';
import { createEventLog } from '../../test/projections/support/recorded-events.js';
import { testTargets } from '../../test/projections/support/test-databases.js';
import { membersProjector } from '../members/projector.js';
import { featureChanged, featureVotesProjector } from './projector.js';
import { featureComments, featureVoteCounts, memberFeatureVote } from './queries.js';

const history = (): RecordedEvent[] => {
  const log = createEventLog();
  let minute = 0;
  const at = () => `2026-03-01T09:${String(minute++).padStart(2, '0')}:00.000Z`;
  const last = new Map<string, VoteType>();
  const vote = (featureId: 'post_job' | 'good_deals', memberId: string, voteType: VoteType) => {
    const key = `${featureId}-${memberId}`;
    const event: FeatureVoteEvent = { type: 'FeatureVoteCast', data: { featureId, memberId, voteType, previousVoteType: last.get(key) ?? null } };
    last.set(key, voteType);
    log.record(`feature-vote-${key}`, event, at());
  };
  const onFeature = (event: FeatureEvent) => log.record(`feature-${event.data.featureId}`, event, at());
  const status = (status: FeatureStatus, previousStatus: FeatureStatus, note: string) =>
    onFeature({ type: 'FeatureStatusChanged', data: { featureId: 'post_job', adminId: 'vera', status, previousStatus, note } });
  vote('post_job', 'ann', 'like');
  vote('post_job', 'bob', 'like');
  vote('post_job', 'ann', 'dislike'); // replaced: Ann counts once
  vote('post_job', 'cy', 'neutral');
  vote('good_deals', 'ann', 'like');
  vote('post_job', 'ann', 'neutral');
  onFeature({ type: 'FeatureCommentAdded', data: { featureId: 'post_job', commentId: 'c1', memberId: 'ann', content: 'First' } });
  onFeature({ type: 'FeatureCommentAdded', data: { featureId: 'good_deals', commentId: 'c2', memberId: 'bob', content: 'Elsewhere' } });
  onFeature({ type: 'FeatureCommentAdded', data: { featureId: 'post_job', commentId: 'c3', memberId: 'bob', content: 'Second' } });
  status('planned', 'open', 'Soon');
  status('started', 'planned', '');
  return log.events;
};

describe.each(testTargets())('feature-votes read model on $kind', (target) => {
  const spec = projectionSpec(target, featureVotesProjector, { with: [membersProjector] });

  // projectionSpec compares every split's rows with the first's.
  it('counts each member’s current vote once, never netted, in one batch or many', () =>
    spec.given(history()).then(async (db) => {
      expect(await featureVoteCounts(db, 'post_job')).toMatchObject({ like: 1, neutral: 2, dislike: 0 });
      expect(await featureVoteCounts(db, 'good_deals')).toMatchObject({ like: 1, neutral: 0, dislike: 0, status: 'open', status_note: '', status_changed_at: null });
      expect(await featureVoteCounts(db, 'how_to_quote')).toMatchObject({ like: 0, neutral: 0, dislike: 0 });
      expect(await memberFeatureVote(db, 'post_job', 'ann')).toBe('neutral');
      expect(await memberFeatureVote(db, 'how_to_quote', 'ann')).toBeNull();
    }));

  it('keeps the last status with its note, and each discussion’s comments in order', () =>
    spec.given(history()).then(async (db) => {
      expect(await featureVoteCounts(db, 'post_job')).toMatchObject({ status: 'started', status_note: '', status_changed_at: '2026-03-01T09:10:00.000Z' });
      // No members read model here: the author's name falls back.
      expect((await featureComments(db, 'post_job')).map((c) => [c.id, c.content, c.user.id])).toEqual([
        ['c1', 'First', 'ann'],
        ['c3', 'Second', 'bob'],
      ]);
    }));

  it('announces each change as a change of its feature to every signed-in socket', () =>
    spec.given(history()).then((_, { notices }) => {
      expect(notices).toContainEqual(featureChanged('post_job'));
      expect(notices).toContainEqual(featureChanged('good_deals'));
      expect(notices.every((n) => n.audience.to === 'signed-in')).toBe(true);
    }));
});

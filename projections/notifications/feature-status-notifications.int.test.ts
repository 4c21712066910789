import { describe, expect, it } from 'vitest';
import { decideFeatureVote, evolveFeatureVote, featureVoteDecider } from '../../domain/feature-vote/decide.js';
import type { FeatureVoteEvent } from '../../domain/feature-vote/events.js';
import type { FeatureStatus, VoteType } from '../../domain/feature-vote/features.js';
import type { RecordedEvent } from '../../eventstore/types.js';
import { projectionSpec } from '../../test/projections/support/projection-spec.js';
import { createEventLog } from '../../test/projections/support/recorded-events.js';
import { testTargets } from '../../test/projections/support/test-databases.js';
import { VOTER_BUCKETS } from './feature-status-notifications.js';
import { notificationsProjector } from './projector.js';

const ADMIN = 'vera';
/** More voters than buckets, so that buckets hold several. */
const VOTERS = Array.from({ length: VOTER_BUCKETS * 2 + 3 }, (_, i) => `voter-${i}`);

/** Votes told through the vote decider (so changes name what they replace), then two statuses. */
const tell = (): RecordedEvent[] => {
  const log = createEventLog();
  let second = 0;
  const at = () => new Date(Date.UTC(2026, 2, 1, 9, 0, second++)).toISOString();
  const votes = new Map<string, FeatureVoteEvent[]>();
  const vote = (featureId: string, memberId: string, voteType: VoteType) => {
    const past = votes.get(`${featureId}-${memberId}`) ?? [];
    const events = decideFeatureVote({ type: 'CastFeatureVote', featureId, memberId, voteType }, past.reduce(evolveFeatureVote, featureVoteDecider.initialState()));
    votes.set(`${featureId}-${memberId}`, [...past, ...events]);
    for (const event of events) log.record(`feature-vote-${featureId}-${memberId}`, event, at());
  };
  const status = (status: FeatureStatus, previousStatus: FeatureStatus, note: string) =>
    log.record('feature-post_job', { type: 'FeatureStatusChanged', data: { featureId: 'post_job', adminId: ADMIN, status, previousStatus, note } }, at());
  for (const voter of VOTERS) vote('post_job', voter, 'like');
  vote('post_job', VOTERS[0]!, 'dislike'); // a changed vote: still one voter
  vote('post_job', ADMIN, 'neutral');
  vote('good_deals', 'only-good-deals', 'like');
  status('planned', 'open', 'Next month');
  vote('post_job', 'late-voter', 'like');
  status('completed', 'planned', '');
  return log.events;
};

describe.each(testTargets())('feature status notifications on $kind', (target) => {
  const spec = projectionSpec(target, notificationsProjector);

  // projectionSpec compares every split's rows with the first's.
  it('tells every voter of the feature once per status, the admin and other features’ voters never', () =>
    spec.given(tell()).then(async (db) => {
      const rows = await db
        .selectFrom('notifications')
        .select(['recipient_id', 'type', 'event_type', 'title', 'message', 'from_user_id'])
        .orderBy('position')
        .orderBy('recipient_id')
        .execute();
      const planned = rows.filter((r) => r.message.includes('Planned'));
      const completed = rows.filter((r) => r.message.includes('Completed'));
      expect(planned.map((r) => r.recipient_id).sort()).toEqual([...VOTERS].sort());
      expect(completed.map((r) => r.recipient_id).sort()).toEqual([...VOTERS, 'late-voter'].sort());
      expect(rows).toHaveLength(planned.length + completed.length);
      expect(planned[0]).toEqual({
        recipient_id: planned[0]!.recipient_id,
        type: 'feature_status',
        event_type: 'FEATURE_STATUS_CHANGED',
        title: 'Feature Update',
        message: 'Post a Job, a feature you voted on, is now Planned: Next month',
        from_user_id: null,
      });
      expect(completed[0]!.message).toBe('Post a Job, a feature you voted on, is now Completed');
    }));
});

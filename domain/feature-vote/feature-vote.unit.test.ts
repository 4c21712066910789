import { describe, expect, it } from 'vitest';
import { DeciderSpecification } from '../decider-spec.js';
import type { FeatureCommand, SetFeatureStatus } from './commands.js';
import { featureDecider, featureVoteDecider } from './decide.js';
import type { FeatureEvent, FeatureVoteEvent } from './events.js';
import { FEATURE_COMMENT_MAX, FEATURE_NOTE_MAX, featureTexts, type VoteType } from './features.js';

const vote = (voteType: VoteType, featureId = 'post_job') => ({ type: 'CastFeatureVote' as const, featureId, memberId: 'm1', voteType });
const cast = (voteType: VoteType, previousVoteType: VoteType | null): FeatureVoteEvent => ({
  type: 'FeatureVoteCast',
  data: { featureId: 'post_job', memberId: 'm1', voteType, previousVoteType },
});
const givenVote = DeciderSpecification.for(featureVoteDecider);
const givenFeature = DeciderSpecification.for(featureDecider);
const status = (s: 'open' | 'planned' | 'declined', note = ''): SetFeatureStatus => ({
  type: 'SetFeatureStatus',
  featureId: 'good_deals',
  adminId: 'admin',
  status: s,
  note,
});
const planned: FeatureEvent = {
  type: 'FeatureStatusChanged',
  data: { featureId: 'good_deals', adminId: 'admin', status: 'planned', previousStatus: 'open', note: 'Next month' },
};
const comment = (content: string): FeatureCommand => ({ type: 'AddFeatureComment', featureId: 'how_to_quote', commentId: 'c1', memberId: 'm1', content });

describe('a member’s vote on a feature', () => {
  it('is cast once and replaced on change, naming the vote it replaces', () => {
    givenVote([])
      .when(vote('like'))
      .then([cast('like', null)]);
    givenVote([cast('like', null)])
      .when(vote('dislike'))
      .then([cast('dislike', 'like')]);
  });

  it('decides nothing when the member picks the vote they have', () => {
    givenVote([cast('like', null), cast('neutral', 'like')])
      .when(vote('neutral'))
      .then([]);
  });

  it('refuses a feature that is not offered and a vote type that does not exist', () => {
    givenVote([]).when(vote('like', 'time_travel')).thenRefuses('NOT_FOUND', featureTexts.notFound);
    givenVote([])
      .when(vote('love' as VoteType))
      .thenRefuses('VALIDATION', featureTexts.badVote);
  });
});

describe('a feature’s status and discussion', () => {
  it('moves to the status an admin sets, with the trimmed note and the status it left', () => {
    givenFeature([]).when(status('planned', '  Next month ')).then([planned]);
    givenFeature([planned])
      .when(status('declined'))
      .thenMatches([{ data: { status: 'declined', previousStatus: 'planned', note: '' } }]);
  });

  it('decides nothing for the same status with the same note, and tells a new note on the same status', () => {
    givenFeature([]).when(status('open')).then([]);
    givenFeature([planned]).when(status('planned', 'Next month')).then([]);
    givenFeature([planned])
      .when(status('planned', 'In two weeks'))
      .thenMatches([{ data: { status: 'planned', previousStatus: 'planned', note: 'In two weeks' } }]);
  });

  it('refuses an unknown status and a note past its limit', () => {
    givenFeature([])
      .when({ ...status('open'), status: 'shipped' as 'open' })
      .thenRefuses('VALIDATION', featureTexts.badStatus);
    givenFeature([])
      .when(status('planned', 'x'.repeat(FEATURE_NOTE_MAX + 1)))
      .thenRefuses('VALIDATION', featureTexts.noteTooLong);
  });

  it('adds a comment trimmed, and refuses one that is empty or too long', () => {
    givenFeature([])
      .when(comment('  Yes please  '))
      .thenMatches([{ type: 'FeatureCommentAdded', data: { content: 'Yes please', commentId: 'c1' } }]);
    givenFeature([]).when(comment(' \n ')).thenRefuses('VALIDATION', featureTexts.commentEmpty);
    givenFeature([])
      .when(comment('x'.repeat(FEATURE_COMMENT_MAX + 1)))
      .thenRefuses('VALIDATION', featureTexts.commentTooLong);
    expect(featureTexts.commentEmpty).toBe('Write a comment first');
  });
});

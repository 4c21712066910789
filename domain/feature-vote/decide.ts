// The two deciders of feature voting. A vote: one per member per feature, replaced on change (a vote for
// what the member already picked decides nothing, so a repeated click adds no event). A feature: its
// status with the admin's note, and its discussion's comments.
import { DomainError, assertNever, type Decider } from '../shared.js';
import type { FeatureCommand, FeatureVoteCommand } from './commands.js';
import type { FeatureEvent, FeatureVoteEvent } from './events.js';
import { FEATURE_COMMENT_MAX, FEATURE_NOTE_MAX, FEATURE_STATUSES, VOTE_TYPES, featureTexts, isFeatureId, type FeatureStatus, type VoteType } from './features.js';

export type FeatureVoteState = { status: 'none' } | { status: 'voted'; voteType: VoteType };

export const evolveFeatureVote = (_state: FeatureVoteState, event: FeatureVoteEvent): FeatureVoteState =>
  event.type === 'FeatureVoteCast' ? { status: 'voted', voteType: event.data.voteType } : _state;

const knownFeature = (featureId: string) => {
  if (!isFeatureId(featureId)) throw new DomainError('NOT_FOUND', featureTexts.notFound);
  return featureId;
};

export const decideFeatureVote = (command: FeatureVoteCommand, state: FeatureVoteState): FeatureVoteEvent[] => {
  switch (command.type) {
    case 'CastFeatureVote': {
      const featureId = knownFeature(command.featureId);
      if (!(VOTE_TYPES as readonly string[]).includes(command.voteType)) throw new DomainError('VALIDATION', featureTexts.badVote);
      const previousVoteType = state.status === 'voted' ? state.voteType : null;
      if (previousVoteType === command.voteType) return [];
      return [{ type: 'FeatureVoteCast', data: { featureId, memberId: command.memberId, voteType: command.voteType, previousVoteType } }];
    }
    default:
      return assertNever(command.type);
  }
};

export const featureVoteDecider: Decider<FeatureVoteState, FeatureVoteCommand, FeatureVoteEvent> = {
  initialState: () => ({ status: 'none' }),
  evolve: evolveFeatureVote,
  decide: decideFeatureVote,
};

/** A feature's state: every feature is open until an admin says otherwise. */
export interface FeatureState {
  status: FeatureStatus;
  note: string;
  comments: number;
}

export const evolveFeature = (state: FeatureState, event: FeatureEvent): FeatureState => {
  switch (event.type) {
    case 'FeatureStatusChanged':
      return { ...state, status: event.data.status, note: event.data.note };
    case 'FeatureCommentAdded':
      return { ...state, comments: state.comments + 1 };
    default:
      return state;
  }
};

export const decideFeature = (command: FeatureCommand, state: FeatureState): FeatureEvent[] => {
  const featureId = knownFeature(command.featureId);
  switch (command.type) {
    case 'SetFeatureStatus': {
      if (!(FEATURE_STATUSES as readonly string[]).includes(command.status)) throw new DomainError('VALIDATION', featureTexts.badStatus);
      const note = command.note.trim();
      if (note.length > FEATURE_NOTE_MAX) throw new DomainError('VALIDATION', featureTexts.noteTooLong);
      // The same status with the same note again tells the voters nothing new.
      if (command.status === state.status && note === state.note) return [];
      return [{ type: 'FeatureStatusChanged', data: { featureId, adminId: command.adminId, status: command.status, previousStatus: state.status, note } }];
    }
    case 'AddFeatureComment': {
      const content = command.content.trim();
      if (!content) throw new DomainError('VALIDATION', featureTexts.commentEmpty);
      if (content.length > FEATURE_COMMENT_MAX) throw new DomainError('VALIDATION', featureTexts.commentTooLong);
      return [{ type: 'FeatureCommentAdded', data: { featureId, commentId: command.commentId, memberId: command.memberId, content } }];
    }
    default:
      return assertNever(command);
  }
};

export const featureDecider: Decider<FeatureState, FeatureCommand, FeatureEvent> = {
  initialState: () => ({ status: 'open', note: '', comments: 0 }),
  evolve: evolveFeature,
  decide: decideFeature,
};

// The skill-like decider: a member likes a skill at most once, and never their own. Like and unlike
// are idempotent; the toggle is decided on the stream's current state, so two quick clicks that race
// end as "like, then unlike" rather than two likes.
import { Map as ImmutableMap } from 'immutable';
import { DomainError, assertNever, type Decider } from '../shared.js';
import type { SkillLikeCommand } from './commands.js';
import type { SkillLikeEvent, SkillLikeRef } from './events.js';

export const OWN_SKILL_MESSAGE = 'You cannot like your own skill';

export interface SkillLikeState {
  /** Persistent: a popular skill's next like must not copy every like before it. */
  likedBy: ImmutableMap<string, true>;
  likesCount: number;
}

export const initialSkillLikeState = (): SkillLikeState => ({ likedBy: ImmutableMap(), likesCount: 0 });

export const evolveSkillLike = (state: SkillLikeState, event: SkillLikeEvent): SkillLikeState => {
  const { memberId } = event.data;
  switch (event.type) {
    case 'SkillLiked':
      if (state.likedBy.has(memberId)) return state;
      return { likedBy: state.likedBy.set(memberId, true), likesCount: state.likesCount + 1 };
    case 'SkillUnliked': {
      if (!state.likedBy.has(memberId)) return state;
      return { likedBy: state.likedBy.delete(memberId), likesCount: state.likesCount - 1 };
    }
    default:
      return state;
  }
};

export const isLikedBy = (state: SkillLikeState, memberId: string): boolean => state.likedBy.has(memberId);

export const decideSkillLike = (command: SkillLikeCommand, state: SkillLikeState): SkillLikeEvent[] => {
  const { skillId, ownerId, memberId } = command;
  if (!skillId.trim() || !ownerId.trim() || !memberId.trim()) throw new DomainError('VALIDATION', 'A skill and a member are required');
  if (memberId === ownerId) throw new DomainError('VALIDATION', OWN_SKILL_MESSAGE);
  const ref: SkillLikeRef = { skillId, ownerId, memberId };
  const liked = isLikedBy(state, memberId);
  switch (command.type) {
    case 'LikeSkill':
      return liked ? [] : [{ type: 'SkillLiked', data: ref }];
    case 'UnlikeSkill':
      return liked ? [{ type: 'SkillUnliked', data: ref }] : [];
    case 'ToggleSkillLike':
      return [{ type: liked ? 'SkillUnliked' : 'SkillLiked', data: ref }];
    default:
      return assertNever(command);
  }
};

export const skillLikeDecider: Decider<SkillLikeState, SkillLikeCommand, SkillLikeEvent> = {
  initialState: initialSkillLikeState,
  evolve: evolveSkillLike,
  decide: decideSkillLike,
};

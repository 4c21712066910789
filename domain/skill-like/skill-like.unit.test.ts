import { describe, expect, it } from 'vitest';
import { DeciderSpecification } from '../decider-spec.js';
import type { SkillLikeCommand } from './commands.js';
import { OWN_SKILL_MESSAGE, evolveSkillLike, initialSkillLikeState, isLikedBy, skillLikeDecider } from './decide.js';
import type { SkillLikeEvent } from './events.js';

const ref = { skillId: 's1', ownerId: 'mentor', memberId: 'm1' };
const liked: SkillLikeEvent = { type: 'SkillLiked', data: ref };
const stateAfter = (...events: SkillLikeEvent[]) => events.reduce(evolveSkillLike, initialSkillLikeState());
const command = (type: SkillLikeCommand['type'], memberId = 'm1'): SkillLikeCommand => ({ type, ...ref, memberId });
const given = DeciderSpecification.for(skillLikeDecider);

describe('skill likes', () => {
  it('likes a skill on the first toggle and unlikes it on the second', () => {
    const first = given([]).when(command('ToggleSkillLike')).then([liked]);
    const state = stateAfter(...first);
    expect(state).toMatchObject({ likesCount: 1 });
    expect(isLikedBy(state, 'm1')).toBe(true);
    const second = given(first)
      .when(command('ToggleSkillLike'))
      .then([{ type: 'SkillUnliked', data: ref }]);
    expect(stateAfter(...first, ...second)).toEqual(initialSkillLikeState());
  });

  it('counts one like per member', () => {
    const state = stateAfter(liked, { type: 'SkillLiked', data: { ...ref, memberId: 'm2' } }, liked);
    expect(state.likesCount).toBe(2);
  });

  it('treats a repeated like or an unlike of what was never liked as already done', () => {
    given([liked]).when(command('LikeSkill')).then([]);
    given([]).when(command('UnlikeSkill')).then([]);
  });

  it('refuses a like of one’s own skill with a readable text', () => {
    given([]).when(command('ToggleSkillLike', 'mentor')).thenRefuses('VALIDATION', OWN_SKILL_MESSAGE);
    expect(OWN_SKILL_MESSAGE).toBe('You cannot like your own skill');
  });
});

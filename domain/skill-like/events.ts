// Events of a skill's like stream `skill-likes-{skillId}`. ownerId (the mentor who teaches the
// skill) travels on every event so a read model can notify the owner and count likes per member
// without looking the skill up.
import type { Event } from '../shared.js';

export interface SkillLikeRef {
  skillId: string;
  ownerId: string;
  memberId: string; // who liked or unliked
}

export type SkillLiked = Event<'SkillLiked', SkillLikeRef>;
export type SkillUnliked = Event<'SkillUnliked', SkillLikeRef>;

export type SkillLikeEvent = SkillLiked | SkillUnliked;

export const skillLikeEventTypes = ['SkillLiked', 'SkillUnliked'] as const satisfies readonly SkillLikeEvent['type'][];

export const skillLikesStreamId = (skillId: string) => `skill-likes-${skillId}`;

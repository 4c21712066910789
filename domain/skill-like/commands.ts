// Commands on a skill's likes. memberId is the signed-in member; ownerId is the skill's mentor, as
// the handler found it on the mentor's profile.

interface Base {
  skillId: string;
  ownerId: string;
  memberId: string;
}

export interface LikeSkill extends Base {
  type: 'LikeSkill';
}

export interface UnlikeSkill extends Base {
  type: 'UnlikeSkill';
}

/** The like button: likes when the member has not liked the skill yet, unlikes otherwise. */
export interface ToggleSkillLike extends Base {
  type: 'ToggleSkillLike';
}

export type SkillLikeCommand = LikeSkill | UnlikeSkill | ToggleSkillLike;

// The like button on a skill card (POST /skills/{id}/like): a toggle decided on the skill's like
// stream, for a skill that exists on its mentor's profile.
import type { SkillLikeEvent } from '../../domain/skill-like/events.js';
import { isLikedBy, skillLikeDecider } from '../../domain/skill-like/decide.js';
import { DomainError } from '../../domain/shared.js';
import type { Checkpoint } from '../../eventstore/types.js';
import type { CommandRuntime } from '../runtime/types.js';
import { loadMember } from '../members.js';
import { skillLikesStreamId } from '../stream-ids.js';

export interface SkillLikeDeps {
  runtime: CommandRuntime;
}

export interface SkillLikeStatus {
  liked: boolean;
  likesCount: number;
}

export interface ToggleSkillLikeResult extends SkillLikeStatus {
  checkpoint: Checkpoint | null;
  events: SkillLikeEvent[];
}

export const SKILL_NOT_FOUND_MESSAGE = 'Skill not found';

export const toggleSkillLike = async (
  deps: SkillLikeDeps,
  input: { skillId: string; ownerId: string; memberId: string; now: string; correlationId?: string | undefined },
): Promise<ToggleSkillLikeResult> => {
  const { skillId, ownerId, memberId, now } = input;
  const owner = await loadMember(deps, ownerId);
  if (owner.status !== 'active' || !owner.skillsToTeach.some((s) => s.id === skillId)) {
    throw new DomainError('NOT_FOUND', SKILL_NOT_FOUND_MESSAGE);
  }
  const result = await deps.runtime.handle(
    skillLikeDecider,
    skillLikesStreamId(skillId),
    { type: 'ToggleSkillLike', skillId, ownerId, memberId },
    { now, actorId: memberId, correlationId: input.correlationId },
  );
  return {
    liked: isLikedBy(result.state, memberId),
    likesCount: result.state.likesCount,
    checkpoint: result.checkpoint,
    events: result.events,
  };
};

/** GET /skills/{id}/like-status, straight from the stream (a read model may serve lists instead). */
export const skillLikeStatus = async (deps: SkillLikeDeps, input: { skillId: string; memberId: string | null }): Promise<SkillLikeStatus> => {
  const { state } = await deps.runtime.load(skillLikeDecider, skillLikesStreamId(input.skillId));
  return { liked: input.memberId !== null && isLikedBy(state, input.memberId), likesCount: state.likesCount };
};

// A like of a skill tells the mentor who teaches it (spec 001 §3 type skill_like, §2.8: its red dot is on
// Search), as a like of a post tells its author: once per liker and skill, however often they unlike and
// like again (the decider refuses a like of one's own skill). The skill is named as the mentor last named it.
import type { SkillTaughtAdded, SkillTaughtUpdated } from '../../domain/member/events.js';
import type { SkillLiked } from '../../domain/skill-like/events.js';
import type { RecordedEvent } from '../../eventstore/types.js';
import { notificationId } from './session-notifications.js';
import type { NotificationRow, NotificationSkillNameRow } from './tables.js';

export const skillLikeNotificationTexts = { type: 'skill_like', eventType: 'SKILL_LIKED', title: 'New Like' } as const;

/** The name a skill event gives its skill, kept for the likes that follow. */
export const skillNameOf = (event: SkillTaughtAdded | SkillTaughtUpdated): NotificationSkillNameRow => ({
  skill_id: event.data.skill.id,
  name: event.data.skill.name,
});

/** The mentor's notification of a like. */
export const skillLikeNotificationFor = (event: SkillLiked, recorded: RecordedEvent, skillName: string | undefined): NotificationRow => {
  const { skillId, ownerId, memberId } = event.data;
  return {
    id: notificationId(`skill-like:${skillId}:${memberId}`, ownerId),
    recipient_id: ownerId,
    type: skillLikeNotificationTexts.type,
    event_type: skillLikeNotificationTexts.eventType,
    title: skillLikeNotificationTexts.title,
    message: skillName === undefined ? 'liked your skill' : `liked your skill: "${skillName}"`,
    session_id: null,
    post_id: null,
    comment_id: null,
    from_user_id: memberId,
    created_at: recorded.metadata.occurredAt,
    position: recorded.globalPosition.toString(),
  };
};

// Which events are a member's activity, and the page each one happens on (the inspector's timeline shows
// the type and the path). An event is its actor's activity: metadata.actorId names the member who acted;
// events nobody acted on (the scheduler's completions and expiries) count for nobody.
import type { ConversationEvent } from '../../domain/conversation/events.js';
import { conversationEventTypes } from '../../domain/conversation/events.js';
import type { FeedbackEvent } from '../../domain/feedback/events.js';
import { feedbackEventTypes } from '../../domain/feedback/events.js';
import type { FeatureCommentAdded, FeatureVoteCast } from '../../domain/feature-vote/events.js';
import { memberEventTypes, type MemberEvent } from '../../domain/member/events.js';
import type { InboxEvent } from '../../domain/notification-inbox/events.js';
import { inboxEventTypes } from '../../domain/notification-inbox/events.js';
import type { PostEvent } from '../../domain/post/events.js';
import { postEventTypes } from '../../domain/post/events.js';
import type { SessionEvent } from '../../domain/session/events.js';
import { sessionEventTypes } from '../../domain/session/events.js';
import type { SkillLikeEvent } from '../../domain/skill-like/events.js';
import { skillLikeEventTypes } from '../../domain/skill-like/events.js';

export type AdminUsersEvent =
  MemberEvent | SessionEvent | PostEvent | ConversationEvent | SkillLikeEvent | FeedbackEvent | InboxEvent | FeatureCommentAdded | FeatureVoteCast;

/**
 * A member's vote and comment on /coming-soon. An admin's status of a feature is not here: it is the admin's
 * operation, listed in the admins' own actions (admin-activities).
 */
const featureVotingTypes = ['FeatureVoteCast', 'FeatureCommentAdded'] as const satisfies readonly AdminUsersEvent['type'][];

const pathOf = (types: readonly string[], path: string | null) => types.map((type) => [type, path] as const);

/** Event type to the page it is done on (null: no page of its own, shown as 'No path'). */
export const activityPaths: ReadonlyMap<string, string | null> = new Map([
  ...pathOf(memberEventTypes, '/profile'),
  ...pathOf(sessionEventTypes, '/dashboard'),
  ...pathOf(postEventTypes, '/feed'),
  ...pathOf(conversationEventTypes, null),
  ...pathOf(skillLikeEventTypes, '/search'),
  ...pathOf(feedbackEventTypes, null),
  ...pathOf(inboxEventTypes, '/notifications'),
  ...pathOf(featureVotingTypes, '/coming-soon'),
]);

export const adminUsersEventTypes = [
  ...memberEventTypes,
  ...sessionEventTypes,
  ...postEventTypes,
  ...conversationEventTypes,
  ...skillLikeEventTypes,
  ...feedbackEventTypes,
  ...inboxEventTypes,
  ...featureVotingTypes,
] as const satisfies readonly AdminUsersEvent['type'][];

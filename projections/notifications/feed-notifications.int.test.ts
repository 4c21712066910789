import { describe, expect, it } from 'vitest';
import type { PostEvent } from '../../domain/post/events.js';
import { append, AUTHOR, commentCommand, createCommand, NOW, OTHER, POST_ID, READER } from '../../domain/post/testing.js';
import { projectionSpec } from '../../test/projections/support/projection-spec.js';
import { testTargets } from '../../test/projections/support/test-databases.js';
import { createStory } from '../sessions/testing.js';
import { notificationsProjector } from './projector.js';

const CONTENT = 'Need help with #React hooks: my effects keep reading stale state after every render';

/** A post's story told through the post decider: created, commented, replied to, liked, edited, liked again. */
const tell = () => {
  let events: PostEvent[] = append([], createCommand({ content: CONTENT, mentions: [OTHER] }));
  events = append(events, commentCommand({ commentId: 'c-1', content: 'Try a ref' }));
  events = append(events, commentCommand({ actorId: OTHER, commentId: 'c-2', parentCommentId: 'c-1', content: 'Or useEffectEvent' }));
  events = append(events, { type: 'LikePost', postId: POST_ID, now: NOW, actorId: READER });
  events = append(events, {
    type: 'EditPost',
    postId: POST_ID,
    now: NOW,
    actorId: AUTHOR,
    content: 'Solved, thanks',
    urgency: 'low',
    skillNeeded: null,
    mentions: [],
    aiRequestId: 'ai-2',
    assistantAvailable: false,
  });
  events = append(events, { type: 'LikePost', postId: POST_ID, now: NOW, actorId: OTHER });
  const story = createStory();
  return events.map((event, i) => story.record(`post-${POST_ID}`, event, `2026-03-02T09:0${i}:00.000Z`));
};

describe.each(testTargets())('feed notifications on $kind', (target) => {
  const spec = projectionSpec(target, notificationsProjector);
  const events = tell();

  // projectionSpec compares every split's rows with the first's.
  it('quotes the liked post as last written, and gives the same rows in one batch or many', () =>
    spec.given(events).then(async (db) => {
      const rows = await db.selectFrom('notifications').select(['recipient_id', 'type', 'title', 'message', 'comment_id']).orderBy('position').execute();
      expect(rows).toEqual([
        { recipient_id: OTHER, type: 'mention', title: 'New Mention', message: `mentioned you in a post: "${CONTENT.slice(0, 50)}..."`, comment_id: null },
        { recipient_id: AUTHOR, type: 'comment', title: 'New Comment', message: 'commented on your post: "Try a ref"', comment_id: 'c-1' },
        { recipient_id: READER, type: 'comment', title: 'New Reply', message: 'replied to your comment: "Or useEffectEvent"', comment_id: 'c-2' },
        { recipient_id: AUTHOR, type: 'comment', title: 'New Comment', message: 'commented on your post: "Or useEffectEvent"', comment_id: 'c-2' },
        { recipient_id: AUTHOR, type: 'post_like', title: 'New Like', message: `liked your post: "${CONTENT.slice(0, 50)}..."`, comment_id: null },
        { recipient_id: AUTHOR, type: 'post_like', title: 'New Like', message: 'liked your post: "Solved, thanks"', comment_id: null },
      ]);
    }));
});

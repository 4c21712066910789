// Which post events notify whom (spec 001 §2.8, §3 types comment, mention and post_like; §9 50-character
// previews). A comment notifies the post's author, a reply also the author of the comment it answers, a
// mention each member it names (an edit only those it newly names), a like the post's author. Nobody
// hears of their own action, The S brain is never a recipient, and a member hears of one event once:
// a reply that also mentions its parent's author is one 'reply' notification, not two.
import type { PostEvent } from '../../domain/post/events.js';
import { MENTION_PREVIEW_MAX, THE_S_BRAIN_ID } from '../../domain/post/rules.js';
import { previewOf } from '../../domain/post/text.js';
import type { RecordedEvent } from '../../eventstore/types.js';
import { notificationId } from './session-notifications.js';
import type { NotificationRow } from './tables.js';

export const feedNotificationTexts = {
  comment: { type: 'comment', eventType: 'NEW_COMMENT', title: 'New Comment' },
  reply: { type: 'comment', eventType: 'COMMENT_REPLY', title: 'New Reply' },
  mention: { type: 'mention', eventType: 'MENTION', title: 'New Mention' },
  like: { type: 'post_like', eventType: 'POST_LIKED', title: 'New Like' },
} as const;

type Kind = keyof typeof feedNotificationTexts;

interface Draft {
  recipient: string;
  kind: Kind;
  /** What the sender did; queries put the sender's current name in front of it. */
  message: string;
  commentId: string | null;
  /** Overrides the id derived from the event (a like notifies once per liker and post). */
  id?: string;
}

/** The first 50 characters, '...' when longer (spec 001 §7, §9). */
export const postPreviewOf = (text: string) => previewOf(text, MENTION_PREVIEW_MAX);
const quoted = (text: string) => `"${postPreviewOf(text)}"`;

const drafts = (event: PostEvent, postPreview: string | undefined): Draft[] => {
  switch (event.type) {
    case 'PostCreated':
    case 'PostEdited': {
      const named = event.type === 'PostCreated' ? event.data.mentions : event.data.newMentions;
      const where = event.type === 'PostCreated' ? 'a post' : 'an edited post';
      return named.map((recipient) => ({ recipient, kind: 'mention', message: `mentioned you in ${where}: ${quoted(event.data.content)}`, commentId: null }));
    }
    case 'CommentAdded': {
      const d = event.data;
      const text = quoted(d.content);
      const what = d.isOffer ? 'offered help on your post' : 'commented on your post';
      const out: Draft[] = [];
      if (d.parentAuthorId) out.push({ recipient: d.parentAuthorId, kind: 'reply', message: `replied to your comment: ${text}`, commentId: d.commentId });
      out.push({ recipient: d.postAuthorId, kind: 'comment', message: `${what}: ${text}`, commentId: d.commentId });
      for (const recipient of d.mentions) out.push({ recipient, kind: 'mention', message: `mentioned you in a comment: ${text}`, commentId: d.commentId });
      return out;
    }
    case 'PostLiked': {
      const { postId, postAuthorId, memberId } = event.data;
      const message = postPreview === undefined ? 'liked your post' : `liked your post: "${postPreview}"`;
      // Liking, unliking and liking again tells the author once.
      return [{ recipient: postAuthorId, kind: 'like', message, commentId: null, id: notificationId(`post-like:${postId}:${memberId}`, postAuthorId) }];
    }
    default:
      return [];
  }
};

/** Who acted: the sender every notification of the event names. */
const actorOf = (event: PostEvent): string | null => {
  switch (event.type) {
    case 'PostCreated':
    case 'PostEdited':
    case 'CommentAdded':
      return event.data.authorId;
    case 'PostLiked':
      return event.data.memberId;
    default:
      return null;
  }
};

/** The notification rows of one post event; `postPreview` is the liked post's preview (postPreviewOf) when known. */
export const feedNotificationsFor = (event: PostEvent, recorded: RecordedEvent, postPreview?: string): NotificationRow[] => {
  const from = actorOf(event);
  const seen = new Set<string>();
  const rows: NotificationRow[] = [];
  for (const draft of drafts(event, postPreview)) {
    if (draft.recipient === from || draft.recipient === THE_S_BRAIN_ID || seen.has(draft.recipient)) continue;
    seen.add(draft.recipient);
    const texts = feedNotificationTexts[draft.kind];
    rows.push({
      id: draft.id ?? notificationId(recorded.metadata.eventId, draft.recipient),
      recipient_id: draft.recipient,
      type: texts.type,
      event_type: texts.eventType,
      title: texts.title,
      message: draft.message,
      session_id: null,
      post_id: event.data.postId,
      comment_id: draft.commentId,
      from_user_id: from,
      created_at: recorded.metadata.occurredAt,
      position: recorded.globalPosition.toString(),
    });
  }
  return rows;
};

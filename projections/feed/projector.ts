// The feed read model (spec 001 §2.3, §2.6), a row projection over the post streams: an event reads
// the post and the comment it changes (the runtime reads a batch's with one query per table, none for
// rows the batch creates) and writes each changed row once. Likes are rows that end (an unlike deletes
// the row, a like after it writes it afresh); the stat counters hold the batch's change, which their
// table adds to the stored count. Notices: a new post is announced feed-wide (the client's "new posts"
// pill), a comment to the sockets subscribed to its post (new_comment), any other change of a post as
// the post's 'changed'.
import { postEventTypes, type PostEvent } from '../../domain/post/events.js';
import { feedTexts, type PostCategory, type PostUrgency } from '../../domain/post/rules.js';
import { defineProjection, type Keys, type Recorded, type RowSet } from '../runtime/define-projection.js';
import { rowKey } from '../runtime/table.js';
import { postTopic, type NewCommentMessage, type NewPostsMessage } from '../../api/contracts/live.js';
import { postChanged, toSignedIn, toSubscribers } from '../change-notices.js';
import type { ChangeNotice } from '../types.js';
import { feedTables, type FeedCommentRow, type FeedCounterRow, type FeedPostRow } from './tables.js';

type FeedTables = typeof feedTables;

const failureText = (reason: string) => (reason === 'quota_exceeded' ? feedTexts.aiQuotaExceeded : feedTexts.aiTrouble);

/** Changes a stored post and tells its subscribers; a post the model does not hold stays absent, unannounced. */
const changePost = (posts: RowSet<FeedPostRow>, postId: string, change: (row: FeedPostRow) => Partial<FeedPostRow>): readonly ChangeNotice[] => {
  const row = posts.get(postId);
  if (!row) return [];
  posts.put({ ...row, ...change(row) });
  return [postChanged(postId)];
};

const changeComment = (comments: RowSet<FeedCommentRow>, commentId: string, change: (row: FeedCommentRow) => Partial<FeedCommentRow>) => {
  const row = comments.get(commentId);
  if (row) comments.put({ ...row, ...change(row) });
};

/**
 * Counters are never read: `get` answers the batch's own row, which holds the change so far (a zero one
 * too, so the rows exist whatever the batches), and the table adds it to the stored count.
 */
const count = (counters: RowSet<FeedCounterRow>, category: PostCategory, urgency: PostUrgency, delta: number) => {
  const key = `${category}:${urgency}`;
  counters.put({ key, category, urgency, posts: (counters.get(key)?.posts ?? 0) + delta });
};

/** The stored rows an event changes (a comment's parent gives the reply its thread's root). */
const reads = (event: Recorded<PostEvent>): Keys<FeedTables> => {
  switch (event.type) {
    case 'PostCreated':
    case 'AiFeedbackGiven':
      return {};
    case 'CommentAdded':
      return { feed_posts: event.data.postId, feed_comments: event.data.parentCommentId ?? [] };
    case 'CommentLiked':
    case 'CommentUnliked':
      return { feed_comments: event.data.commentId };
    default:
      return { feed_posts: event.data.postId };
  }
};

const creates = (event: Recorded<PostEvent>): Keys<FeedTables> => {
  if (event.type === 'PostCreated') return { feed_posts: event.data.postId };
  if (event.type === 'CommentAdded') return { feed_comments: event.data.commentId };
  return {};
};

export const feedProjector = defineProjection({
  name: 'feed',
  version: 1,
  migration: '20261125T1600-create-feed',
  tables: feedTables,
  canHandle: postEventTypes,
  reads,
  creates,
  evolve(rows, event: Recorded<PostEvent>): readonly ChangeNotice[] {
    const at = event.metadata.occurredAt;
    const posts = rows.feed_posts;
    switch (event.type) {
      case 'PostCreated': {
        const d = event.data;
        posts.put({
          id: d.postId,
          author_id: d.authorId,
          content: d.content,
          category: d.category,
          urgency: d.urgency,
          skill_needed: d.skillNeeded,
          tags: d.tags,
          mentions: d.mentions,
          media_attachments: d.mediaAttachments,
          likes_count: 0,
          comment_count: 0,
          popularity: 0,
          created_at: at,
          updated_at: at,
          edited: false,
          deleted: false,
          ai_status: null,
          ai_status_at: null,
          ai_status_message: null,
        });
        count(rows.feed_counters, d.category, d.urgency, 1);
        return [toSignedIn({ type: 'new_posts', postId: d.postId, authorId: d.authorId } satisfies NewPostsMessage)];
      }
      case 'PostEdited': {
        const d = event.data;
        const before = posts.get(d.postId);
        if (before && !before.deleted && (before.category !== d.category || before.urgency !== d.urgency)) {
          count(rows.feed_counters, before.category, before.urgency, -1);
          count(rows.feed_counters, d.category, d.urgency, 1);
        }
        return changePost(posts, d.postId, () => ({
          content: d.content,
          category: d.category,
          urgency: d.urgency,
          skill_needed: d.skillNeeded,
          tags: d.tags,
          mentions: d.mentions,
          updated_at: at,
          edited: true,
        }));
      }
      case 'PostDeleted': {
        const before = posts.get(event.data.postId);
        if (before && !before.deleted) count(rows.feed_counters, before.category, before.urgency, -1);
        return changePost(posts, event.data.postId, () => ({ deleted: true, updated_at: at }));
      }
      // The domain appends a like only when the member does not like the post yet, an unlike only when
      // they do. Likes are not read: a like kept from an earlier batch stays (the table's onConflict
      // 'nothing'), and `get` sees the batch's own.
      case 'PostLiked': {
        const { postId, memberId } = event.data;
        if (!rows.feed_post_likes.get(rowKey(postId, memberId))) rows.feed_post_likes.put({ post_id: postId, member_id: memberId, liked_at: at });
        return changePost(posts, postId, (row) => ({ likes_count: row.likes_count + 1, popularity: row.popularity + 1 }));
      }
      case 'PostUnliked':
        rows.feed_post_likes.delete(rowKey(event.data.postId, event.data.memberId));
        return changePost(posts, event.data.postId, (row) => ({ likes_count: Math.max(0, row.likes_count - 1), popularity: Math.max(0, row.popularity - 1) }));
      case 'CommentAdded': {
        const d = event.data;
        const parent = d.parentCommentId ? rows.feed_comments.get(d.parentCommentId) : undefined;
        rows.feed_comments.put({
          id: d.commentId,
          post_id: d.postId,
          author_id: d.authorId,
          content: d.content,
          parent_id: d.parentCommentId,
          root_id: parent?.root_id ?? d.parentCommentId ?? d.commentId,
          depth: d.depth,
          is_offer: d.isOffer,
          skill_offered: d.skillOffered,
          is_ai_generated: d.isAiGenerated,
          tags: d.tags,
          mentions: d.mentions,
          likes_count: 0,
          created_at: at,
          seq: String(event.streamPosition),
        });
        // Subscribers refresh the post on new_comment (use-post-live.ts): a 'changed' for the same post
        // would double the messages of the fan-out to every one of them.
        changePost(posts, d.postId, (row) => ({ comment_count: row.comment_count + 1, popularity: row.popularity + 1 }));
        return [
          toSubscribers(postTopic(d.postId), {
            type: 'new_comment',
            postId: d.postId,
            comment: {
              id: d.commentId,
              post_id: d.postId,
              user_id: d.authorId,
              content: d.content,
              parent_comment_id: d.parentCommentId,
              depth: d.depth,
              is_offer: d.isOffer,
              skill_offered: d.skillOffered,
              is_ai_generated: d.isAiGenerated,
              created_at: at,
            },
            isAI: d.isAiGenerated,
          } satisfies NewCommentMessage),
        ];
      }
      case 'CommentLiked': {
        const { postId, commentId, memberId } = event.data;
        if (!rows.feed_comment_likes.get(rowKey(commentId, memberId)))
          rows.feed_comment_likes.put({ comment_id: commentId, member_id: memberId, post_id: postId, liked_at: at });
        changeComment(rows.feed_comments, commentId, (row) => ({ likes_count: row.likes_count + 1 }));
        return [postChanged(postId)];
      }
      case 'CommentUnliked':
        rows.feed_comment_likes.delete(rowKey(event.data.commentId, event.data.memberId));
        changeComment(rows.feed_comments, event.data.commentId, (row) => ({ likes_count: Math.max(0, row.likes_count - 1) }));
        return [postChanged(event.data.postId)];
      // A request reads 'thinking' at once (the member sees the assistant took it), until it ends.
      case 'AiReplyRequested':
      case 'AiReplyStarted':
        return changePost(posts, event.data.postId, () => ({ ai_status: 'thinking', ai_status_at: at, ai_status_message: null }));
      case 'AiReplyCompleted':
        return changePost(posts, event.data.postId, () => ({ ai_status: 'complete', ai_status_at: at, ai_status_message: feedTexts.aiResponded }));
      case 'AiReplyFailed':
        return changePost(posts, event.data.postId, () => ({ ai_status: 'error', ai_status_at: at, ai_status_message: failureText(event.data.reason) }));
      case 'AiFeedbackGiven':
        return [];
    }
  },
});

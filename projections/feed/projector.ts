// The feed read model (spec 001 §2.3, §2.6), one row projection over the post streams: a batch reads
// the posts and comments its events touch (one query per table), evolves them in memory in log order,
// and writes each changed row once; likes are rows made and ended (rows.x.delete), the stat counters
// take deltas. Notices: a new post is announced feed-wide (the client's "new posts" pill), a comment to
// the sockets subscribed to its post (new_comment), any other change of a post as the post's 'changed'.
import { postEventTypes, type PostEvent } from '../../domain/post/events.js';
import { feedTexts, type PostCategory, type PostUrgency } from '../../domain/post/rules.js';
import { defineProjection, type Recorded, type Rows } from '../runtime/define-projection.js';
import { rowKey } from '../runtime/table.js';
import type { ChangeNotice } from '../types.js';
import { feedTables, type FeedCommentRow, type FeedPostRow } from './tables.js';

type FeedRows = Rows<typeof feedTables>;

const failureText = (reason: string) => (reason === 'quota_exceeded' ? feedTexts.aiQuotaExceeded : feedTexts.aiTrouble);

/** A post's change, when the post is stored. `announced`: a notice of its own already tells the post's subscribers (a new comment's). */
const updatePost = (rows: FeedRows, notices: ChangeNotice[], postId: string, change: (row: FeedPostRow) => Partial<FeedPostRow>, announced = false) => {
  const row = rows.feed_posts.get(postId);
  if (!row) return;
  rows.feed_posts.put({ ...row, ...change(row) });
  if (!announced) notices.push({ scope: 'post', id: postId });
};

const updateComment = (rows: FeedRows, commentId: string, change: (row: FeedCommentRow) => Partial<FeedCommentRow>) => {
  const row = rows.feed_comments.get(commentId);
  if (row) rows.feed_comments.put({ ...row, ...change(row) });
};

/** Every counter a batch touches is written, a zero change too: the rows then exist whatever the batches. */
const count = (rows: FeedRows, category: PostCategory, urgency: PostUrgency, delta: number) => {
  const key = `${category}:${urgency}`;
  const row = rows.feed_counters.get(key) ?? { key, category, urgency, posts: 0 };
  rows.feed_counters.put({ ...row, posts: row.posts + delta });
};

export const feedProjector = defineProjection({
  name: 'feed',
  version: 1,
  migration: '20261125T1600-create-feed',
  tables: feedTables,
  canHandle: postEventTypes,
  reads(event: Recorded<PostEvent>) {
    const posts = event.type === 'PostCreated' ? undefined : event.data.postId;
    switch (event.type) {
      case 'CommentAdded':
        return { feed_posts: posts, feed_comments: event.data.parentCommentId ?? undefined };
      case 'CommentLiked':
      case 'CommentUnliked':
        return { feed_posts: posts, feed_comments: event.data.commentId };
      default:
        return { feed_posts: posts };
    }
  },
  creates(event: Recorded<PostEvent>) {
    if (event.type === 'PostCreated') return { feed_posts: event.data.postId };
    if (event.type === 'CommentAdded') return { feed_comments: event.data.commentId };
    return {};
  },
  evolve(rows, event: Recorded<PostEvent>) {
    const notices: ChangeNotice[] = [];
    const at = event.metadata.occurredAt;
    switch (event.type) {
      case 'PostCreated': {
        const d = event.data;
        rows.feed_posts.put({
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
        count(rows, d.category, d.urgency, 1);
        notices.push({ scope: 'feed', postId: d.postId, authorId: d.authorId });
        break;
      }
      case 'PostEdited': {
        const d = event.data;
        const before = rows.feed_posts.get(d.postId);
        if (before && !before.deleted && (before.category !== d.category || before.urgency !== d.urgency)) {
          count(rows, before.category, before.urgency, -1);
          count(rows, d.category, d.urgency, 1);
        }
        updatePost(rows, notices, d.postId, () => ({
          content: d.content,
          category: d.category,
          urgency: d.urgency,
          skill_needed: d.skillNeeded,
          tags: d.tags,
          mentions: d.mentions,
          updated_at: at,
          edited: true,
        }));
        break;
      }
      case 'PostDeleted': {
        const before = rows.feed_posts.get(event.data.postId);
        if (before && !before.deleted) count(rows, before.category, before.urgency, -1);
        updatePost(rows, notices, event.data.postId, () => ({ deleted: true, updated_at: at }));
        break;
      }
      // The domain appends a like only when the member does not like the post yet, an unlike only when
      // they do. A like kept by the batch keeps its first time; a like after an unlike starts afresh.
      case 'PostLiked': {
        const { postId, memberId } = event.data;
        const key = rowKey(postId, memberId);
        if (!rows.feed_post_likes.get(key)) rows.feed_post_likes.put({ post_id: postId, member_id: memberId, liked_at: at });
        updatePost(rows, notices, postId, (row) => ({ likes_count: row.likes_count + 1, popularity: row.popularity + 1 }));
        break;
      }
      case 'PostUnliked':
        rows.feed_post_likes.delete(rowKey(event.data.postId, event.data.memberId));
        updatePost(rows, notices, event.data.postId, (row) => ({ likes_count: Math.max(0, row.likes_count - 1), popularity: Math.max(0, row.popularity - 1) }));
        break;
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
        updatePost(rows, notices, d.postId, (row) => ({ comment_count: row.comment_count + 1, popularity: row.popularity + 1 }), true);
        notices.push({
          scope: 'comment',
          postId: d.postId,
          isAI: d.isAiGenerated,
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
        });
        break;
      }
      case 'CommentLiked': {
        const { commentId, memberId, postId } = event.data;
        const key = rowKey(commentId, memberId);
        if (!rows.feed_comment_likes.get(key)) rows.feed_comment_likes.put({ comment_id: commentId, member_id: memberId, post_id: postId, liked_at: at });
        updateComment(rows, commentId, (row) => ({ likes_count: row.likes_count + 1 }));
        notices.push({ scope: 'post', id: postId });
        break;
      }
      case 'CommentUnliked':
        rows.feed_comment_likes.delete(rowKey(event.data.commentId, event.data.memberId));
        updateComment(rows, event.data.commentId, (row) => ({ likes_count: Math.max(0, row.likes_count - 1) }));
        notices.push({ scope: 'post', id: event.data.postId });
        break;
      // A request reads 'thinking' at once (the member sees the assistant took it), until it ends.
      case 'AiReplyRequested':
      case 'AiReplyStarted':
        updatePost(rows, notices, event.data.postId, () => ({ ai_status: 'thinking', ai_status_at: at, ai_status_message: null }));
        break;
      case 'AiReplyCompleted':
        updatePost(rows, notices, event.data.postId, () => ({ ai_status: 'complete', ai_status_at: at, ai_status_message: feedTexts.aiResponded }));
        break;
      case 'AiReplyFailed':
        updatePost(rows, notices, event.data.postId, () => ({ ai_status: 'error', ai_status_at: at, ai_status_message: failureText(event.data.reason) }));
        break;
      case 'AiFeedbackGiven':
        break;
    }
    return notices;
  },
});

// The feed read model (spec 001 §2.3, §2.6), one custom projection over the post streams: a batch reads
// the posts and comments its events touch (one query per table), evolves them in memory in log order,
// and writes each changed row once; likes are rows added and removed, the stat counters take deltas.
// Notices: a new post is announced feed-wide (the client's "new posts" pill), a comment to the sockets
// subscribed to its post (new_comment), any other change of a post as the post's 'changed'.
import { sql } from 'kysely';
import { postEventTypes, type PostEvent } from '../../domain/post/events.js';
import { feedTexts, type PostCategory, type PostUrgency } from '../../domain/post/rules.js';
import { defineCustomProjection, type Recorded } from '../runtime/define-projection.js';
import { postTopic, type NewCommentMessage, type NewPostsMessage } from '../../api/contracts/live.js';
import { postChanged, toSignedIn, toSubscribers } from '../change-notices.js';
import type { ChangeNotice } from '../types.js';
import { feedTables, type FeedCommentRow, type FeedPostRow } from './tables.js';

interface LikeChange {
  /** An unlike in this batch: the stored row, if any, ends. */
  unliked: boolean;
  like: { at: string; postId: string } | null;
}

const likeKey = (a: string, b: string) => `${a}\u0000${b}`;

/** Likes by key as the batch leaves them. */
const likeChanges = () => {
  const changes = new Map<string, LikeChange>();
  return {
    like(key: string, postId: string, at: string) {
      const state = changes.get(key) ?? { unliked: false, like: null };
      if (!state.like) changes.set(key, { ...state, like: { at, postId } });
    },
    unlike: (key: string) => void changes.set(key, { unliked: true, like: null }),
    ended: () => [...changes.entries()].filter(([, c]) => c.unliked).map(([key]) => key.split('\u0000') as [string, string]),
    current: () => [...changes.entries()].flatMap(([key, c]) => (c.like ? [{ key: key.split('\u0000') as [string, string], ...c.like }] : [])),
  };
};

const failureText = (reason: string) => (reason === 'quota_exceeded' ? feedTexts.aiQuotaExceeded : feedTexts.aiTrouble);

export const feedProjector = defineCustomProjection({
  name: 'feed',
  version: 1,
  migration: '20261125T1600-create-feed',
  tables: feedTables,
  canHandle: postEventTypes,
  async apply({ db, read, write }, events: readonly Recorded<PostEvent>[]) {
    const postIds = new Set<string>();
    const commentIds = new Set<string>();
    for (const event of events) {
      if (event.type !== 'PostCreated') postIds.add(event.data.postId);
      if (event.type === 'CommentAdded' && event.data.parentCommentId) commentIds.add(event.data.parentCommentId);
      if (event.type === 'CommentLiked' || event.type === 'CommentUnliked') commentIds.add(event.data.commentId);
    }
    const posts = await read('feed_posts', postIds);
    const comments = await read('feed_comments', commentIds);
    const changedPosts = new Set<string>();
    const changedComments = new Set<string>();
    const counters = new Map<string, { key: string; category: PostCategory; urgency: PostUrgency; posts: number }>();
    const count = (category: PostCategory, urgency: PostUrgency, delta: number) => {
      const key = `${category}:${urgency}`;
      const row = counters.get(key) ?? { key, category, urgency, posts: 0 };
      counters.set(key, { ...row, posts: row.posts + delta });
    };
    const postLikes = likeChanges();
    const commentLikes = likeChanges();
    const notices: ChangeNotice[] = [];

    /** `announced`: a notice of its own already tells the post's subscribers (a new comment's). */
    const updatePost = (postId: string, change: (row: FeedPostRow) => Partial<FeedPostRow>, announced = false) => {
      const row = posts.get(postId);
      if (!row) return;
      posts.set(postId, { ...row, ...change(row) });
      changedPosts.add(postId);
      if (!announced) notices.push(postChanged(postId));
    };
    const updateComment = (commentId: string, change: (row: FeedCommentRow) => Partial<FeedCommentRow>) => {
      const row = comments.get(commentId);
      if (!row) return;
      comments.set(commentId, { ...row, ...change(row) });
      changedComments.add(commentId);
    };

    for (const event of events) {
      const at = event.metadata.occurredAt;
      switch (event.type) {
        case 'PostCreated': {
          const d = event.data;
          posts.set(d.postId, {
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
          changedPosts.add(d.postId);
          count(d.category, d.urgency, 1);
          notices.push(toSignedIn({ type: 'new_posts', postId: d.postId, authorId: d.authorId } satisfies NewPostsMessage));
          break;
        }
        case 'PostEdited': {
          const d = event.data;
          const before = posts.get(d.postId);
          if (before && !before.deleted && (before.category !== d.category || before.urgency !== d.urgency)) {
            count(before.category, before.urgency, -1);
            count(d.category, d.urgency, 1);
          }
          updatePost(d.postId, () => ({
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
          const before = posts.get(event.data.postId);
          if (before && !before.deleted) count(before.category, before.urgency, -1);
          updatePost(event.data.postId, () => ({ deleted: true, updated_at: at }));
          break;
        }
        // The domain appends a like only when the member does not like the post yet, an unlike only when they do.
        case 'PostLiked':
          postLikes.like(likeKey(event.data.postId, event.data.memberId), event.data.postId, at);
          updatePost(event.data.postId, (row) => ({ likes_count: row.likes_count + 1, popularity: row.popularity + 1 }));
          break;
        case 'PostUnliked':
          postLikes.unlike(likeKey(event.data.postId, event.data.memberId));
          updatePost(event.data.postId, (row) => ({ likes_count: Math.max(0, row.likes_count - 1), popularity: Math.max(0, row.popularity - 1) }));
          break;
        case 'CommentAdded': {
          const d = event.data;
          const parent = d.parentCommentId ? comments.get(d.parentCommentId) : undefined;
          comments.set(d.commentId, {
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
          changedComments.add(d.commentId);
          // Subscribers refresh the post on new_comment (use-post-live.ts): a 'changed' for the same post
          // would double the messages of the fan-out to every one of them.
          updatePost(d.postId, (row) => ({ comment_count: row.comment_count + 1, popularity: row.popularity + 1 }), true);
          notices.push(
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
          );
          break;
        }
        case 'CommentLiked':
          commentLikes.like(likeKey(event.data.commentId, event.data.memberId), event.data.postId, at);
          updateComment(event.data.commentId, (row) => ({ likes_count: row.likes_count + 1 }));
          notices.push(postChanged(event.data.postId));
          break;
        case 'CommentUnliked':
          commentLikes.unlike(likeKey(event.data.commentId, event.data.memberId));
          updateComment(event.data.commentId, (row) => ({ likes_count: Math.max(0, row.likes_count - 1) }));
          notices.push(postChanged(event.data.postId));
          break;
        // A request reads 'thinking' at once (the member sees the assistant took it), until it ends.
        case 'AiReplyRequested':
        case 'AiReplyStarted':
          updatePost(event.data.postId, () => ({ ai_status: 'thinking', ai_status_at: at, ai_status_message: null }));
          break;
        case 'AiReplyCompleted':
          updatePost(event.data.postId, () => ({ ai_status: 'complete', ai_status_at: at, ai_status_message: feedTexts.aiResponded }));
          break;
        case 'AiReplyFailed':
          updatePost(event.data.postId, () => ({ ai_status: 'error', ai_status_at: at, ai_status_message: failureText(event.data.reason) }));
          break;
        case 'AiFeedbackGiven':
          break;
      }
    }

    await write(
      'feed_posts',
      [...changedPosts].flatMap((id) => posts.get(id) ?? []),
    );
    await write(
      'feed_comments',
      [...changedComments].flatMap((id) => comments.get(id) ?? []),
    );
    // Ended likes go before the batch's current ones, so an unlike followed by a like starts afresh.
    const endedPostLikes = postLikes.ended();
    if (endedPostLikes.length > 0) {
      await db
        .deleteFrom('feed_post_likes')
        .where(sql<boolean>`(post_id, member_id) in (select * from unnest(${endedPostLikes.map((k) => k[0])}::text[], ${endedPostLikes.map((k) => k[1])}::text[]))`)
        .execute();
    }
    const endedCommentLikes = commentLikes.ended();
    if (endedCommentLikes.length > 0) {
      await db
        .deleteFrom('feed_comment_likes')
        .where(
          sql<boolean>`(comment_id, member_id) in (select * from unnest(${endedCommentLikes.map((k) => k[0])}::text[], ${endedCommentLikes.map((k) => k[1])}::text[]))`,
        )
        .execute();
    }
    await write(
      'feed_post_likes',
      postLikes.current().map((l) => ({ post_id: l.key[0], member_id: l.key[1], liked_at: l.at })),
    );
    await write(
      'feed_comment_likes',
      commentLikes.current().map((l) => ({ comment_id: l.key[0], member_id: l.key[1], post_id: l.postId, liked_at: l.at })),
    );
    // Every counter the batch touched is written, a zero change too: the rows then exist whatever the batches.
    await write('feed_counters', [...counters.values()]);
    return notices;
  },
});

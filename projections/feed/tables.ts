// The feed read model's tables (spec 001 §2.3, §2.6): posts with their counts kept in the row, comments
// with the root of their thread (so a page of top-level comments fetches its replies by one index), the
// likes of posts and of comments (one row per current like), and the stat cards' counters per category
// and urgency (twelve rows, so the four cards never scan the posts).
import type { MediaAttachment } from '../../domain/post/events.js';
import type { PostCategory, PostUrgency } from '../../domain/post/rules.js';
import { bool, defineTable, int4, int8, jsonb, text, timestamptz, type DatabaseOf, type RowOfTable } from '../runtime/table.js';

export const feedPostsTable = defineTable({
  name: 'feed_posts',
  key: ['id'],
  columns: {
    id: text(),
    author_id: text(),
    content: text(),
    category: text<PostCategory>(),
    urgency: text<PostUrgency>(),
    skill_needed: text(),
    tags: jsonb<string[]>(),
    /** Member ids, resolved when the text was written. */
    mentions: jsonb<string[]>(),
    media_attachments: jsonb<MediaAttachment[]>(),
    likes_count: int4(),
    /** Comments and replies. */
    comment_count: int4(),
    /** likes + comments: the 'popular' sort, kept in the row so it is indexed. */
    popularity: int4(),
    created_at: timestamptz(),
    updated_at: timestamptz(),
    edited: bool(),
    /** Soft delete: hidden from the feed, shown to admins. */
    deleted: bool(),
    /** The S brain on this post: thinking, complete or error, as of ai_status_at; null when none. */
    ai_status: text<'thinking' | 'complete' | 'error'>().nullable(),
    ai_status_at: timestamptz().nullable(),
    ai_status_message: text().nullable(),
  },
  // Keyset pages: each filter of the stat cards and the dropdown has an index in each sort's order.
  indexes: {
    feed_posts_recent_idx: ['deleted', 'created_at desc', 'id desc'],
    feed_posts_urgency_recent_idx: ['deleted', 'urgency', 'created_at desc', 'id desc'],
    feed_posts_category_recent_idx: ['deleted', 'category', 'created_at desc', 'id desc'],
    feed_posts_popular_idx: ['deleted', 'popularity desc', 'created_at desc', 'id desc'],
    feed_posts_urgency_popular_idx: ['deleted', 'urgency', 'popularity desc', 'created_at desc', 'id desc'],
    feed_posts_category_popular_idx: ['deleted', 'category', 'popularity desc', 'created_at desc', 'id desc'],
    feed_posts_author_idx: ['author_id'],
  },
});

export const feedCommentsTable = defineTable({
  name: 'feed_comments',
  key: ['id'],
  columns: {
    id: text(),
    post_id: text(),
    author_id: text(),
    content: text(),
    parent_id: text().nullable(),
    /** The top-level comment of its thread (itself for a top-level one). */
    root_id: text(),
    depth: int4(),
    is_offer: bool(),
    skill_offered: text().nullable(),
    is_ai_generated: bool(),
    tags: jsonb<string[]>(),
    mentions: jsonb<string[]>(),
    likes_count: int4(),
    created_at: timestamptz(),
    /** Its place in the post's stream: the order comments were written in, even within one millisecond. */
    seq: int8(),
  },
  indexes: {
    feed_comments_post_idx: ['post_id', 'depth', 'seq'],
    feed_comments_root_idx: ['root_id', 'seq'],
  },
});

export const feedPostLikesTable = defineTable({
  name: 'feed_post_likes',
  key: ['post_id', 'member_id'],
  columns: { post_id: text(), member_id: text(), liked_at: timestamptz() },
  onConflict: 'nothing',
});

export const feedCommentLikesTable = defineTable({
  name: 'feed_comment_likes',
  key: ['comment_id', 'member_id'],
  columns: { comment_id: text(), member_id: text(), post_id: text(), liked_at: timestamptz() },
  onConflict: 'nothing',
});

/** Posts not deleted per category and urgency; rows hold changes that the write adds to the stored count. */
export const feedCountersTable = defineTable({
  name: 'feed_counters',
  key: ['key'],
  columns: { key: text(), category: text<PostCategory>(), urgency: text<PostUrgency>(), posts: int4() },
  add: ['posts'],
});

export const feedTables = {
  feed_posts: feedPostsTable,
  feed_comments: feedCommentsTable,
  feed_post_likes: feedPostLikesTable,
  feed_comment_likes: feedCommentLikesTable,
  feed_counters: feedCountersTable,
} as const;

export type FeedPostRow = RowOfTable<typeof feedPostsTable>;
export type FeedCommentRow = RowOfTable<typeof feedCommentsTable>;
export type FeedCounterRow = RowOfTable<typeof feedCountersTable>;
export type FeedDb = DatabaseOf<typeof feedTables>;

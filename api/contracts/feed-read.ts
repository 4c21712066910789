// Response shapes of the community feed (spec 001 §2.3, §2.6, §3, §7) and its live messages (spec 002).
// Fields the spec names keep its snake_case (user_id, skill_needed, comment_count, is_offer...); the
// rest are ours. A post carries its like count and whether I like it instead of the spec's list of
// likers (a popular post's list would grow without bound); mentions come resolved to {id, name}, so the
// client renders '@name' as an element (api/contracts/feed-text.ts) and never as HTML.
import { z } from 'zod';
import { COMMENTS_LOAD_MORE, COMMENTS_SHOWN_FIRST, FEED_SORTS, POST_CATEGORIES, POST_URGENCIES, AI_STATUSES, mediaAttachmentSchema } from './feed.js';

import { FEED_PAGE_MAX, FEED_PAGE_SIZE } from './feed-limits.js';

export { FEED_PAGE_MAX, FEED_PAGE_SIZE, feedPaths } from './feed-limits.js';

export const feedAuthorSchema = z.object({ id: z.string(), name: z.string(), avatar: z.string().nullable() });
export type FeedAuthor = z.infer<typeof feedAuthorSchema>;

/** A mention resolved by the server when the text was written: the member's id and current name. */
export const resolvedMentionSchema = z.object({ id: z.string(), name: z.string() });
export type ResolvedMentionView = z.infer<typeof resolvedMentionSchema>;

/** One post card of the feed (spec 001 §2.3 'Post card', §3 'Post'). */
export const postCardSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  author: feedAuthorSchema,
  content: z.string(),
  category: z.enum(POST_CATEGORIES),
  urgency: z.enum(POST_URGENCIES),
  skill_needed: z.string(),
  tags: z.array(z.string()),
  mentions: z.array(resolvedMentionSchema),
  media_attachments: z.array(mediaAttachmentSchema),
  likes_count: z.number().int(),
  liked_by_me: z.boolean(),
  comment_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
  /** Edited after it was posted. */
  edited: z.boolean(),
  /** Only an admin ever reads a deleted post. */
  deleted: z.boolean(),
  /** The S brain on this post: null when idle; 'complete' reads so for AI_STATUS_CLEAR_MS only. */
  ai_status: z.enum(AI_STATUSES).nullable(),
  /** The spec's error text when ai_status is 'error'. */
  ai_status_message: z.string().nullable(),
});
export type PostCard = z.infer<typeof postCardSchema>;

/** The four stat cards (spec 001 §2.3): posts not deleted, in the selected category if one is. */
export const feedStatsSchema = z.object({ total: z.number().int(), high: z.number().int(), medium: z.number().int(), low: z.number().int() });
export type FeedStats = z.infer<typeof feedStatsSchema>;

/** GET /api/posts query: stat cards filter by urgency, the dropdown by category, sort recent or popular. */
export const feedQuerySchema = z.object({
  urgency: z.enum(POST_URGENCIES).optional(),
  category: z.enum(POST_CATEGORIES).optional(),
  sort: z.enum(FEED_SORTS).default('recent'),
  /** Opaque: the next_cursor of the page before. */
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(FEED_PAGE_MAX).default(FEED_PAGE_SIZE),
});
export type FeedQuery = z.input<typeof feedQuerySchema>;

/** GET /api/posts answer. */
export const feedPageSchema = z.object({ posts: z.array(postCardSchema), next_cursor: z.string().nullable(), stats: feedStatsSchema });
export type FeedPage = z.infer<typeof feedPageSchema>;

/** GET /api/posts/{id} answer. */
export const postResponseSchema = z.object({ post: postCardSchema });

/** A comment or reply (spec 001 §3 'Comment'), its replies nested (depth 0 to MAX_REPLY_DEPTH). */
export interface CommentView {
  id: string;
  post_id: string;
  user_id: string;
  author: FeedAuthor;
  content: string;
  parent_comment_id: string | null;
  depth: number;
  is_offer: boolean;
  skill_offered: string | null;
  is_ai_generated: boolean;
  tags: string[];
  mentions: ResolvedMentionView[];
  likes_count: number;
  liked_by_me: boolean;
  created_at: string;
  replies: CommentView[];
}
/** A comment's own fields, without its replies (the live message carries a part of them). */
const commentFieldsSchema = z.object({
  id: z.string(),
  post_id: z.string(),
  user_id: z.string(),
  author: feedAuthorSchema,
  content: z.string(),
  parent_comment_id: z.string().nullable(),
  depth: z.number().int(),
  is_offer: z.boolean(),
  skill_offered: z.string().nullable(),
  is_ai_generated: z.boolean(),
  tags: z.array(z.string()),
  mentions: z.array(resolvedMentionSchema),
  likes_count: z.number().int(),
  liked_by_me: z.boolean(),
  created_at: z.string(),
});
// Recursive, so the OpenAPI document can only describe it as a named component its replies refer to
// (api/app.ts emits the registered ids); inline, the transform left a $ref to a schema it never wrote.
export const commentViewSchema: z.ZodType<CommentView> = z.lazy(() => commentFieldsSchema.extend({ replies: z.array(commentViewSchema) })).meta({ id: 'Comment' });

/**
 * GET /api/posts/{id}/comments query: top-level comments oldest first, each with its whole reply tree;
 * the client asks COMMENTS_SHOWN_FIRST, then COMMENTS_LOAD_MORE more with the cursor it got.
 */
export const commentsQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(COMMENTS_SHOWN_FIRST),
});
export type CommentsQuery = z.input<typeof commentsQuerySchema>;
export { COMMENTS_LOAD_MORE, COMMENTS_SHOWN_FIRST };

/** GET /api/posts/{id}/comments answer; total counts every comment and reply (the card's count). */
export const commentsPageSchema = z.object({
  comments: z.array(commentViewSchema),
  next_cursor: z.string().nullable(),
  total: z.number().int(),
  /** Top-level comments not yet shown after this page. */
  remaining: z.number().int(),
});
export type CommentsPage = z.infer<typeof commentsPageSchema>;

/** Write answers: the post or comment as it reads after the write. */
export const postWriteResponseSchema = z.object({ post: postCardSchema });
export const commentWriteResponseSchema = z.object({ comment: commentViewSchema });
export const likeResponseSchema = z.object({ liked: z.boolean(), likes_count: z.number().int() });
export type LikeResponse = z.infer<typeof likeResponseSchema>;
export const deletePostResponseSchema = z.object({ deleted: z.literal(true), id: z.string() });

/** A comment as the `new_comment` live message carries it: the event's facts (names are read with the page). */
export const liveCommentSchema = commentFieldsSchema.pick({
  id: true,
  post_id: true,
  user_id: true,
  content: true,
  parent_comment_id: true,
  depth: true,
  is_offer: true,
  skill_offered: true,
  is_ai_generated: true,
  created_at: true,
});
export type LiveComment = z.infer<typeof liveCommentSchema>;

// The feed's constants (spec 001 §9), texts (§8) and paths without zod: the feed's list and cards
// import these alone, so /feed draws its first posts before zod loads (decision 123 put zod in the feed's
// chunk). The request schemas stay in feed.ts, which re-exports all of this; the forms that need them
// (composer, edit dialog, comment box) are loaded lazily.
export type { MediaAttachment } from '../../domain/post/events.js';
export type { AiFeedbackType, PostCategory, PostUrgency } from '../../domain/post/rules.js';
export { ASPECT_RATIOS, MEDIA_TYPES } from '../../domain/post/events.js';
export {
  AI_COMMENT_COLLAPSED_AFTER,
  AI_FEEDBACK_TYPES,
  AI_QUESTION_MAX,
  AI_STATUS_CLEAR_MS,
  COMMENT_CONTENT_MAX,
  COMMENTS_LOAD_MORE,
  COMMENTS_SHOWN_FIRST,
  DEFAULT_OFFER_TEXT,
  DEFAULT_POST_CATEGORY,
  DEFAULT_POST_URGENCY,
  MAX_MEDIA_ATTACHMENTS,
  MAX_MENTIONS,
  MAX_REPLY_DEPTH,
  MENTION_PREVIEW_MAX,
  POST_CATEGORIES,
  POST_CONTENT_MAX,
  POST_URGENCIES,
  SHARE_TEXT_MAX,
  SKILL_NEEDED_DEFAULT,
  SKILL_NEEDED_MAX,
  THE_S_BRAIN_ID,
  THE_S_BRAIN_NAME,
  bookingComingSoon,
  completeToPost,
  completeToSave,
  feedTexts,
  uploadFailedMessage,
} from '../../domain/post/rules.js';
export { extractTags, skillNeededFor, tagText } from '../../domain/post/text.js';

/** The post's AI status (spec 001 §2.6, the `ai_status` live message); complete clears after AI_STATUS_CLEAR_MS. */
export const AI_STATUSES = ['thinking', 'complete', 'error'] as const;
export type AiStatus = (typeof AI_STATUSES)[number];

/** Spec 001 §2.3: the stat cards filter by urgency, the dropdown by category, sorted recent or popular. */
export const FEED_SORTS = ['recent', 'popular'] as const;
/** Spec 001 §8 media limits, for the composer's hint and the upload route. */
export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const VIDEO_MAX_BYTES = 10 * 1024 * 1024;

/** Paths of the feed (spec 001 §7 kept; the like and single-post calls added). */
export const feedPaths = {
  posts: '/api/posts',
  post: (id: string) => `/api/posts/${encodeURIComponent(id)}`,
  comments: (postId: string) => `/api/posts/${encodeURIComponent(postId)}/comments`,
  createPost: '/api/feed-posts',
  updatePost: (id: string) => `/api/feed-posts/${encodeURIComponent(id)}`,
  deletePost: (id: string) => `/api/posts/${encodeURIComponent(id)}`,
  /** PUT likes, DELETE unlikes (idempotent both ways). */
  postLike: (id: string) => `/api/posts/${encodeURIComponent(id)}/like`,
  createComment: '/api/comments',
  commentLike: (commentId: string) => `/api/comments/${encodeURIComponent(commentId)}/like`,
} as const;

/** Feed page size (the first page and each next one). */
export const FEED_PAGE_SIZE = 20;
export const FEED_PAGE_MAX = 50;

/** The parts the composer still lacks, for 'Complete {missing parts} to post' (spec 001 §2.4). */
export const missingPostParts = (form: { content?: string | null; category?: string | null; urgency?: string | null }): string[] => [
  ...(form.content?.trim() ? [] : ['content']),
  ...(form.category ? [] : ['category']),
  ...(form.urgency ? [] : ['priority']),
];

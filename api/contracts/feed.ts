// Request shapes of the community feed (spec 001 §2.3-2.6, §7) and its constants (§9) and texts (§8).
// Rule texts and limits come from the domain (domain/post/rules.ts) and are re-exported here for the
// routes and the web client, so a 400 and a form's own check read the same. Ids in bodies (user_id)
// are accepted for compatibility and must match the signed-in member (DESIGN.md §6).
import { z } from 'zod';
import {
  AI_FEEDBACK_TYPES,
  AI_QUESTION_MAX,
  COMMENT_CONTENT_MAX,
  MAX_MEDIA_ATTACHMENTS,
  POST_CATEGORIES,
  POST_CONTENT_MAX,
  POST_URGENCIES,
  SKILL_NEEDED_MAX,
  feedTexts,
} from '../../domain/post/rules.js';

import { ASPECT_RATIOS, MEDIA_TYPES } from './feed-limits.js';

// The constants, texts and paths, without zod (the feed's list reads them from there).
export * from './feed-limits.js';

const id = z.string().max(100).nullish();
const content = (max: number, texts: { empty: string; tooLong: string }) => z.string({ message: texts.empty }).trim().min(1, texts.empty).max(max, texts.tooLong);
const postContent = content(POST_CONTENT_MAX, { empty: feedTexts.contentRequired, tooLong: feedTexts.contentTooLong });
const category = z.enum(POST_CATEGORIES, { message: feedTexts.categoryRequired });
const urgency = z.enum(POST_URGENCIES, { message: feedTexts.urgencyRequired });
const skillNeeded = z.string().trim().max(SKILL_NEEDED_MAX, feedTexts.skillNeededTooLong).nullish();
/** The spec's client sends 0/1 for flags. */
const flag = z.union([z.boolean(), z.literal(0), z.literal(1)]).transform((v) => v === true || v === 1);

/** Spec 001 §3; the url without query string. The server checks the object before a post may use it. */
export const mediaAttachmentSchema = z.object({
  id: z.string().min(1).max(100),
  type: z.enum(MEDIA_TYPES),
  url: z
    .string()
    .max(2000)
    .regex(/^(https?:\/\/|\/)[^?#\s]*$/, feedTexts.attachmentInvalid),
  thumbnailUrl: z.string().max(2000).nullish(),
  title: z.string().max(300).nullish(),
  description: z.string().max(1000).nullish(),
  provider: z.string().max(200).nullish(),
  width: z.number().int().nonnegative().nullish(),
  height: z.number().int().nonnegative().nullish(),
  aspectRatio: z.enum(ASPECT_RATIOS).nullish(),
  sizeBytes: z.number().int().nonnegative().nullish(),
  createdAt: z.string().max(40).nullish(),
});

/** The composer's form (spec 001 §3 'Post form'), for react-hook-form. */
export const postFormSchema = z.object({ content: postContent, skillNeeded, category, urgency });
export type PostForm = z.input<typeof postFormSchema>;

/** The edit dialog (spec 001 §2.5): content and priority required, the skill optional. */
export const editPostFormSchema = z.object({ content: postContent, skillNeeded, urgency });
export type EditPostForm = z.input<typeof editPostFormSchema>;

/** POST /api/feed-posts. */
export const createPostBodySchema = z.object({
  user_id: id,
  content: postContent,
  skill_needed: skillNeeded,
  category,
  urgency,
  media_attachments: z.array(mediaAttachmentSchema).max(MAX_MEDIA_ATTACHMENTS, feedTexts.tooManyAttachments).default([]),
});
export type CreatePostBody = z.input<typeof createPostBodySchema>;

/**
 * PUT /api/feed-posts/{id}: either `likes` (the spec's like toggle: the signed-in member likes when the
 * list holds them, unlikes otherwise) or an edit (content and urgency required then, category kept when absent).
 */
export const updatePostBodySchema = z.object({
  likes: z.array(z.string().max(100)).max(100_000).optional(),
  content: z
    .string()
    .max(POST_CONTENT_MAX * 2)
    .optional(),
  skill_needed: skillNeeded,
  category: category.optional(),
  urgency: urgency.nullish(),
});
export type UpdatePostBody = z.input<typeof updatePostBodySchema>;

/** POST /api/comments. An offer may come without text: it gets DEFAULT_OFFER_TEXT. */
export const createCommentBodySchema = z.object({
  post_id: z.string({ message: feedTexts.postNotFound }).min(1, feedTexts.postNotFound).max(100),
  user_id: id,
  content: z
    .string()
    .max(COMMENT_CONTENT_MAX * 2)
    .default(''),
  is_offer: flag.default(false),
  skill_offered: skillNeeded,
  parent_comment_id: id,
});
export type CreateCommentBody = z.input<typeof createCommentBodySchema>;

/** The comment box's form. */
export const commentFormSchema = z.object({ content: content(COMMENT_CONTENT_MAX, { empty: feedTexts.commentRequired, tooLong: feedTexts.commentTooLong }) });

/** POST /api/the-s-brain/ask. */
export const aiAskBodySchema = z.object({
  contentId: z.string().min(1).max(100),
  contentType: z.enum(['post', 'comment']),
  text: content(AI_QUESTION_MAX, { empty: feedTexts.aiQuestionRequired, tooLong: feedTexts.aiQuestionTooLong }),
  imageUrls: z.array(z.string().max(2000)).max(MAX_MEDIA_ATTACHMENTS).default([]),
});
export type AiAskBody = z.input<typeof aiAskBodySchema>;

/** POST /api/ai/feedback; a second vote is 409 'Already submitted'. */
export const aiFeedbackBodySchema = z.object({
  commentId: z.string().min(1).max(100),
  feedbackType: z.enum(AI_FEEDBACK_TYPES, { message: feedTexts.aiFeedbackTypeInvalid }),
});
export type AiFeedbackBody = z.input<typeof aiFeedbackBodySchema>;

/** GET /api/ai/feedback/stats/{commentId}: the votes on an AI comment and the signed-in member's own (null when not voted): the web locks on it. */
export const aiFeedbackStatsSchema = z.object({
  data: z.object({ helpful: z.number().int(), unhelpful: z.number().int(), total: z.number().int(), my_vote: z.enum(AI_FEEDBACK_TYPES).nullable() }),
});
export type AiFeedbackStats = z.infer<typeof aiFeedbackStatsSchema>;

// Business constants and the member-facing texts of the community feed (spec 001 §2.3-2.6, §5, §8, §9).
// Texts the spec gives are quoted verbatim; the others follow its tone. api/contracts/feed.ts re-exports
// them for the routes and the web client, so a 400 and a form's own check read the same.
import { AI_QUOTA_EXCEEDED_MESSAGE } from '../assistant-quota/quota.js';

export const POST_CATEGORIES = ['business', 'marketing', 'design', 'development'] as const;
export type PostCategory = (typeof POST_CATEGORIES)[number];

export const POST_URGENCIES = ['high', 'medium', 'low'] as const;
export type PostUrgency = (typeof POST_URGENCIES)[number];

/** Spec 001 §3: what the composer starts from (the member must still pick both: §2.4 'required'). */
export const DEFAULT_POST_CATEGORY: PostCategory = 'development';
export const DEFAULT_POST_URGENCY: PostUrgency = 'medium';

/** Counted in UTF-16 units, as the textarea's maxlength and the 'n/1000 characters' counter count. */
export const POST_CONTENT_MAX = 1000;
/** The spec gives comments no limit; the post's keeps one screen of text (decision in docs/decisions.md). */
export const COMMENT_CONTENT_MAX = 1000;
export const SKILL_NEEDED_MAX = 100;
export const SKILL_NEEDED_DEFAULT = 'General Help';
/** A top-level comment has depth 0; replies nest to depth 3 (spec 001 §2.3, §9). */
export const MAX_REPLY_DEPTH = 3;
export const MAX_MENTIONS = 10;
export const MAX_MEDIA_ATTACHMENTS = 10;
export const TAG_MAX = 50;
export const COMMENTS_SHOWN_FIRST = 3;
export const COMMENTS_LOAD_MORE = 5;
export const AI_COMMENT_COLLAPSED_AFTER = 200;
export const AI_STATUS_CLEAR_MS = 3000;
/** The question of an ask, and the AI's answer, are kept to these (an answer is cut, not refused). */
export const AI_QUESTION_MAX = 1000;
export const AI_REPLY_MAX = 4000;
/** A request still unanswered this long no longer blocks a new one on its post (a reactor that died). */
export const AI_REPLY_TIMEOUT_MINUTES = 5;
export const MENTION_PREVIEW_MAX = 50;
export const SHARE_TEXT_MAX = 100;

export const DEFAULT_OFFER_TEXT = "I can help u here! Let's SWAP in a call";

/** The assistant is a participant of the feed with a fixed id: its comments carry it as author. */
export const THE_S_BRAIN_ID = '5b7a1b2e-0000-4000-8000-00000000a111';
export const THE_S_BRAIN_NAME = 'The S brain';

export const AI_FEEDBACK_TYPES = ['helpful', 'unhelpful'] as const;
export type AiFeedbackType = (typeof AI_FEEDBACK_TYPES)[number];

export const AI_FAILURE_REASONS = ['model_error', 'quota_exceeded', 'timed_out'] as const;
export type AiFailureReason = (typeof AI_FAILURE_REASONS)[number];

export const feedTexts = {
  contentRequired: 'Please write something to post',
  contentTooLong: `Posts are at most ${POST_CONTENT_MAX} characters`,
  categoryRequired: 'Please choose a category',
  urgencyRequired: 'Please choose a priority',
  skillNeededTooLong: `The skill needed is at most ${SKILL_NEEDED_MAX} characters`,
  tooManyMentions: `You can mention at most ${MAX_MENTIONS} members in a post or comment`,
  tooManyAttachments: `A post has at most ${MAX_MEDIA_ATTACHMENTS} attachments`,
  attachmentInvalid: 'This attachment is not one the feed can show',
  postNotFound: 'Post not found',
  postDeleted: 'This post has been deleted',
  postExists: 'This post already exists',
  onlyAuthorEdits: 'Only the author can edit this post',
  onlyAuthorDeletes: 'Only the author can delete this post',
  commentRequired: 'Please write a comment',
  commentTooLong: `Comments are at most ${COMMENT_CONTENT_MAX} characters`,
  commentNotFound: 'Comment not found',
  commentExists: 'This comment already exists',
  replyTooDeep: `Replies nest only ${MAX_REPLY_DEPTH} levels deep`,
  offerOnOwnPost: 'You cannot offer help on your own post',
  aiBusy: 'The S brain is already answering on this post. Please wait for its reply.',
  aiAnswersNoOne: 'The S brain does not answer itself',
  aiQuestionRequired: 'Please ask The S brain a question',
  aiQuestionTooLong: `Questions are at most ${AI_QUESTION_MAX} characters`,
  aiTrouble: 'The S brain is having trouble. Please try again in a moment.',
  aiResponded: 'The S brain responded! Check the new comment below.',
  aiQuotaExceeded: AI_QUOTA_EXCEEDED_MESSAGE,
  aiFeedbackTypeInvalid: 'Please choose helpful or unhelpful',
  onlyAiRated: 'Only comments of The S brain can be rated',
  aiFeedbackThanks: 'Thanks for your feedback!',
  aiFeedbackAlreadySubmitted: 'Already submitted',
  aiFeedbackError: 'Error submitting feedback',
  updateFailed: 'Failed to update post. Please try again.',
  deleteFailed: 'Failed to delete post. Please try again.',
  deleted: 'Post deleted successfully!',
  deleteConfirm: 'Are you sure you want to delete this post? This will hide it from the feed but preserve it in the database for records.',
  shareCopied: 'Post link copied to clipboard!',
  shareFailed: 'Unable to share post. Please try again.',
  idRequired: 'An id is required',
} as const;

/** 'Complete {missing parts} to post' (§2.4) and 'Complete {missing} to save' (§2.5). */
export const completeToPost = (missing: readonly string[]) => `Complete ${missing.join(', ')} to post`;
export const completeToSave = (missing: readonly string[]) => `Complete ${missing.join(', ')} to save`;
/** §8 media upload failure. */
export const uploadFailedMessage = (file: string, message?: string | null) => `Upload failed for "${file}": ${message || 'Unknown error'}. Please try again.`;
/** Booking from a feed post (§2.3). */
export const bookingComingSoon = (skill: string) => `Feature coming soon: Book "${skill}" session with this user!`;

export const isPostCategory = (value: unknown): value is PostCategory => (POST_CATEGORIES as readonly unknown[]).includes(value);
export const isPostUrgency = (value: unknown): value is PostUrgency => (POST_URGENCIES as readonly unknown[]).includes(value);

// The one door through which the feed reads the contracts' limits and texts (spec 001 §8, §9). They
// come from api/contracts/feed-limits.ts, which has no zod: the list and cards draw before zod loads;
// the forms (composer, edit dialog, comment box) import the zod schemas and are loaded lazily.
export {
  AI_COMMENT_COLLAPSED_AFTER,
  AI_STATUS_CLEAR_MS,
  COMMENTS_LOAD_MORE,
  COMMENTS_SHOWN_FIRST,
  DEFAULT_OFFER_TEXT,
  IMAGE_MAX_BYTES,
  MAX_MEDIA_ATTACHMENTS,
  MAX_REPLY_DEPTH,
  POST_CATEGORIES,
  POST_CONTENT_MAX,
  POST_URGENCIES,
  SHARE_TEXT_MAX,
  THE_S_BRAIN_ID,
  THE_S_BRAIN_NAME,
  VIDEO_MAX_BYTES,
  ASPECT_RATIOS,
  bookingComingSoon,
  completeToPost,
  completeToSave,
  feedTexts,
  missingPostParts,
  tagText,
  uploadFailedMessage,
} from '@contracts/feed-limits';
export type { AiStatus, MediaAttachment, PostCategory, PostUrgency } from '@contracts/feed-limits';
export { FEED_PAGE_SIZE, feedPaths } from '@contracts/feed-limits';
export { previewOf, textSegments } from '@contracts/feed-text';
export type { TextSegment } from '@contracts/feed-text';

// Checks shared by the post decide functions. Each throws a DomainError with a readable text.
import { DomainError } from '../shared.js';
import type { DomainErrorCode } from '../shared.js';
import { ASPECT_RATIOS, MEDIA_TYPES } from './events.js';
import type { MediaAttachment } from './events.js';
import { MAX_MEDIA_ATTACHMENTS, MAX_MENTIONS, feedTexts, isPostCategory, isPostUrgency } from './rules.js';
import type { PostCategory, PostUrgency } from './rules.js';
import type { ActivePost, PostState } from './state.js';

export function fail(code: DomainErrorCode, message: string): never {
  throw new DomainError(code, message);
}

/** A member's command meets an existing, not deleted post (a deleted one is hidden: 404 as if absent). */
export const activePost = (state: PostState): ActivePost => {
  if (state.status === 'absent') fail('NOT_FOUND', feedTexts.postNotFound);
  if (state.status === 'deleted') fail('NOT_FOUND', feedTexts.postDeleted);
  return state;
};

export const requireId = (id: string | null | undefined): string => (id && id.trim() ? id : fail('VALIDATION', feedTexts.idRequired));

/** Trimmed text of 1..max characters (UTF-16 units, as the client's counter counts). */
export const boundedText = (raw: string, max: number, texts: { empty: string; tooLong: string }): string => {
  const text = raw.trim();
  if (!text) fail('VALIDATION', texts.empty);
  if (text.length > max) fail('VALIDATION', texts.tooLong);
  return text;
};

export const categoryOf = (value: string | null | undefined): PostCategory => (isPostCategory(value) ? value : fail('VALIDATION', feedTexts.categoryRequired));
export const urgencyOf = (value: string | null | undefined): PostUrgency => (isPostUrgency(value) ? value : fail('VALIDATION', feedTexts.urgencyRequired));

/** Distinct member ids in order; more than MAX_MENTIONS is refused rather than silently notifying only some. */
export const mentionList = (mentions: readonly string[]): string[] => {
  const distinct = [...new Set(mentions.filter((id) => id.trim() !== ''))];
  return distinct.length > MAX_MENTIONS ? fail('VALIDATION', feedTexts.tooManyMentions) : distinct;
};

const isCount = (n: unknown) => n === null || (typeof n === 'number' && Number.isInteger(n) && n >= 0);

/** The fields a card can show, and a url without query string (spec 001 §3); the bytes were checked upstream. */
export const attachmentList = (attachments: readonly MediaAttachment[]): MediaAttachment[] => {
  if (attachments.length > MAX_MEDIA_ATTACHMENTS) fail('VALIDATION', feedTexts.tooManyAttachments);
  for (const a of attachments) {
    const valid =
      Boolean(a.id?.trim()) &&
      (MEDIA_TYPES as readonly string[]).includes(a.type) &&
      /^https?:\/\/[^?#\s]+$|^\/[^?#\s]*$/u.test(a.url) &&
      (a.aspectRatio === null || (ASPECT_RATIOS as readonly string[]).includes(a.aspectRatio)) &&
      isCount(a.width) &&
      isCount(a.height) &&
      isCount(a.sizeBytes);
    if (!valid) fail('VALIDATION', feedTexts.attachmentInvalid);
  }
  return attachments.map((a) => ({ ...a }));
};

export const instantMs = (iso: string): number => {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? fail('VALIDATION', `Invalid instant: ${iso}`) : ms;
};

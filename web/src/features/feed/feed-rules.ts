// The feed's pure rules (spec 001 §2.3-2.6, §9): ages, filters, share text, the composer's missing
// parts. Limits and texts come from the zod-free parts of the contracts, so the page's first chunk
// does not load the form schemas.
import { relativeAge } from '@/lib/dates';
import { MAX_REPLY_DEPTH, SHARE_TEXT_MAX, previewOf } from './feed-constants';

/** §2.3: under 1 h 'Just now', under 24 h '{n}h ago', under 7 days '{n}d ago', else the date. */
export const postAge = (createdAt: string, now: number): string => relativeAge(createdAt, now);

/** The address a share carries: the feed with the post's anchor (§2.3 '#post-{id}'). */
export const postLink = (origin: string, postId: string): string => `${origin}/feed#post-${postId}`;

/** §8 Share: the first 100 characters of the post, then the link. */
export const shareText = (content: string): string => previewOf(content, SHARE_TEXT_MAX);

/** A reply box shows under a comment only while its replies may nest one level deeper (§2.3, depth 0-3). */
export const canReplyTo = (depth: number): boolean => depth < MAX_REPLY_DEPTH;

export const urgencyLabel = (urgency: string): string => `${urgency.charAt(0).toUpperCase()}${urgency.slice(1)} priority`;

export const categoryLabel = (category: string): string => `${category.charAt(0).toUpperCase()}${category.slice(1)}`;

/**
 * The "new posts" pill (issue 20 point 8): posts that arrive above the ones the member has seen wait
 * behind the pill instead of pushing the list down; the member's own posts show at once. `known`
 * holds the ids the list has shown; a list seen for the first time is all shown.
 */
export const splitNewPosts = <T extends { id: string; author: { id: string } }>(
  posts: readonly T[],
  known: ReadonlySet<string>,
  viewerId: string,
): { shown: T[]; waiting: T[] } => {
  const firstKnown = posts.findIndex((post) => known.has(post.id));
  if (firstKnown <= 0) return { shown: [...posts], waiting: [] };
  const above = posts.slice(0, firstKnown);
  return {
    shown: [...above.filter((post) => post.author.id === viewerId), ...posts.slice(firstKnown)],
    waiting: above.filter((post) => post.author.id !== viewerId),
  };
};

// '@' then a name, whatever it holds (hyphens, apostrophes, emoji: issue 29 item 7), on one line, up to a
// member name's 100 characters; '#' then a tag's characters. Only after the start or a space, as the
// server reads them.
const MENTION_BEFORE_CARET = /(?:^|[\s([{"'])@([^\s@][^\n\r@]{0,99})$/u;
const TAG_BEFORE_CARET = /(?:^|[\s([{"'])#([\p{L}\p{N}_][\p{L}\p{N}_+#.-]{0,49})$/u;

export interface Trigger {
  kind: '@' | '#';
  query: string;
  /** Index of the '@' or '#'. */
  start: number;
}

/** The '@' or '#' word the caret is in, for the composer's and comment boxes' suggestions (spec 001 §5). */
export const triggerAt = (text: string, caret: number): Trigger | null => {
  const before = text.slice(0, caret);
  // The '#' word first: an '@' name may hold spaces, so '@Zoë Łukasz on #Rust' would read as one long name.
  const tag = TAG_BEFORE_CARET.exec(before);
  if (tag) return { kind: '#', query: tag[1]!, start: caret - tag[1]!.length - 1 };
  const mention = MENTION_BEFORE_CARET.exec(before);
  if (mention) return { kind: '@', query: mention[1]!, start: caret - mention[1]!.length - 1 };
  return null;
};

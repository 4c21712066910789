// What a post's or comment's text says besides itself: its #tags (skills) and its @mentions (names to
// resolve to members). Pure, so the server, the read models and the client read a text the same way.
import { SKILL_NEEDED_DEFAULT, TAG_MAX } from './rules.js';

// A tag starts after the start, a space or an opening bracket/quote (so 'page#anchor' and 'C#' inside a
// word are no tags), with a letter, digit or underscore; it may go on with + # . - (C++, C#, Node.js).
const TAG = /(?<=^|[\s([{"'])#([\p{L}\p{N}_][\p{L}\p{N}_+#.-]*)/gu;
const TRAILING_PUNCTUATION = /[.-]+$/u;

/** Every '#tag' as written, with its [start, end) span (the '#' included, trailing punctuation not). */
export const tagSpans = (text: string): { tag: string; start: number; end: number }[] =>
  [...text.matchAll(TAG)].map((match) => {
    const tag = match[1]!.replace(TRAILING_PUNCTUATION, '');
    return { tag, start: match.index, end: match.index + 1 + tag.length };
  });

/** Distinct tags in order of appearance (compared without case; the first spelling is kept), at most TAG_MAX characters each. */
export const extractTags = (text: string): string[] => {
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const span of tagSpans(text)) {
    const tag = span.tag.slice(0, TAG_MAX);
    const key = tag.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    tags.push(tag);
  }
  return tags;
};

/** The first `max` characters, with '...' when the text is longer (spec 001 §7: notification previews, share text). */
export const previewOf = (text: string, max: number): string => (text.length > max ? `${text.slice(0, max)}...` : text);

/** Spec 001 §5: the skill given, else the first #tag of the content, else 'General Help'. */
export const skillNeededFor = (given: string | null | undefined, content: string): string => given?.trim() || extractTags(content)[0] || SKILL_NEEDED_DEFAULT;

/** A mention is '@' then letters, digits, underscore or spaces (spec 001 §5); names have at most this many words. */
export const MENTION_MAX_WORDS = 4;
// '@' not inside a word (so e-mail addresses are no mentions), then a run of name characters.
const MENTION = /(?<![\p{L}\p{N}_@])@([\p{L}\p{N}_]+(?:[ \t]+[\p{L}\p{N}_]+)*)/gu;

/** How names are compared: case, surrounding and repeated spaces do not matter. */
export const normaliseName = (name: string): string => name.trim().replace(/\s+/gu, ' ').toLowerCase();

interface MentionRun {
  /** Index of the '@'. */
  at: number;
  /** The words after it, at most MENTION_MAX_WORDS. */
  words: string[];
}

const mentionRuns = (text: string): MentionRun[] =>
  [...text.matchAll(MENTION)].map((match) => ({ at: match.index, words: match[1]!.split(/[ \t]+/u).slice(0, MENTION_MAX_WORDS) }));

/** '@Ada Lovelace can' may name 'Ada Lovelace can', 'Ada Lovelace' or 'Ada': the longest first. */
const candidatesOf = (run: MentionRun): string[] => run.words.map((_, i) => run.words.slice(0, run.words.length - i).join(' '));

/** Every name the text may mention, normalised and distinct: what the caller looks up among the members. */
export const mentionCandidateNames = (text: string): string[] => [...new Set(mentionRuns(text).flatMap((run) => candidatesOf(run).map(normaliseName)))];

export interface ResolvedMention {
  memberId: string;
  /** The name as written after '@'. */
  name: string;
  /** [start, end) of '@name' in the text. */
  start: number;
  end: number;
}

/**
 * Each '@' resolved to the member whose (normalised) name is the longest candidate found in `known`;
 * a name that is no member stays text. memberIds are distinct, in order of first mention.
 */
export const resolveMentions = (text: string, known: ReadonlyMap<string, string>): { memberIds: string[]; mentions: ResolvedMention[] } => {
  const mentions: ResolvedMention[] = [];
  for (const run of mentionRuns(text)) {
    const name = candidatesOf(run).find((candidate) => known.has(normaliseName(candidate)));
    if (name === undefined) continue;
    // The written span: the words matched, with the spacing the author typed.
    const end = run.at + 1 + writtenLength(text.slice(run.at + 1), name.split(' ').length);
    mentions.push({ memberId: known.get(normaliseName(name))!, name: text.slice(run.at + 1, end), start: run.at, end });
  }
  return { memberIds: [...new Set(mentions.map((m) => m.memberId))], mentions };
};

/** Length of the first `words` words of `rest`, with the spaces between them. */
const writtenLength = (rest: string, words: number): number => {
  const match = new RegExp(`^[\\p{L}\\p{N}_]+(?:[ \\t]+[\\p{L}\\p{N}_]+){${words - 1}}`, 'u').exec(rest);
  return match ? match[0].length : 0;
};

// What a post's or comment's text says besides itself: its #tags (skills) and its @mentions (names to
// resolve to members). Pure, so the server, the read models and the client read a text the same way.
import { SKILL_NEEDED_DEFAULT, TAG_MAX } from './rules.js';

// A tag starts after the start, a space or an opening bracket/quote (so 'page#anchor' and 'C#' inside a
// word are no tags), with a letter, digit or underscore; it may go on with + # . - (C++, C#, Node.js).
const TAG = /(?<=^|[\s([{"'])#([\p{L}\p{N}_][\p{L}\p{N}_+#.-]*)/gu;
const TRAILING_PUNCTUATION = /[.-]+$/u;

/**
 * Every '#tag' with its [start, end) span as written (the '#' included, trailing punctuation not). An
 * underscore in a tag stands for a space, so a skill of several words is one tag: '#Rust_ownership' is
 * 'Rust ownership' (what the '#' suggestions write, tagText).
 */
export const tagSpans = (text: string): { tag: string; start: number; end: number }[] =>
  [...text.matchAll(TAG)].map((match) => {
    const written = match[1]!.replace(TRAILING_PUNCTUATION, '');
    return { tag: written.replace(/_+/gu, ' ').trim() || written, start: match.index, end: match.index + 1 + written.length };
  });

/** How a skill's name is written after '#': its spaces as underscores ('Rust ownership' -> 'Rust_ownership'). */
export const tagText = (name: string): string => name.trim().replace(/\s+/gu, '_');

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

/**
 * A mention is '@' then a member's name, whatever the name holds: letters with diacritics, hyphens,
 * apostrophes, emoji (spec 001 §5 names letters, digits, underscore and spaces; issue 29 item 7). The
 * text after '@' is read over at most this many words and MENTION_SCAN_MAX characters (member names are
 * at most 100, domain/member NAME_MAX), and every place a name may end there is a candidate.
 */
export const MENTION_MAX_WORDS = 10;
export const MENTION_SCAN_MAX = 100;
// '@' not inside a word (so e-mail addresses are no mentions), then something other than a space.
const MENTION_AT = /(?<![\p{L}\p{N}_@])@(?=[^\s@])/gu;
// A name ends before a space, punctuation or a symbol (an emoji), or at the text's end: never inside a word,
// so '@Adam' is no mention of Ada, while '@Jean-Luc' may be one of Jean and '@Ada,' one of Ada.
const NAME_BREAK = /[\s\p{P}\p{S}]/u;
const SPACE = /\s/u;
const ZERO_WIDTH_JOINER = '\u200d';

/** How names are compared: case, surrounding and repeated spaces do not matter. */
export const normaliseName = (name: string): string => name.trim().replace(/\s+/gu, ' ').toLowerCase();

interface MentionRun {
  /** Index of the '@'. */
  at: number;
  /** Where the name may end (exclusive indexes into the text), the longest first. */
  ends: number[];
}

const candidateEnds = (text: string, start: number): number[] => {
  const ends: number[] = [];
  const limit = Math.min(text.length, start + MENTION_SCAN_MAX);
  let words = 0;
  let afterSpace = true;
  let afterJoiner = false;
  // By code point, so an emoji's two halves are never split, nor a joined emoji (👩‍💻) at its joiner.
  for (let at = start; ;) {
    const char = at < text.length ? String.fromCodePoint(text.codePointAt(at)!) : '';
    if (at > start && !afterSpace && !afterJoiner && (char === '' || NAME_BREAK.test(char))) ends.push(at);
    if (char === '' || at >= limit || char === '\n' || char === '\r') break;
    const space = SPACE.test(char);
    if (!space && afterSpace && ++words > MENTION_MAX_WORDS) break;
    afterSpace = space;
    afterJoiner = char === ZERO_WIDTH_JOINER;
    at += char.length;
  }
  return ends.reverse();
};

const mentionRuns = (text: string): MentionRun[] => [...text.matchAll(MENTION_AT)].map((match) => ({ at: match.index, ends: candidateEnds(text, match.index + 1) }));

/** '@Ada Lovelace can' may name 'Ada Lovelace can', 'Ada Lovelace' or 'Ada': the longest first. */
const candidatesOf = (text: string, run: MentionRun): string[] => run.ends.map((end) => text.slice(run.at + 1, end));

/** Every name the text may mention, normalised and distinct: what the caller looks up among the members. */
export const mentionCandidateNames = (text: string): string[] => [...new Set(mentionRuns(text).flatMap((run) => candidatesOf(text, run).map(normaliseName)))];

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
  let after = 0;
  for (const run of mentionRuns(text)) {
    // An '@' inside a name already matched (a name that holds one) starts nothing.
    if (run.at < after) continue;
    const end = run.ends.find((candidate) => known.has(normaliseName(text.slice(run.at + 1, candidate))));
    if (end === undefined) continue;
    const name = text.slice(run.at + 1, end);
    mentions.push({ memberId: known.get(normaliseName(name))!, name, start: run.at, end });
    after = end;
  }
  return { memberIds: [...new Set(mentions.map((m) => m.memberId))], mentions };
};

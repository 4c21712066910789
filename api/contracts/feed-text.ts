// A post's or comment's text as the client renders it: plain text, with mentions, tags and links as
// elements, never as HTML (issue 20 point 3). Pure and shared, so every screen splits a text the same way.
import { resolveMentions, tagSpans } from '../../domain/post/text.js';

export { mentionCandidateNames, normaliseName, previewOf, resolveMentions } from '../../domain/post/text.js';

export type TextSegment =
  | { kind: 'text'; text: string }
  | { kind: 'mention'; text: string; memberId: string }
  | { kind: 'tag'; text: string; tag: string }
  | { kind: 'link'; text: string; href: string };

// http(s) only: a 'javascript:' or 'data:' address in a post stays text. Closing punctuation is the sentence's.
const LINK = /\bhttps?:\/\/[^\s<>"']+/giu;
const LINK_TRAILING = /[.,;:!?)\]}]+$/u;

interface Span {
  start: number;
  end: number;
  segment: TextSegment;
}

const linkSpans = (text: string): Span[] =>
  [...text.matchAll(LINK)].map((match) => {
    const href = match[0].replace(LINK_TRAILING, '');
    return { start: match.index, end: match.index + href.length, segment: { kind: 'link', text: href, href } };
  });

/**
 * Splits `text` into segments; `known` maps normalised names of the members the text mentions (the
 * post's mentions, with their names) to their ids, so only real mentions become elements. Where spans
 * overlap, the earlier wins (a link before a tag or mention inside it).
 */
export const textSegments = (text: string, known: ReadonlyMap<string, string>): TextSegment[] => {
  const spans: Span[] = [
    ...linkSpans(text),
    ...resolveMentions(text, known).mentions.map((m): Span => ({
      start: m.start,
      end: m.end,
      segment: { kind: 'mention', text: text.slice(m.start, m.end), memberId: m.memberId },
    })),
    ...tagSpans(text).map((t): Span => ({ start: t.start, end: t.end, segment: { kind: 'tag', text: text.slice(t.start, t.end), tag: t.tag } })),
  ].sort((a, b) => a.start - b.start || b.end - a.end);
  const segments: TextSegment[] = [];
  let at = 0;
  for (const span of spans) {
    if (span.start < at) continue;
    if (span.start > at) segments.push({ kind: 'text', text: text.slice(at, span.start) });
    segments.push(span.segment);
    at = span.end;
  }
  if (at < text.length) segments.push({ kind: 'text', text: text.slice(at) });
  return segments;
};

// A member's initials for an avatar without a picture. Names are free text, so this works on user-perceived
// characters (graphemes), never on UTF-16 code units, which would split an emoji or a flag into a lone
// surrogate ('C\uD83C'); and it skips what is not a letter or digit (markup such as '<b>', quotes, emoji),
// so a name like '<b>Mary' shows 'M', not 'M<'.
// The segmenter is made on the first name that needs it: making one loads ICU's break rules, tens of
// milliseconds on a slow phone, and most names (letters, digits, spaces, punctuation of one code point
// each) split the same way by code points (issue 29 point 18: work before the first paint).
let segmenter: Intl.Segmenter | undefined;
const simpleText = /^[\p{L}\p{N}\p{P}\p{Zs}]*$/u;
const combining = /\p{M}/u;
const letterOrDigit = /^[\p{L}\p{N}]/u;
const markup = /<[^>]*>/g;

const graphemes = (text: string): string[] => {
  if (simpleText.test(text) && !combining.test(text)) return Array.from(text);
  segmenter ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  return Array.from(segmenter.segment(text), (s) => s.segment);
};

/** The first letter or digit of a word, as a whole grapheme (with its accents); undefined when it has none. */
const firstLetter = (word: string): string | undefined => graphemes(word).find((g) => letterOrDigit.test(g));

/** Up to two initials from the first words that hold a letter or digit; else the name's first grapheme; else '?'. */
export const initials = (name: string): string => {
  const text = name.replace(markup, ' ').trim();
  const letters = text
    .split(/\s+/)
    .map(firstLetter)
    .filter((g): g is string => g !== undefined)
    .slice(0, 2)
    .map((g) => g.toLocaleUpperCase());
  if (letters.length > 0) return letters.join('');
  // A name of emoji alone keeps its first emoji whole rather than showing '?'.
  return graphemes(text)[0] ?? '?';
};

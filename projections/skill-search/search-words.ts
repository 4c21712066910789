// How search text is matched (decision 158). A query matches a text when the text contains it as typed
// (a trigram index serves the substring test), or when each of its words is within one typo of a word
// of the text: one letter missing, added or wrong, or two neighbours swapped ('Pyhton' -> 'Python').
// Trigram similarity alone cannot tell 'Pyhton' from 'Boston' (both share 2 of 7 trigrams), so the typo
// test uses deletion neighbourhoods instead: two words are within one such edit exactly when they are
// equal or one deletion of each meets (SymSpell). A row stores the words of its text with their one-
// letter deletions as text; a full-text (tsvector) GIN index finds the rows holding, for every word of a
// query, one of its forms, in one exact (never rechecked) index condition.

/** Lower case, accents kept, spaces collapsed: how texts and queries compare. */
export const searchKey = (text: string): string => text.trim().replace(/\s+/gu, ' ').toLowerCase();

/** Words of letters and digits, lower case. */
export const wordsOf = (text: string): string[] => searchKey(text).match(/[\p{L}\p{N}]+/gu) ?? [];

/** Shorter words are matched as typed only: one typo in three letters is another word. */
export const TYPO_MIN_LENGTH = 4;
/** A query's words beyond this many are not looked at: no skill needs more to be found. */
export const QUERY_WORDS_MAX = 6;

/** The word and, from TYPO_MIN_LENGTH letters, each form with one letter left out. */
export const typoForms = (word: string): string[] => {
  const letters = [...word];
  if (letters.length < TYPO_MIN_LENGTH) return [word];
  const forms = new Set([word]);
  for (let i = 0; i < letters.length; i++) forms.add(letters.slice(0, i).join('') + letters.slice(i + 1).join(''));
  return [...forms];
};

/** What a row stores for the typo test: the forms of every distinct word of its texts. */
export const typoFormsOf = (...texts: readonly string[]): string[] => {
  const forms = new Set<string>();
  for (const word of new Set(texts.flatMap(wordsOf))) for (const form of typoForms(word)) forms.add(form);
  return [...forms];
};

/** The row's column for the typo test: its forms, separated by spaces, for to_tsvector('simple', ...). */
export const typoWordsOf = (...texts: readonly string[]): string => typoFormsOf(...texts).join(' ');

export interface ParsedQuery {
  /** The whole query as compared with texts; '' for none. */
  key: string;
  /**
   * Per word of the query: the forms that find it as a word of the text (its typo forms from 4 letters,
   * itself under 3), or null for a 3-letter word, which is found inside the text instead ('sql' in 'mysql').
   */
  words: { word: string; forms: string[] | null }[];
}

export const parseQuery = (query: string): ParsedQuery => {
  const key = searchKey(query);
  const words = [...new Set(wordsOf(key))].slice(0, QUERY_WORDS_MAX);
  const formsOf = (word: string) => ([...word].length === TYPO_MIN_LENGTH - 1 ? null : typoForms(word));
  return { key, words: words.map((word) => ({ word, forms: formsOf(word) })) };
};

/** The words' forms as a tsquery text: every word, through any one of its forms (letters and digits only, so quoting is safe). */
export const formsQuery = (words: readonly { forms: readonly string[] }[]): string =>
  words.map(({ forms }) => `(${forms.map((form) => `'${form}'`).join(' | ')})`).join(' & ');

/** A LIKE pattern that finds `text` anywhere, its wildcard characters taken literally. */
export const containsPattern = (text: string): string => `%${text.replace(/[\\%_]/gu, (c) => `\\${c}`)}%`;

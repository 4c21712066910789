// A query's words resolved to the catalogue's words (decision 177): each query word stands for the
// vocabulary's words within one typo of it (their typo forms meet, decision 158's rule, looked up by
// form in a B-tree) and, from three letters, the words that contain it ('sql' in 'postgresql', 'pyth'
// while typing 'python'; a trigram index on the vocabulary). Words under four letters take no typo,
// and words under three are matched whole. A skill matches when, for every query word, it has a word
// row under one of that word's candidates.
import { sql, type RawBuilder } from 'kysely';
import { containsPattern, type ParsedQuery, TYPO_MIN_LENGTH, typoForms } from './search-words.js';

/** From this many letters a query word is also looked for inside the words of the texts. */
const INSIDE_MIN = 3;

/**
 * The statement part that resolves the query's words: rows (i, words), the candidate words of the i-th
 * query word; a word without candidates has no row, so the search that reads them finds nothing.
 */
export const candidateWords = (query: ParsedQuery): RawBuilder<unknown> => {
  const lookups = query.words.map(({ word }, i): RawBuilder<unknown> => {
    const length = [...word].length;
    const tests: RawBuilder<unknown>[] = [];
    // 3-letter words only inside: a typo of three letters is another word (decision 158).
    if (length >= TYPO_MIN_LENGTH || length < INSIDE_MIN) {
      const forms = length >= TYPO_MIN_LENGTH ? typoForms(word) : [word];
      tests.push(sql`select ${i}::int as i, word from skill_search_word_forms where form = any(${forms}::text[])`);
    }
    if (length >= INSIDE_MIN) tests.push(sql`select ${i}::int as i, word from skill_search_vocabulary where word like ${containsPattern(word)}`);
    return sql.join(tests, sql` union all `);
  });
  return sql`select i, array_agg(distinct word) as words from (${sql.join(lookups, sql` union all `)}) c group by i`;
};

// The skill-search read model's tables: the skills members teach with their mentor's name, picture and
// rating in the row (the cards), the words of each skill in rating order with the vocabulary of those
// words and their typo forms (the search, decision 177), the members' names (the '@' suggestions and
// the mentor of a new skill), the ratings mentors received (their figures are recomputed from these),
// and the catalogue's names (the '#' suggestions).
import type { ExperienceLevel } from '../../domain/member/events.js';
import { sql, type RawBuilder } from 'kysely';
import { defineTable, int4, text, type DatabaseOf, type RowOfTable } from '../runtime/table.js';

export const skillSearchTable = defineTable({
  name: 'skill_search',
  key: ['skill_id'],
  columns: {
    skill_id: text(),
    mentor_id: text(),
    mentor_name: text(),
    mentor_image_url: text().nullable(),
    name: text(),
    /** searchKey(name): the '#' suggestions' order and ties of equal ratings. */
    name_key: text(),
    description: text(),
    category: text(),
    experience_level: text<ExperienceLevel>(),
    points_per_hour: int4(),
    /** The mentor's average rating in tenths, as shown (4.66 -> 47): the sort and the minimum-rating filter. */
    rating_tenths: int4(),
    review_count: int4(),
  },
  indexes: {
    skill_search_mentor_idx: ['mentor_id'],
    // The results' order (spec 001 §2.2: by rating, descending) for a search without text, read in order;
    // the filters after the unique skill_id, so that a filtered page and count are read from it alone.
    skill_search_rating_idx: ['rating_tenths desc', 'review_count desc', 'name_key', 'skill_id', 'category', 'experience_level'],
  },
  // No parallel plans: a search reads a thousand-odd rows, less than starting workers costs, and under
  // load the workers take the cores the other searches need (a 5 ms search took 80 ms with two workers).
  storage: { parallel_workers: 0 },
});

/**
 * One row per skill and distinct word of its texts (name, mentor's name, category, description), with
 * the sort keys and the filters: the first page of a word is the front of its range of the order index,
 * read index-only (decision 177). The key (skill, word) serves the rewrite of a skill's words.
 */
export const skillSearchWordsTable = defineTable({
  name: 'skill_search_words',
  key: ['skill_id', 'word'],
  columns: {
    skill_id: text(),
    word: text(),
    rating_tenths: int4(),
    review_count: int4(),
    name_key: text(),
    category: text(),
    experience_level: text<ExperienceLevel>(),
  },
  indexes: {
    // The filters after the sort keys (which end in the unique skill_id, so they do not change the
    // order): a filtered search is answered from the index alone.
    skill_search_words_order_idx: ['word', 'rating_tenths desc', 'review_count desc', 'name_key', 'skill_id', 'category', 'experience_level'],
  },
  storage: { parallel_workers: 0 },
});

/** Every word ever in a skill's texts (it only grows: a word no skill has any more finds no rows). */
export const skillSearchVocabularyTable = defineTable({
  name: 'skill_search_vocabulary',
  key: ['word'],
  columns: { word: text() },
  onConflict: 'nothing',
});

/** The vocabulary's typo forms (typoForms: the word and its one-letter deletions), one row per form and word. */
export const skillSearchWordFormsTable = defineTable({
  name: 'skill_search_word_forms',
  key: ['form', 'word'],
  columns: { form: text(), word: text() },
  onConflict: 'nothing',
});

export const skillSearchPeopleTable = defineTable({
  name: 'skill_search_people',
  key: ['member_id'],
  columns: {
    member_id: text(),
    name: text(),
    name_key: text(),
    image_url: text().nullable(),
    rating_tenths: int4(),
    review_count: int4(),
    typo_words: text(),
  },
});

export const skillSearchRatingsTable = defineTable({
  name: 'skill_search_ratings',
  key: ['session_id'],
  columns: { session_id: text(), instructor_id: text(), stars: int4() },
  // A session is rated once; a repeat keeps the first (as member-stats does).
  onConflict: 'nothing',
  indexes: { skill_search_ratings_instructor_idx: ['instructor_id'] },
});

/** Every skill name known, once per spelling: catalogued (a #tag, Create New Skill) or taught by a member. */
export const skillSearchNamesTable = defineTable({
  name: 'skill_search_names',
  key: ['name_key'],
  columns: {
    name_key: text(),
    /** The catalogue's id, or the first taught skill's. */
    skill_id: text(),
    name: text(),
    category: text(),
    /** 'catalogue' entries come before 'taught' ones and replace them. */
    source: text<'catalogue' | 'taught'>(),
    typo_words: text(),
  },
});

export const skillSearchTables = {
  skill_search: skillSearchTable,
  skill_search_words: skillSearchWordsTable,
  skill_search_vocabulary: skillSearchVocabularyTable,
  skill_search_word_forms: skillSearchWordFormsTable,
  skill_search_people: skillSearchPeopleTable,
  skill_search_ratings: skillSearchRatingsTable,
  skill_search_names: skillSearchNamesTable,
};

/** The typo test's index expression: the queries use exactly this, or the index is not used. */
export const typoVector = (words: RawBuilder<string>) => sql<unknown>`to_tsvector('simple', ${words})`;

/** Trigram (substring) and typo-word indexes, which the table declarations cannot express. */
export const skillSearchTextIndexes = [
  { name: 'skill_search_vocabulary_trgm_idx', table: 'skill_search_vocabulary', column: 'word', kind: 'trigram' },
  { name: 'skill_search_people_trgm_idx', table: 'skill_search_people', column: 'name_key', kind: 'trigram' },
  { name: 'skill_search_people_words_idx', table: 'skill_search_people', column: 'typo_words', kind: 'words' },
  { name: 'skill_search_names_trgm_idx', table: 'skill_search_names', column: 'name_key', kind: 'trigram' },
  { name: 'skill_search_names_words_idx', table: 'skill_search_names', column: 'typo_words', kind: 'words' },
] as const;

export type SkillSearchRow = RowOfTable<typeof skillSearchTable>;
export type SkillSearchWordRow = RowOfTable<typeof skillSearchWordsTable>;
export type SkillSearchPersonRow = RowOfTable<typeof skillSearchPeopleTable>;
export type SkillSearchNameRow = RowOfTable<typeof skillSearchNamesTable>;
export type SkillSearchDb = DatabaseOf<typeof skillSearchTables>;

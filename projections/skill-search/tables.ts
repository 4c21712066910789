// The skill-search read model's tables: the skills members teach with their mentor's name, picture and
// rating in the row (the cards), the log position of each skill's last change (which the in-memory word
// index of the search follows, decision 178), who likes each skill, the members' names (the '@' suggestions and
// the mentor of a new skill), the ratings mentors received (their figures are recomputed from these),
// and the catalogue's names (the '#' suggestions).
import type { ExperienceLevel } from '../../domain/member/events.js';
import { sql, type RawBuilder } from 'kysely';
import { defineTable, int4, int8, text, type DatabaseOf, type RowOfTable } from '../runtime/table.js';

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
  // A renamed or newly rated mentor's skills are rewritten; the search reads rows by key only (decision 178).
  indexes: { skill_search_mentor_idx: ['mentor_id'] },
});

/**
 * One row per skill ever written, with the log position of its last change (written or removed): the
 * in-memory word index reads the changes after the last position it read (search-index.ts, decision 178).
 */
export const skillSearchChangesTable = defineTable({
  name: 'skill_search_changes',
  key: ['skill_id'],
  columns: { skill_id: text(), position: int8() },
  indexes: { skill_search_changes_position_idx: ['position', 'skill_id'] },
});

/** Who likes which skill (the cards' likes, kept here so that a like and the skill's change are one write). */
export const skillSearchLikesTable = defineTable({
  name: 'skill_search_likes',
  key: ['skill_id', 'member_id'],
  columns: { skill_id: text(), member_id: text() },
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
  skill_search_changes: skillSearchChangesTable,
  skill_search_likes: skillSearchLikesTable,
  skill_search_people: skillSearchPeopleTable,
  skill_search_ratings: skillSearchRatingsTable,
  skill_search_names: skillSearchNamesTable,
};

/** The typo test's index expression: the queries use exactly this, or the index is not used. */
export const typoVector = (words: RawBuilder<string>) => sql<unknown>`to_tsvector('simple', ${words})`;

/** Trigram (substring) and typo-word indexes, which the table declarations cannot express. */
export const skillSearchTextIndexes = [
  { name: 'skill_search_people_trgm_idx', table: 'skill_search_people', column: 'name_key', kind: 'trigram' },
  { name: 'skill_search_people_words_idx', table: 'skill_search_people', column: 'typo_words', kind: 'words' },
  { name: 'skill_search_names_trgm_idx', table: 'skill_search_names', column: 'name_key', kind: 'trigram' },
  { name: 'skill_search_names_words_idx', table: 'skill_search_names', column: 'typo_words', kind: 'words' },
] as const;

export type SkillSearchRow = RowOfTable<typeof skillSearchTable>;
export type SkillSearchPersonRow = RowOfTable<typeof skillSearchPeopleTable>;
export type SkillSearchNameRow = RowOfTable<typeof skillSearchNamesTable>;
export type SkillSearchDb = DatabaseOf<typeof skillSearchTables>;

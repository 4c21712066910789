// What the skill search's in-memory copy keeps of a skill, and what a search over it asks and answers
// (decision 178): shared by the index (word-index.ts) and its reads (ordered-reads.ts).
import type { ExperienceLevel } from '../../domain/member/events.js';
import { wordsOf } from './search-words.js';
import type { SkillSearchRow } from './tables.js';

/** What the index keeps of a skill: the order, the filters, the words, and the card with who likes it. */
export interface IndexedSkill {
  id: string;
  rating: number;
  reviews: number;
  nameKey: string;
  category: string;
  level: ExperienceLevel;
  words: readonly string[];
  row: SkillSearchRow;
  likers: ReadonlySet<string>;
}

export interface WordIndexFilter {
  category?: string | undefined;
  level?: ExperienceLevel | undefined;
  /** Stars, e.g. 4.5: the rating as shown (to one decimal) must reach it. */
  minRating: number;
  offset: number;
}

export interface WordIndexPage {
  /** Up to SKILL_SEARCH_PAGE + 1 skills from the offset, in order: one more than shown tells of a next page. */
  skills: IndexedSkill[];
  /** The matches, counted up to SKILL_SEARCH_COUNT_MAX + 1. */
  total: number;
}

/** Most skills have no likers: one empty set for all of them rather than one each. */
const NO_LIKERS: ReadonlySet<string> = new Set();

/** A skill as the index keeps it, from its read-model row: the words of its name, mentor, category and description. */
export const indexedSkillOf = (row: SkillSearchRow, likers: readonly string[]): IndexedSkill => ({
  id: row.skill_id,
  rating: Number(row.rating_tenths),
  reviews: Number(row.review_count),
  nameKey: row.name_key,
  category: row.category,
  level: row.experience_level,
  words: [...new Set([row.name, row.mentor_name, row.category, row.description].flatMap(wordsOf))],
  row,
  likers: likers.length === 0 ? NO_LIKERS : new Set(likers),
});

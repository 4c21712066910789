// The word index's maintenance (decision 177): a skill's word rows are rewritten whenever its row is
// (added, changed, its mentor renamed or newly rated), so they always carry the skill's sort keys and
// filters; the vocabulary takes every word written, with its typo forms, and only grows (a word whose
// skills are gone resolves to no rows, and a vocabulary kept by reference counts would cost a read
// and a write per word on every rating).
import { sql } from 'kysely';
import type { CustomContext } from '../runtime/define-projection.js';
import { typoForms, wordsOf } from './search-words.js';
import type { skillSearchTables, SkillSearchRow, SkillSearchWordRow } from './tables.js';

type Ctx = CustomContext<typeof skillSearchTables>;

/** A skill's rows: one per distinct word of the texts searched. */
export const wordRowsOf = (skill: SkillSearchRow): SkillSearchWordRow[] =>
  [...new Set([skill.name, skill.mentor_name, skill.category, skill.description].flatMap(wordsOf))].map((word) => ({
    skill_id: skill.skill_id,
    word,
    rating_tenths: skill.rating_tenths,
    review_count: skill.review_count,
    name_key: skill.name_key,
    category: skill.category,
    experience_level: skill.experience_level,
  }));

/** Forgets the skills' word rows (a removed skill, or before writing them anew). */
export const removeSkillWords = async (ctx: Ctx, skillIds: readonly string[]) => {
  if (skillIds.length === 0) return;
  await ctx.db
    .deleteFrom('skill_search_words')
    .where('skill_id', '=', sql<string>`any(${[...skillIds]}::text[])`)
    .execute();
};

/** Rewrites the skills' word rows from their rows as now, and adds their new words to the vocabulary. */
export const writeSkillWords = async (ctx: Ctx, skills: readonly SkillSearchRow[]) => {
  await removeSkillWords(
    ctx,
    skills.map((s) => s.skill_id),
  );
  const rows = skills.flatMap(wordRowsOf);
  await ctx.write('skill_search_words', rows);
  const words = [...new Set(rows.map((r) => r.word))];
  await ctx.write(
    'skill_search_vocabulary',
    words.map((word) => ({ word })),
  );
  await ctx.write(
    'skill_search_word_forms',
    words.flatMap((word) => typoForms(word).map((form) => ({ form, word }))),
  );
};

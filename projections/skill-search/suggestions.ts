// The '@' and '#' suggestions of the composer and comment boxes (spec 001 §5: from one character; §7
// GET /users/search and /skills/search), from the skill-search read model and its text indexes. Names
// that contain the query come first: those starting with it, then those with a word that does, then the
// rest. Only when no name contains it are names within one typo suggested ('Pyhton' -> 'Python'), the
// closest first: a member typing a name sees what they typed, not its look-alikes.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { SkillSuggestion, UserSuggestion } from '../../api/contracts/skill-catalogue.js';
import { THE_S_BRAIN_ID, THE_S_BRAIN_NAME } from '../../domain/post/rules.js';
import type { ReadModelsDb } from '../read-models.js';
import { containsPattern, formsQuery, parseQuery, searchKey, type ParsedQuery } from './search-words.js';
import { typoVector } from './tables.js';

/** Below this many characters a substring test cannot use the trigram index: words are matched whole. */
const TRIGRAM_MIN = 3;

/**
 * The text test on a row's `key` (searchKey text) and `words` (typoWordsOf) columns: the query inside the
 * text, or each of its words as a word of the text within one typo (3-letter words: inside the text).
 */
const textMatches = (query: ParsedQuery, key: RawBuilder<string>, words: RawBuilder<string>): RawBuilder<boolean> => {
  const contains = (text: string) => sql<boolean>`${key} like ${containsPattern(text)}`;
  const tests: RawBuilder<boolean>[] = [];
  if ([...query.key].length >= TRIGRAM_MIN) tests.push(contains(query.key));
  const typed = query.words.flatMap(({ forms }) => (forms ? [{ forms }] : []));
  const inside = query.words.flatMap(({ word, forms }) => (forms ? [] : [contains(word)]));
  if (query.words.length > 0) {
    const each = [...(typed.length > 0 ? [sql<boolean>`${typoVector(words)} @@ to_tsquery('simple', ${formsQuery(typed)})`] : []), ...inside];
    tests.push(sql<boolean>`(${sql.join(each, sql` and `)})`);
  }
  return tests.length === 0 ? sql<boolean>`false` : sql<boolean>`(${sql.join(tests, sql` or `)})`;
};

type Ranked<T> = T & { direct: boolean };

/** The direct matches when there are any, else the typo matches. */
const directFirst = <T>(rows: readonly Ranked<T>[]): T[] => {
  const direct = rows.filter((r) => r.direct);
  return (direct.length > 0 ? direct : rows).map(({ direct: _direct, ...row }) => row as T);
};

/** Typo matches only: the closest first (direct ones keep their order by name). */
const closeness = (key: string) => sql`case when strpos(name_key, ${key}) > 0 then 1 else similarity(name_key, ${key}) end desc`;

export const searchMembers = async (db: Kysely<ReadModelsDb>, q: string, limit: number): Promise<UserSuggestion[]> => {
  const query = parseQuery(q);
  if (query.key === '') return [];
  const brain = searchKey(THE_S_BRAIN_NAME);
  const offersBrain = brain.startsWith(query.key) || brain.includes(` ${query.key}`);
  const { rows } = await sql<Ranked<{ id: string; name: string; profile_image_url: string | null }>>`
    select member_id as id, name, image_url as profile_image_url, strpos(name_key, ${query.key}) > 0 as direct
    from skill_search_people
    where name_key like ${containsPattern(query.key)} or ${textMatches(query, sql`name_key`, sql`typo_words`)}
    order by direct desc, starts_with(name_key, ${query.key}) desc, strpos(' ' || name_key, ${` ${query.key}`}) > 0 desc,
             ${closeness(query.key)}, name_key, member_id
    limit ${limit}`.execute(db);
  const members = directFirst(rows).map((r) => ({ id: r.id, name: r.name, profileImageUrl: r.profile_image_url, isAi: false }));
  if (!offersBrain) return members;
  return [{ id: THE_S_BRAIN_ID, name: THE_S_BRAIN_NAME, profileImageUrl: null, isAi: true }, ...members].slice(0, limit);
};

/** Skill names of the catalogue and of members' profiles, one per name, the catalogue's first. */
export const searchSkills = async (db: Kysely<ReadModelsDb>, q: string, limit: number): Promise<SkillSuggestion[]> => {
  const query = parseQuery(q);
  if (query.key === '') return [];
  const { rows } = await sql<Ranked<SkillSuggestion>>`
    select skill_id as id, name, category, strpos(name_key, ${query.key}) > 0 as direct
    from skill_search_names
    where name_key like ${containsPattern(query.key)} or ${textMatches(query, sql`name_key`, sql`typo_words`)}
    order by direct desc, starts_with(name_key, ${query.key}) desc, source = 'catalogue' desc,
             ${closeness(query.key)}, length(name_key), name_key
    limit ${limit}`.execute(db);
  return directFirst(rows);
};

// The '@' and '#' suggestions of the composer and comment boxes (spec 001 §5: from one character; §7
// GET /users/search and /skills/search), from the skill-search read model and its text indexes. Names
// that contain the query come first: those starting with it, then those with a word that does, then the
// rest. Only when no name contains it are names within one typo suggested ('Pyhton' -> 'Python'), the
// closest first: a member typing a name sees what they typed, not its look-alikes.
import { sql, type Kysely } from 'kysely';
import type { SkillSuggestion, UserSuggestion } from '../../api/contracts/skill-catalogue.js';
import { THE_S_BRAIN_ID, THE_S_BRAIN_NAME } from '../../domain/post/rules.js';
import type { ReadModelsDb } from '../read-models.js';
import { textMatches } from './queries.js';
import { containsPattern, parseQuery, searchKey } from './search-words.js';

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

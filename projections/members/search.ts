// '@' suggestions (spec 001 §5: from one character): members whose name starts with the query, then
// those with a word that does, then those whose name contains it; never an e-mail. The S brain is
// offered when its name matches, since mentioning it asks the assistant. Plain matching over the
// members table; issue 21 brings typo-tolerant, indexed search.
import { sql, type Kysely } from 'kysely';
import type { UserSuggestion } from '../../api/contracts/skill-catalogue.js';
import { THE_S_BRAIN_ID, THE_S_BRAIN_NAME } from '../../domain/post/rules.js';
import { normaliseName } from '../../domain/post/text.js';
import type { ReadModelsDb } from '../read-models.js';

export const searchMembers = async (db: Kysely<ReadModelsDb>, query: string, limit: number): Promise<UserSuggestion[]> => {
  const key = normaliseName(query);
  if (key === '') return [];
  const brain = normaliseName(THE_S_BRAIN_NAME);
  const offersBrain = brain.startsWith(key) || brain.includes(` ${key}`);
  const rows = await db
    .selectFrom('members')
    .select(['id', 'name', 'avatar_url'])
    .where(sql<boolean>`strpos(lower(name), ${key}) > 0`)
    .orderBy(sql`strpos(lower(name), ${key}) = 1`, 'desc')
    .orderBy(sql`strpos(' ' || lower(name), ${` ${key}`}) > 0`, 'desc')
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .limit(limit)
    .execute();
  const members = rows.map((r) => ({ id: r.id, name: r.name, profileImageUrl: r.avatar_url, isAi: false }));
  if (!offersBrain) return members;
  return [{ id: THE_S_BRAIN_ID, name: THE_S_BRAIN_NAME, profileImageUrl: null, isAi: true }, ...members].slice(0, limit);
};

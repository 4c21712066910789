// Who a text's '@names' are: the members whose name (compared as domain/post/text.ts normalises it)
// is one of the candidates, and The S brain. Two members of one name: the first to join is meant
// (names are not unique; the '@' suggestions list shows both, and the suggestion inserts the name).
import { sql, type Kysely } from 'kysely';
import { THE_S_BRAIN_ID, THE_S_BRAIN_NAME } from '../../domain/post/rules.js';
import { mentionCandidateNames, normaliseName } from '../../domain/post/text.js';
import type { ReadModelsDb } from '../read-models.js';

/** Normalised name to member id, for the names `text` may mention. */
export const mentionDirectory = async (db: Kysely<ReadModelsDb>, text: string): Promise<Map<string, string>> => {
  const names = mentionCandidateNames(text);
  const known = new Map<string, string>();
  if (names.length === 0) return known;
  if (names.includes(normaliseName(THE_S_BRAIN_NAME))) known.set(normaliseName(THE_S_BRAIN_NAME), THE_S_BRAIN_ID);
  const rows = await db
    .selectFrom('members')
    .select(['id', 'name'])
    .where(sql<boolean>`lower(regexp_replace(trim(name), '\\s+', ' ', 'g')) = any(${names}::text[])`)
    .orderBy('joined_at')
    .orderBy('id')
    .execute();
  for (const row of rows) {
    const key = normaliseName(row.name);
    if (!known.has(key)) known.set(key, row.id);
  }
  return known;
};

// Queries of the skill catalogue: one entry, and the '#' suggestions (spec 001 §5: from one character).
// Suggestions are the catalogue's names that start with the query (an index range), then names that
// contain it, of the catalogue and of the skills members teach, one per name, catalogue first.
// Issue 21 makes search typo-tolerant; this is plain matching.
import { sql, type Kysely } from 'kysely';
import { skillNameKey } from '../../domain/skill-catalogue/decide.js';
import type { CatalogueSkillView, SkillSuggestion } from '../../api/contracts/skill-catalogue.js';
import type { ReadModelsDb } from '../read-models.js';

/** Past every character a key can hold: key < prefix || LAST is "starts with prefix" in code-point order. */
const LAST = '\u{10FFFF}';

export const getCatalogueSkill = async (db: Kysely<ReadModelsDb>, id: string): Promise<CatalogueSkillView | null> => {
  const row = await db.selectFrom('skill_catalogue').select(['id', 'name', 'category', 'description', 'source']).where('id', '=', id).executeTakeFirst();
  return row ? { ...row, source: row.source === 'tag' ? 'tag' : 'member' } : null;
};

export const searchSkills = async (db: Kysely<ReadModelsDb>, query: string, limit: number): Promise<SkillSuggestion[]> => {
  const key = skillNameKey(query);
  if (key === '') return [];
  const found = new Map<string, SkillSuggestion>();
  const add = (rows: readonly { id: string; name: string; category: string }[]) => {
    for (const row of rows) if (found.size < limit && !found.has(skillNameKey(row.name))) found.set(skillNameKey(row.name), row);
  };
  // The range serves the btree index on any collation; starts_with keeps only true prefixes.
  add(
    await db
      .selectFrom('skill_catalogue')
      .select(['id', 'name', 'category'])
      .where('name_key', '>=', key)
      .where('name_key', '<', key + LAST)
      .where(sql<boolean>`starts_with(name_key, ${key})`)
      .orderBy(sql`length(name_key)`)
      .orderBy('name_key')
      .limit(limit)
      .execute(),
  );
  if (found.size >= limit) return [...found.values()];
  add(
    await db
      .selectFrom('skill_catalogue')
      .select(['id', 'name', 'category'])
      .where(sql<boolean>`strpos(name_key, ${key}) > 1`)
      .orderBy(sql`length(name_key)`)
      .orderBy('name_key')
      .limit(limit)
      .execute(),
  );
  if (found.size >= limit) return [...found.values()];
  // Skills members teach and nobody catalogued: read from the members' profiles.
  const taught = await sql<{ id: string; name: string; category: string }>`
    select s->>'id' as id, s->>'name' as name, s->>'category' as category
    from members m cross join lateral jsonb_array_elements(m.skills_to_teach) s
    where strpos(lower(s->>'name'), ${key}) > 0
    order by strpos(lower(s->>'name'), ${key}) = 1 desc, length(s->>'name'), lower(s->>'name'), s->>'id'
    limit ${limit * 4}`.execute(db);
  add(taught.rows);
  return [...found.values()];
};

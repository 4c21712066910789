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

type Found = { id: string; name: string; category: string };

export const searchSkills = async (db: Kysely<ReadModelsDb>, query: string, limit: number): Promise<SkillSuggestion[]> => {
  const key = skillNameKey(query);
  if (key === '') return [];
  const found = new Map<string, SkillSuggestion>();
  const add = (rows: readonly Found[]) => {
    for (const { id, name, category } of rows) if (found.size < limit && !found.has(skillNameKey(name))) found.set(skillNameKey(name), { id, name, category });
  };
  const catalogue = db
    .selectFrom('skill_catalogue')
    .select(['id', 'name', 'category'])
    .orderBy(sql`length(name_key)`)
    .orderBy('name_key')
    .limit(limit);
  // The range serves the btree index on any collation; starts_with keeps only true prefixes.
  add(
    await catalogue
      .where('name_key', '>=', key)
      .where('name_key', '<', key + LAST)
      .where(sql<boolean>`starts_with(name_key, ${key})`)
      .execute(),
  );
  if (found.size >= limit) return [...found.values()];
  // Skills members teach and nobody catalogued, read from the members' profiles.
  const taught = await sql<Found & { prefix: boolean }>`
    select s->>'id' as id, s->>'name' as name, s->>'category' as category, strpos(lower(s->>'name'), ${key}) = 1 as prefix
    from members m cross join lateral jsonb_array_elements(m.skills_to_teach) s
    where strpos(lower(s->>'name'), ${key}) > 0
    order by strpos(lower(s->>'name'), ${key}) = 1 desc, length(s->>'name'), lower(s->>'name'), s->>'id'
    limit ${limit * 4}`.execute(db);
  // Every name that starts with the query before any that only contains it.
  add(taught.rows.filter((r) => r.prefix));
  if (found.size >= limit) return [...found.values()];
  add(await catalogue.where(sql<boolean>`strpos(name_key, ${key}) > 1`).execute());
  add(taught.rows.filter((r) => !r.prefix));
  return [...found.values()];
};

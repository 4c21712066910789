// Queries of the skill catalogue: one entry. The '#' suggestions are the skill-search read model's
// (projections/skill-search/suggestions.ts), typo-tolerant over the catalogue and the skills taught.
import type { Kysely } from 'kysely';
import type { CatalogueSkillView } from '../../api/contracts/skill-catalogue.js';
import type { ReadModelsDb } from '../read-models.js';

export const getCatalogueSkill = async (db: Kysely<ReadModelsDb>, id: string): Promise<CatalogueSkillView | null> => {
  const row = await db.selectFrom('skill_catalogue').select(['id', 'name', 'category', 'description', 'source']).where('id', '=', id).executeTakeFirst();
  return row ? { ...row, source: row.source === 'tag' ? 'tag' : 'member' } : null;
};

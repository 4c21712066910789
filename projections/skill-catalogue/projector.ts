// The skill catalogue read model: the catalogued skills, for '#' suggestions and the Create New Skill call.
import { skillNameKey } from '../../domain/skill-catalogue/decide.js';
import { skillCatalogueEventTypes, type SkillCatalogueEvent } from '../../domain/skill-catalogue/events.js';
import { defineProjection, type Recorded } from '../runtime/define-projection.js';
import { skillCatalogueTable } from './tables.js';

export const skillCatalogueProjector = defineProjection({
  name: 'skill-catalogue',
  version: 1,
  migration: '20261125T1600-create-skill-catalogue',
  tables: { skill_catalogue: skillCatalogueTable },
  canHandle: skillCatalogueEventTypes,
  creates: (event: Recorded<SkillCatalogueEvent>) => ({ skill_catalogue: event.data.skillId }),
  evolve(rows, event) {
    const d = event.data;
    rows.skill_catalogue.put({
      id: d.skillId,
      name: d.name,
      name_key: skillNameKey(d.name),
      category: d.category,
      description: d.description,
      created_by: d.createdBy,
      source: d.source,
      post_id: d.postId,
      created_at: event.metadata.occurredAt,
    });
    // Suggestions are asked for as one types; nobody's screen holds the catalogue to refresh.
    return [];
  },
});

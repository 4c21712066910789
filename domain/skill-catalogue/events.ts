// Events of the skill catalogue (spec 001 §3 Skill: name, category, description; DESIGN.md §10). One
// stream per skill name, `skill-catalogue-{skillId}` with the id derived from the name, so a name is
// catalogued once whoever adds it first (a #tag of a post or comment, or the Create New Skill call).
import type { Event } from '../shared.js';

export const SKILL_SOURCES = ['tag', 'member'] as const;
export type SkillSource = (typeof SKILL_SOURCES)[number];

export interface CataloguedSkill {
  skillId: string;
  name: string;
  category: string;
  description: string;
  /** The member who tagged or created it; null when nobody did (none today). */
  createdBy: string | null;
  source: SkillSource;
  /** The post whose #tag (in the post or one of its comments) brought it, for a tag. */
  postId: string | null;
}

export type SkillCatalogued = Event<'SkillCatalogued', CataloguedSkill>;

export type SkillCatalogueEvent = SkillCatalogued;

export const skillCatalogueEventTypes = ['SkillCatalogued'] as const satisfies readonly SkillCatalogueEvent['type'][];

export const skillCatalogueStreamId = (skillId: string) => `skill-catalogue-${skillId}`;

// The skill catalogue's decider: a name is catalogued once. Adding a name that is there appends nothing
// and the caller answers with the entry that was there first (a #tag written twice, two members
// creating 'Rust' at the same moment). Names compare without case and with spaces collapsed.
import { DEFAULT_SKILL_CATEGORY, profileTexts, SKILL_CATEGORY_MAX, SKILL_DESCRIPTION_MAX, SKILL_NAME_MAX } from '../member/profile-rules.js';
import { DomainError, type Decider } from '../shared.js';
import type { CataloguedSkill, SkillCatalogueEvent, SkillSource } from './events.js';

export interface CatalogueSkill {
  type: 'CatalogueSkill';
  /** Derived from the name by the caller (skillIdFor): the stream is the name's. */
  skillId: string;
  name: string;
  category?: string | null | undefined;
  /** Required from a member; a tag gets TAG_DESCRIPTION. */
  description?: string | null | undefined;
  createdBy: string | null;
  source: SkillSource;
  postId?: string | null | undefined;
}

export type SkillCatalogueState = { status: 'absent' } | { status: 'catalogued'; skill: CataloguedSkill };

/** What a skill first seen as a #tag says about itself until someone describes it. */
export const TAG_DESCRIPTION = 'Tagged in the community feed';

/** How two spellings of one skill compare: trimmed, inner spaces collapsed, lower case. */
export const skillNameKey = (name: string): string => name.trim().replace(/\s+/gu, ' ').toLowerCase();

const invalid = (message: string): never => {
  throw new DomainError('VALIDATION', message);
};

export const initialSkillCatalogueState = (): SkillCatalogueState => ({ status: 'absent' });

export const evolveSkillCatalogue = (state: SkillCatalogueState, event: SkillCatalogueEvent): SkillCatalogueState =>
  event.type === 'SkillCatalogued' && state.status === 'absent' ? { status: 'catalogued', skill: event.data } : state;

export const decideSkillCatalogue = (command: CatalogueSkill, state: SkillCatalogueState): SkillCatalogueEvent[] => {
  const name = command.name.trim().replace(/\s+/gu, ' ');
  if (name === '') invalid(profileTexts.skillNameEmpty);
  if (name.length > SKILL_NAME_MAX) invalid(profileTexts.skillNameTooLong);
  const given = command.description?.trim() ?? '';
  if (given === '' && command.source === 'member') invalid(profileTexts.skillDescriptionEmpty);
  const description = given || TAG_DESCRIPTION;
  if (description.length > SKILL_DESCRIPTION_MAX) invalid(profileTexts.skillDescriptionTooLong);
  const category = command.category?.trim() || DEFAULT_SKILL_CATEGORY;
  if (category.length > SKILL_CATEGORY_MAX) invalid(profileTexts.skillCategoryTooLong);
  if (state.status === 'catalogued') return [];
  return [
    {
      type: 'SkillCatalogued',
      data: { skillId: command.skillId, name, category, description, createdBy: command.createdBy, source: command.source, postId: command.postId ?? null },
    },
  ];
};

export const skillCatalogueDecider: Decider<SkillCatalogueState, CatalogueSkill, SkillCatalogueEvent> = {
  initialState: initialSkillCatalogueState,
  evolve: evolveSkillCatalogue,
  decide: decideSkillCatalogue,
};

// The skill catalogue (spec 001 §7 'POST /skills with name, category, description'): a skill name is
// catalogued once, in the stream its name derives, so the Create New Skill call and the #tags reactor
// racing on one name give one entry, and both answer with it.
import type { CatalogueSkill } from '../../domain/skill-catalogue/decide.js';
import { skillCatalogueDecider, skillNameKey } from '../../domain/skill-catalogue/decide.js';
import type { CataloguedSkill, SkillCatalogueEvent } from '../../domain/skill-catalogue/events.js';
import type { Checkpoint } from '../../eventstore/types.js';
import { uuidV5 } from '../runtime/deterministic-id.js';
import type { CommandRuntime } from '../runtime/types.js';
import { skillCatalogueStreamId } from '../stream-ids.js';

export interface SkillCatalogueDeps {
  runtime: CommandRuntime;
}

/** The id of the catalogue entry of a name: the same for every spelling that compares equal. */
export const skillIdFor = (name: string): string => uuidV5(`skill-catalogue:${skillNameKey(name)}`);

export interface CatalogueSkillInput extends Omit<CatalogueSkill, 'type' | 'skillId'> {
  now: string;
  correlationId?: string | undefined;
  causationId?: string | null | undefined;
  /** A reactor's event id, derived from the event that asked. */
  eventId?: string | undefined;
}

export interface CatalogueSkillResult {
  skill: CataloguedSkill;
  /** False when the name was catalogued before (the entry returned is that one). */
  created: boolean;
  checkpoint: Checkpoint | null;
  events: readonly SkillCatalogueEvent[];
}

export const catalogueSkill = async (deps: SkillCatalogueDeps, input: CatalogueSkillInput): Promise<CatalogueSkillResult> => {
  const { now, correlationId, causationId, eventId, ...fields } = input;
  const skillId = skillIdFor(fields.name);
  const result = await deps.runtime.handle(
    skillCatalogueDecider,
    skillCatalogueStreamId(skillId),
    { type: 'CatalogueSkill', skillId, ...fields },
    { now, actorId: fields.createdBy, correlationId, causationId, ...(eventId ? { eventId: () => eventId } : {}) },
  );
  if (result.state.status !== 'catalogued') throw new Error(`Skill ${skillId} was not catalogued`);
  return { skill: result.state.skill, created: result.events.length > 0, checkpoint: result.checkpoint, events: result.events };
};

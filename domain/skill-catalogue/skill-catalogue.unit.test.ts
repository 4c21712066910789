import { describe, expect, it } from 'vitest';
import { DeciderSpecification } from '../decider-spec.js';
import { profileTexts, SKILL_NAME_MAX } from '../member/profile-rules.js';
import { skillCatalogueDecider, skillNameKey, TAG_DESCRIPTION, type CatalogueSkill } from './decide.js';
import type { SkillCatalogued } from './events.js';

const given = DeciderSpecification.for(skillCatalogueDecider);

const create = (extra: Partial<CatalogueSkill> = {}): CatalogueSkill => ({
  type: 'CatalogueSkill',
  skillId: 'k1',
  name: '  Rust   lang ',
  category: 'Development',
  description: 'Ownership and borrowing',
  createdBy: 'ada',
  source: 'member',
  ...extra,
});

const catalogued: SkillCatalogued = {
  type: 'SkillCatalogued',
  data: { skillId: 'k1', name: 'Rust lang', category: 'Development', description: 'Ownership and borrowing', createdBy: 'ada', source: 'member', postId: null },
};

describe('CatalogueSkill', () => {
  it('catalogues a new name as written, with its spaces collapsed', () => {
    given([]).when(create()).then([catalogued]);
  });

  it('catalogues a #tag with the default category and a description of its own', () => {
    given([])
      .when(create({ name: 'C++', category: null, description: null, source: 'tag', postId: 'p1' }))
      .then([
        {
          type: 'SkillCatalogued',
          data: { skillId: 'k1', name: 'C++', category: 'Development', description: TAG_DESCRIPTION, createdBy: 'ada', source: 'tag', postId: 'p1' },
        },
      ]);
  });

  it('appends nothing for a name that is catalogued already, whoever adds it', () => {
    given([catalogued])
      .when(create({ name: 'rust LANG', createdBy: 'bob', source: 'tag' }))
      .then([]);
  });

  it('refuses a blank name, an over-long one, and a member’s skill without a description, with the form’s texts', () => {
    given([])
      .when(create({ name: '  ' }))
      .thenRefuses('VALIDATION', profileTexts.skillNameEmpty);
    given([])
      .when(create({ name: 'x'.repeat(SKILL_NAME_MAX + 1) }))
      .thenRefuses('VALIDATION', profileTexts.skillNameTooLong);
    given([])
      .when(create({ description: ' ' }))
      .thenRefuses('VALIDATION', profileTexts.skillDescriptionEmpty);
  });

  it('compares names without case and with spaces collapsed', () => {
    expect(skillNameKey('  Node.JS   Basics ')).toBe(skillNameKey('node.js basics'));
    expect(skillNameKey('C#')).not.toBe(skillNameKey('C++'));
  });
});

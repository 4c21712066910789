import { describe, expect, it } from 'vitest';
import type { TaughtSkill } from '../../domain/member/events.js';
import { projectionSpec } from '../../test/projections/support/projection-spec.js';
import { testTargets } from '../../test/projections/support/test-databases.js';
import { membersProjector } from '../members/projector.js';
import { createStory } from '../sessions/testing.js';
import { memberStatsProjector } from './projector.js';
import { mentions, recommendations } from './recommendations.js';
import { suggestions } from './suggestions.js';

const skill = (id: string, name: string, category: string, description = 'Hands-on lessons for all levels'): TaughtSkill => ({
  id,
  name,
  category,
  description,
  experienceLevel: 'intermediate',
  pointsPerHour: 2,
});

const AT = '2026-02-01T08:00:00.000Z';

// Lea wants React and Go and teaches Python (Data). Mia's React is rated 4.5 from two reviews.
const tell = () => {
  const story = createStory();
  const member = (id: string, name: string, teaches: TaughtSkill[], options: { learns?: string[]; available?: boolean } = {}) => {
    story.register(id, name, AT);
    for (const s of teaches) story.teach(id, s, AT);
    for (const term of options.learns ?? []) story.member(id, { type: 'SkillToLearnAdded', data: { memberId: id, name: term } }, AT);
    if (options.available) story.member(id, { type: 'AvailabilityAdded', data: { memberId: id, entry: { day: 'Monday', startTime: '09:00', endTime: '12:00' } } }, AT);
  };
  member('lea', 'Lea Learner', [skill('lea-py', 'Python', 'Data')], { learns: ['React', 'Go'] });
  member('mia', 'Mia Mentor', [skill('mia-react', 'React', 'Development', 'Modern React with hooks')], { available: true, learns: ['Python'] });
  member('bob', 'Bob Builder', [skill('bob-rn', 'React Native', 'Development')]);
  member('abe', 'Abe Able', [skill('abe-go', 'Go', 'Development')], { available: true });
  member('eve', 'Eve Early', [skill('eve-go', 'Go', 'Development')], { available: true });
  member('cat', 'Cat Coder', [skill('cat-vue', 'Vue', 'Development', 'Like React, but simpler'), skill('cat-css', 'CSS', 'Design')], { available: true });
  member('dan', 'Dan Data', [skill('dan-pandas', 'Pandas', 'Data'), skill('dan-google', 'Google Ads', 'Marketing')]);
  member('fay', 'Fay Fiber', [skill('fay-knit', 'Knitting', 'Crafts')]);
  member('sam', 'Sam Student', []);
  member('new', 'New Member', []);
  for (const [id, stars] of [
    ['r1', 5],
    ['r2', 4],
  ] as const) {
    story
      .session({ id, student: 'sam', mentor: 'mia', skillName: 'React', skillId: 'mia-react', startsAt: '2026-03-01T10:00:00.000Z', at: '2026-02-20T09:00:00.000Z' })
      .approve('2026-02-20T10:00:00.000Z')
      .complete('2026-03-01T11:00:00.000Z')
      .rate(stars, '', '2026-03-01T12:00:00.000Z');
  }
  return story;
};

describe.each(testTargets())('recommendations and suggestions on $kind', (target) => {
  // The recommendations read both read models: both are fed every split.
  const spec = projectionSpec(target, [membersProjector, memberStatsProjector]);
  const story = tell();

  it('scores skills by name, related category, description, rating, reviews and availability', () =>
    spec.given(story.events).then(async (db) => {
      const ranked = await recommendations(db, 'lea');
      expect(ranked.map((r) => [r.skill.id, r.score, r.reasons])).toEqual([
        ['mia-react', 100 + 20 + 5 * 4.5 + 4 + 10, ['name_match', 'text_match']],
        ['abe-go', 110, ['name_match']], // ties with Eve's Go: same skill name, so by mentor name
        ['eve-go', 110, ['name_match']],
        ['bob-rn', 100, ['name_match']],
        ['cat-vue', 30 + 20 + 10, ['related_skill', 'text_match']],
        ['dan-pandas', 30, ['related_skill']], // Data, like the Python Lea teaches
      ]);
      expect(ranked[0]?.mentor).toEqual({ id: 'mia', name: 'Mia Mentor', avatar: null, location: '', rating: 4.5, reviewCount: 2, hasAvailability: true });
    }));

  it('never recommends my own skills, and leaves out what scores nothing', () =>
    spec.given(story.events).then(async (db) => {
      const forMia = await recommendations(db, 'mia');
      expect(forMia.some((r) => r.mentor.id === 'mia')).toBe(false);
      // Mia wants Python and teaches React: Development and Data skills are related. Cat's CSS
      // (availability only) is the seventh and falls off the list of six.
      expect(forMia.map((r) => [r.skill.id, r.score])).toEqual([
        ['lea-py', 100],
        ['abe-go', 40],
        ['eve-go', 40],
        ['cat-vue', 40],
        ['dan-pandas', 30],
        ['bob-rn', 30],
      ]);
      expect((await recommendations(db, 'new')).some((r) => r.skill.id === 'fay-knit' || r.skill.id === 'dan-google')).toBe(false);
      expect(await recommendations(db, 'ghost')).toEqual([]);
    }));

  it('matches whole words only', () => {
    expect(mentions('React Native', 'react')).toBe(true);
    expect(mentions('Google Ads', 'Go')).toBe(false);
    expect(mentions('C++ for beginners', 'c++')).toBe(true);
    expect(mentions('anything', '  ')).toBe(false);
  });

  it('suggests two to five items of the spec types', () =>
    spec.given(story.events).then(async (db) => {
      const forLea = await suggestions(db, 'lea', '2026-03-02T00:00:00.000Z');
      expect(forLea.map((s) => [s.type, s.title])).toEqual([
        ['skill_match', 'Learn React with Mia Mentor'],
        ['skill_match', 'Learn Go with Abe Able'],
        ['helper_match', 'Mia Mentor wants to learn Python'],
        ['industry_news', 'Trending in Development'],
      ]);
      expect(forLea[0]?.description).toBe('Mia Mentor teaches React at intermediate level for 2 points per hour, rated 4.5.');
      const forNewcomer = await suggestions(db, 'new', '2026-03-02T00:00:00.000Z');
      expect(forNewcomer.map((s) => s.type)).toEqual(['next_skill', 'industry_news']);
      expect(forNewcomer[0]?.title).toBe('Add a skill you want to learn');
      const forSam = await suggestions(db, 'sam', '2026-03-02T00:00:00.000Z');
      expect(forSam.length).toBeGreaterThanOrEqual(2);
      expect(forSam.length).toBeLessThanOrEqual(5);
      expect(await suggestions(db, 'ghost')).toEqual([]);
    }));
});

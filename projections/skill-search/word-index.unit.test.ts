// The in-memory word index (decision 178) against the rules written out plainly: after any sequence of
// skills put, replaced and removed (one by one, or applied together as a read of the changes does, placed
// or rebuilt), a search gives the matches a scan of every skill gives, in the
// results' order, with the count to its cap; and it follows a changed rating into its new place.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SKILL_SEARCH_COUNT_MAX, SKILL_SEARCH_PAGE } from '../../api/contracts/skill-search.js';
import type { ExperienceLevel } from '../../domain/member/events.js';
import { parseQuery, TYPO_MIN_LENGTH, typoForms, wordsOf } from './search-words.js';
import type { SkillSearchRow } from './tables.js';
import { indexedSkillOf, type IndexedSkill, type WordIndexFilter } from './indexed-skill.js';
import { SkillWordIndex } from './word-index.js';

const WORDS = ['python', 'pithon', 'rust', 'go', 'sql', 'postgresql', 'mysql', 'design', 'designs', 'web', 'data', 'yoga'];
const CATEGORIES = ['Development', 'Design'];
const LEVELS: ExperienceLevel[] = ['beginner', 'expert'];

const row = (id: string, name: string, description: string, rating: number, reviews: number, category: string, level: ExperienceLevel): SkillSearchRow => ({
  skill_id: id,
  mentor_id: `m-${id}`,
  mentor_name: 'Ada',
  mentor_image_url: null,
  name,
  name_key: name.toLowerCase(),
  description,
  category,
  experience_level: level,
  points_per_hour: 1,
  rating_tenths: rating,
  review_count: reviews,
});

/** The matching rules of decisions 158 and 177, one skill at a time. */
const matchesWord = (query: string, word: string) => {
  const length = [...query].length;
  const typo = length >= TYPO_MIN_LENGTH && typoForms(query).some((form) => typoForms(word).includes(form));
  return typo || (length < 3 ? word === query : word.includes(query));
};
const reference = (skills: readonly IndexedSkill[], q: string, filter: WordIndexFilter) => {
  const query = parseQuery(q);
  const matches = skills
    .filter((s) => s.rating >= Math.round(filter.minRating * 10) && (!filter.category || s.category === filter.category) && (!filter.level || s.level === filter.level))
    .filter((s) => query.words.every(({ word }) => s.words.some((w) => matchesWord(word, w))))
    .sort((a, b) => b.rating - a.rating || b.reviews - a.reviews || (a.nameKey < b.nameKey ? -1 : a.nameKey > b.nameKey ? 1 : a.id < b.id ? -1 : 1));
  return { ids: matches.slice(filter.offset, filter.offset + SKILL_SEARCH_PAGE + 1).map((s) => s.id), total: matches.length };
};

const skillArb = fc.record({
  id: fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'),
  name: fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 3 }).map((w) => w.join(' ')),
  description: fc.array(fc.constantFrom(...WORDS), { maxLength: 3 }).map((w) => w.join(' ')),
  rating: fc.constantFrom(0, 40, 45, 50),
  reviews: fc.integer({ min: 0, max: 3 }),
  category: fc.constantFrom(...CATEGORIES),
  level: fc.constantFrom(...LEVELS),
});
const stepArb = fc.oneof(
  skillArb.map((skill) => ({ put: skill })),
  fc.constantFrom('a', 'b', 'c', 'd').map((id) => ({ remove: id })),
);
const filterArb = fc.record({
  q: fc.oneof(
    fc.constant(''),
    fc.array(fc.constantFrom('pyhton', 'sql', 'go', 'desig', 'post', 'yoga', 'data web', 'zzz', 'ign'), { minLength: 1, maxLength: 2 }).map((w) => w.join(' ')),
  ),
  category: fc.option(fc.constantFrom(...CATEGORIES), { nil: undefined }),
  level: fc.option(fc.constantFrom(...LEVELS), { nil: undefined }),
  minRating: fc.constantFrom(0, 4, 4.5),
  offset: fc.constantFrom(0, 1, 2),
});

describe('the in-memory word index', () => {
  it('gives what a scan of every skill gives, after any puts, replacements and removals', () => {
    fc.assert(
      fc.property(
        fc.array(stepArb, { maxLength: 20 }),
        fc.boolean(),
        fc.constantFrom('one by one', 'placed', 'rebuilt'),
        filterArb,
        (steps, loadFirst, rest, { q, ...filter }) => {
          const index = new SkillWordIndex(rest === 'rebuilt' ? 0 : 64);
          const held = new Map<string, IndexedSkill>();
          const apply = (step: (typeof steps)[number]) => {
            if ('put' in step) {
              const s = step.put;
              const skill = indexedSkillOf(row(s.id, s.name, s.description, s.rating, s.reviews, s.category, s.level), []);
              held.set(s.id, skill);
              return skill;
            }
            held.delete(step.remove);
            return null;
          };
          // Half the runs load the first half at once (reset), as the copy's first read does.
          const half = loadFirst ? Math.floor(steps.length / 2) : 0;
          for (const step of steps.slice(0, half)) apply(step);
          index.reset([...held.values()]);
          if (rest === 'one by one') {
            for (const step of steps.slice(half)) {
              const skill = apply(step);
              if (skill) index.put(skill);
              else if ('remove' in step) index.remove(step.remove);
            }
          } else {
            // As a read of the changes applies them: each skill's last state.
            const last = new Map<string, IndexedSkill | null>();
            for (const step of steps.slice(half)) last.set('put' in step ? step.put.id : step.remove, apply(step));
            const entries = [...last.entries()];
            index.apply(
              entries.flatMap(([, skill]) => (skill ? [skill] : [])),
              entries.flatMap(([id, skill]) => (skill ? [] : [id])),
            );
          }
          const found = index.search(parseQuery(q), filter);
          expect({ ids: found.skills.map((s) => s.id), total: found.total }).toEqual(reference([...held.values()], q, filter));
        },
      ),
      { numRuns: 400 },
    );
  });

  it('swaps a skill in place when only its likers changed, in every list it is in', () => {
    const index = new SkillWordIndex();
    const rust = (id: string, likers: string[]) => indexedSkillOf(row(id, 'Rust', 'ownership', 45, 1, 'Development', 'beginner'), likers);
    for (const id of ['a', 'b', 'c']) index.put(rust(id, []));
    index.put(rust('b', ['sam']));
    for (const q of ['', 'rust', 'ownership']) {
      const found = index.search(parseQuery(q), { minRating: 0, offset: 0 }).skills;
      expect(found.map((s) => [s.id, [...s.likers]])).toEqual([
        ['a', []],
        ['b', ['sam']],
        ['c', []],
      ]);
    }
  });

  it('counts to the cap and pages past it only as far as the page needs', () => {
    const index = new SkillWordIndex();
    const many = Array.from({ length: SKILL_SEARCH_COUNT_MAX + 50 }, (_, i) =>
      indexedSkillOf(row(`k${String(i).padStart(4, '0')}`, 'Kotlin', '', 40, 0, 'Development', 'beginner'), []),
    );
    index.reset(many);
    expect(index.search(parseQuery('kotlin'), { minRating: 0, offset: 0 }).total).toBe(SKILL_SEARCH_COUNT_MAX + 50);
    const filtered = index.search(parseQuery('kotlin'), { minRating: 0, offset: 0, level: 'beginner' });
    expect(filtered.total).toBe(SKILL_SEARCH_COUNT_MAX + 1);
    const last = index.search(parseQuery('kotlin'), { minRating: 0, offset: SKILL_SEARCH_COUNT_MAX - 10, level: 'beginner' });
    expect(last.skills.map((s) => s.id)).toEqual(many.slice(SKILL_SEARCH_COUNT_MAX - 10, SKILL_SEARCH_COUNT_MAX + 11).map((s) => s.id));
  });

  it("moves a skill to its new place when its mentor's rating changes, and forgets a word no skill has", () => {
    const index = new SkillWordIndex();
    index.put(indexedSkillOf(row('a', 'Rust', '', 40, 1, 'Development', 'beginner'), []));
    index.put(indexedSkillOf(row('b', 'Rust', 'lifetimes', 45, 1, 'Development', 'beginner'), []));
    expect(index.search(parseQuery('rust'), { minRating: 0, offset: 0 }).skills.map((s) => s.id)).toEqual(['b', 'a']);
    index.put(indexedSkillOf(row('a', 'Rust', '', 50, 2, 'Development', 'beginner'), []));
    expect(index.search(parseQuery('rust'), { minRating: 0, offset: 0 }).skills.map((s) => s.id)).toEqual(['a', 'b']);
    index.put(indexedSkillOf(row('b', 'Rust', 'borrowing', 45, 1, 'Development', 'beginner'), []));
    expect(index.candidates('lifetimes')).toEqual([]);
    expect(index.candidates('lifetmes')).toEqual([]);
    expect(index.candidates('borrow')).toEqual(['borrowing']);
    expect(wordsOf('Rust borrowing')).toEqual(['rust', 'borrowing']);
  });
});

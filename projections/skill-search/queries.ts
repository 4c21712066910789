// The search page's answer (spec 001 §2.2), read from the in-memory copy of the skill-search read model
// (word-index.ts, decision 178): the page's cards best rated first with their likes, and the count,
// which stops at SKILL_SEARCH_COUNT_MAX.
import { SKILL_SEARCH_COUNT_MAX, SKILL_SEARCH_PAGE, type SkillCard, type SkillSearchResult } from '../../api/contracts/skill-search.js';
import { parseQuery } from './search-words.js';
import type { IndexedSkill, WordIndexFilter } from './indexed-skill.js';
import type { SkillWordIndex } from './word-index.js';

export interface SkillSearchFilter extends WordIndexFilter {
  q: string;
}

const toCard = ({ row: r, likers }: IndexedSkill, viewerId: string): SkillCard => ({
  id: r.skill_id,
  name: r.name,
  description: r.description,
  category: r.category,
  experienceLevel: r.experience_level,
  pointsPerHour: Number(r.points_per_hour),
  instructor: { id: r.mentor_id, name: r.mentor_name, profileImageUrl: r.mentor_image_url, rating: Number(r.rating_tenths) / 10, reviewCount: Number(r.review_count) },
  likesCount: likers.size,
  liked: likers.has(viewerId),
});

/** One page of skills matching the filter, best rated first, with the viewer's likes and the count. */
export const searchSkillCards = (index: SkillWordIndex, filter: SkillSearchFilter, viewerId: string): SkillSearchResult => {
  const { skills, total } = index.search(parseQuery(filter.q), filter);
  // One more than shown tells whether there is a next page.
  const more = skills.length > SKILL_SEARCH_PAGE;
  return {
    skills: skills.slice(0, SKILL_SEARCH_PAGE).map((skill) => toCard(skill, viewerId)),
    total: Math.min(total, SKILL_SEARCH_COUNT_MAX),
    totalCapped: total > SKILL_SEARCH_COUNT_MAX,
    nextOffset: more && filter.offset + SKILL_SEARCH_PAGE <= SKILL_SEARCH_COUNT_MAX ? filter.offset + SKILL_SEARCH_PAGE : null,
  };
};

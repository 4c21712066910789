// Skill search's limits and texts as plain values, without zod: the page imports these, so its first
// screen does not load and run the contracts' schemas (issue 29 point 18: /search's total blocking time).
import { MIN_POINTS_PER_HOUR, SKILL_NAME_MAX } from '../../domain/member/profile-rules.js';
import { skillCategories } from './member-lists.js';

/** Spec 001 §2.2: the minimum-rating filter's options. */
export const MIN_RATING_OPTIONS = [0, 4, 4.5, 4.8] as const;
export type MinRating = (typeof MIN_RATING_OPTIONS)[number];
/** Cards per page; 'Show more' asks for the next. */
export const SKILL_SEARCH_PAGE = 20;
/** The results count counts up to this many ('1000+ results'): counting further costs a scan. */
export const SKILL_SEARCH_COUNT_MAX = 1000;
export const SKILL_SEARCH_QUERY_MAX = SKILL_NAME_MAX;

/**
 * The address of one page of results, as the page asks for it. The server preloads the first page with no
 * filter for a signed-in member opening /search (api/plugins/signed-in-preloads.ts), and a preload is only
 * taken by a request for the very same address, so both build it here.
 */
export const skillSearchUrl = (filter: { q: string; category: string; level: string; minRating: number }, offset: number): string => {
  const params = new URLSearchParams({ q: filter.q, minRating: String(filter.minRating), offset: String(offset) });
  if (filter.category) params.set('category', filter.category);
  if (filter.level) params.set('level', filter.level);
  return `/api/skill-search?${params}`;
};

export const skillSearchTexts = {
  title: 'Find Skills to Learn',
  noResults: 'No results found',
  clearFilters: 'Clear all filters',
  createSkill: 'Create New Skill',
  requestSession: 'Request Session',
  viewMyProfile: 'View My Profile',
  message: 'Message',
  queryTooLong: `Search at most ${SKILL_SEARCH_QUERY_MAX} characters`,
  badCategory: `Category must be one of ${skillCategories.join(', ')}`,
  badLevel: 'Level must be beginner, intermediate, advanced or expert',
  badMinRating: `Minimum rating must be one of ${MIN_RATING_OPTIONS.join(', ')}`,
  badOffset: `Offset must be a whole number from 0 to ${SKILL_SEARCH_COUNT_MAX}`,
} as const;

/** Spec 001 §5: the Create New Skill modal's four categories (the profile's form offers more). */
export const createSkillCategories = ['Digital Marketing', 'Design', 'Development', 'Business'] as const;
/** Spec 001 §5, §9: 1 to 10 points per hour on the modal (1 to 20 on the profile page). */
export const CREATE_SKILL_POINTS_MAX = 10;
export const createSkillPointsText = `Points per hour must be a whole number from ${MIN_POINTS_PER_HOUR} to ${CREATE_SKILL_POINTS_MAX}`;

// Skill search, 'Find Skills to Learn' (spec 001 §2.2): the query the page sends, the cards it shows and
// the Create New Skill modal's own limits (§5: points 1 to 10, four categories, four levels).
import { z } from 'zod';
import { DEFAULT_SKILL_CATEGORY, MIN_POINTS_PER_HOUR, SKILL_NAME_MAX } from '../../domain/member/profile-rules.js';
import { experienceLevels, skillCategories, skillTaughtInputSchema } from './members.js';

/** Spec 001 §2.2: the minimum-rating filter's options. */
export const MIN_RATING_OPTIONS = [0, 4, 4.5, 4.8] as const;
export type MinRating = (typeof MIN_RATING_OPTIONS)[number];
/** Cards per page; 'Show more' asks for the next. */
export const SKILL_SEARCH_PAGE = 20;
/** The results count counts up to this many ('1000+ results'): counting further costs a scan. */
export const SKILL_SEARCH_COUNT_MAX = 1000;
export const SKILL_SEARCH_QUERY_MAX = SKILL_NAME_MAX;

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

export const skillSearchQuerySchema = z.object({
  q: z.string().max(SKILL_SEARCH_QUERY_MAX, skillSearchTexts.queryTooLong).default(''),
  category: z.enum(skillCategories, { message: skillSearchTexts.badCategory }).optional(),
  level: z.enum(experienceLevels, { message: skillSearchTexts.badLevel }).optional(),
  minRating: z
    .string()
    .default('0')
    .refine((v) => (MIN_RATING_OPTIONS as readonly number[]).includes(Number(v)) && v.trim() !== '', skillSearchTexts.badMinRating)
    .transform((v) => Number(v) as MinRating),
  offset: z
    .string()
    .default('0')
    .refine((v) => /^\d{1,4}$/u.test(v) && Number(v) <= SKILL_SEARCH_COUNT_MAX, skillSearchTexts.badOffset)
    .transform(Number),
});
export type SkillSearchQuery = z.input<typeof skillSearchQuerySchema>;

export const skillCardSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  category: z.string(),
  experienceLevel: z.enum(experienceLevels),
  pointsPerHour: z.number().int(),
  instructor: z.object({ id: z.string(), name: z.string(), profileImageUrl: z.string().nullable(), rating: z.number(), reviewCount: z.number().int() }),
  likesCount: z.number().int(),
  liked: z.boolean(),
});
export type SkillCard = z.infer<typeof skillCardSchema>;

export const skillSearchResultSchema = z.object({
  skills: z.array(skillCardSchema),
  /** Matches in all, counted up to SKILL_SEARCH_COUNT_MAX. */
  total: z.number().int(),
  /** More than SKILL_SEARCH_COUNT_MAX matched. */
  totalCapped: z.boolean(),
  /** The offset of the next page, or null on the last. */
  nextOffset: z.number().int().nullable(),
});
export type SkillSearchResult = z.infer<typeof skillSearchResultSchema>;

/** Spec 001 §5: the Create New Skill modal's four categories (the profile's form offers more). */
export const createSkillCategories = ['Digital Marketing', 'Design', 'Development', 'Business'] as const;
/** Spec 001 §5, §9: 1 to 10 points per hour on the modal (1 to 20 on the profile page). */
export const CREATE_SKILL_POINTS_MAX = 10;
export const createSkillPointsText = `Points per hour must be a whole number from ${MIN_POINTS_PER_HOUR} to ${CREATE_SKILL_POINTS_MAX}`;

/** The modal's form: a taught skill (sent with the profile's skillsToTeach), held to the modal's limits. */
export const createTaughtSkillFormSchema = skillTaughtInputSchema.omit({ id: true }).extend({
  category: z.enum(createSkillCategories).default(DEFAULT_SKILL_CATEGORY),
  pointsPerHour: z
    .number({ message: createSkillPointsText })
    .int(createSkillPointsText)
    .min(MIN_POINTS_PER_HOUR, createSkillPointsText)
    .max(CREATE_SKILL_POINTS_MAX, createSkillPointsText)
    .default(MIN_POINTS_PER_HOUR),
});
export type CreateTaughtSkillFormInput = z.input<typeof createTaughtSkillFormSchema>;

// Skill search, 'Find Skills to Learn' (spec 001 §2.2): the query the page sends, the cards it shows and
// the Create New Skill modal's own limits (§5: points 1 to 10, four categories, four levels).
import { z } from 'zod';
import { DEFAULT_SKILL_CATEGORY, MIN_POINTS_PER_HOUR } from '../../domain/member/profile-rules.js';
import { experienceLevels, skillCategories, skillTaughtInputSchema } from './members.js';
import {
  CREATE_SKILL_POINTS_MAX,
  createSkillCategories,
  createSkillPointsText,
  MIN_RATING_OPTIONS,
  SKILL_SEARCH_COUNT_MAX,
  SKILL_SEARCH_QUERY_MAX,
  skillSearchTexts,
  type MinRating,
} from './skill-search-texts.js';

// The page's texts and limits live without zod (skill-search-texts.ts); the schemas below use them too.
export * from './skill-search-texts.js';

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

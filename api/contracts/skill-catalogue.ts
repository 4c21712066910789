// The skill catalogue's calls (spec 001 §7 'POST /skills with name, category, description'; §5 texts):
// the Create New Skill call and the '#' suggestions, with the limits the forms check before the server.
import { z } from 'zod';
import { DEFAULT_SKILL_CATEGORY, profileTexts, SKILL_CATEGORY_MAX, SKILL_DESCRIPTION_MAX, SKILL_NAME_MAX } from '../../domain/member/profile-rules.js';

export const skillCatalogueTexts = {
  nameRequired: profileTexts.skillNameEmpty,
  descriptionRequired: profileTexts.skillDescriptionEmpty,
  added: 'Skill added successfully!',
  addFailed: 'Failed to add skill. Please try again.',
} as const;

/**
 * Spec 001 §7: name, category, description. A missing or blank field is the decider's to refuse, with the
 * form's own words; the bounds here only stop absurd bodies before a command.
 */
export const createSkillBodySchema = z.object({
  name: z
    .string({ message: profileTexts.skillNameEmpty })
    .max(SKILL_NAME_MAX * 2, profileTexts.skillNameTooLong)
    .default(''),
  category: z
    .string()
    .max(SKILL_CATEGORY_MAX * 2, profileTexts.skillCategoryTooLong)
    .nullish(),
  description: z
    .string({ message: profileTexts.skillDescriptionEmpty })
    .max(SKILL_DESCRIPTION_MAX * 2, profileTexts.skillDescriptionTooLong)
    .default(''),
});
export type CreateSkillBody = z.input<typeof createSkillBodySchema>;

/** The Create New Skill form's own check. */
export const createSkillFormSchema = z.object({
  name: z.string().trim().min(1, profileTexts.skillNameEmpty).max(SKILL_NAME_MAX, profileTexts.skillNameTooLong),
  category: z.string().trim().max(SKILL_CATEGORY_MAX, profileTexts.skillCategoryTooLong).default(DEFAULT_SKILL_CATEGORY),
  description: z.string().trim().min(1, profileTexts.skillDescriptionEmpty).max(SKILL_DESCRIPTION_MAX, profileTexts.skillDescriptionTooLong),
});

export const catalogueSkillSchema = z.object({
  id: z.string(),
  name: z.string(),
  category: z.string(),
  description: z.string(),
  /** 'tag' when a #tag of the feed brought it, 'member' when someone created it. */
  source: z.enum(['tag', 'member']),
});
export type CatalogueSkillView = z.infer<typeof catalogueSkillSchema>;

/** At most this many suggestions answer one '@' or '#' query. */
export const SUGGESTIONS_MAX = 8;
/** Longer queries are refused: no name or skill is longer. */
export const SUGGESTION_QUERY_MAX = SKILL_NAME_MAX;

/** Suggestions start at one character (spec 001 §5); a blank query has none. */
export const suggestionQuerySchema = z.object({ q: z.string().max(SUGGESTION_QUERY_MAX, `Search at most ${SUGGESTION_QUERY_MAX} characters`).default('') });

/** A '#' suggestion (spec 001 §3 tag: skillId, skillName): a catalogued skill, else a skill a member teaches. */
export const skillSuggestionSchema = z.object({ id: z.string(), name: z.string(), category: z.string() });
export type SkillSuggestion = z.infer<typeof skillSuggestionSchema>;

/** An '@' suggestion (spec 001 §3 mention: userId, username): never an e-mail. The S brain is one (isAi). */
export const userSuggestionSchema = z.object({ id: z.string(), name: z.string(), profileImageUrl: z.string().nullable(), isAi: z.boolean() });
export type UserSuggestion = z.infer<typeof userSuggestionSchema>;

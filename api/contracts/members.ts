// Request and response shapes of the member area, with the lists, limits and texts of the profile's
// rules (from domain/), which the web client's forms validate with before the server does.
import { z } from 'zod';
import {
  BIO_MAX,
  DEFAULT_EXPERIENCE_LEVEL,
  DEFAULT_SKILL_CATEGORY,
  HHMM,
  LOCATION_MAX,
  MAX_POINTS_PER_HOUR,
  MIN_POINTS_PER_HOUR,
  NAME_MAX,
  normaliseAvailability,
  normaliseSkillsToLearn,
  profileTexts,
  SKILL_CATEGORY_MAX,
  SKILL_DESCRIPTION_MAX,
  SKILL_NAME_MAX,
  SKILL_TO_LEARN_MAX,
} from '../../domain/member/profile-rules.js';
import { DIRECTION_CONTROLS } from '../../domain/text-direction.js';
import { experienceLevels, skillCategories, weekDays } from './member-lists.js';

/** How the server stores the lists the profile form edits (blank and repeated entries dropped); the form shows the same. */
export { normaliseAvailability, normaliseSkillsToLearn };
export {
  BIO_MAX,
  DEFAULT_EXPERIENCE_LEVEL,
  DEFAULT_SKILL_CATEGORY,
  LOCATION_MAX,
  MAX_POINTS_PER_HOUR,
  MIN_POINTS_PER_HOUR,
  NAME_MAX,
  profileTexts,
  SKILL_DESCRIPTION_MAX,
  SKILL_NAME_MAX,
  SKILL_TO_LEARN_MAX,
};
export { experienceLevels, skillCategories, weekDays };

const hhmm = z.string().regex(HHMM, profileTexts.timeInvalid);

export const skillTaughtSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  category: z.string(),
  experienceLevel: z.enum(experienceLevels),
  pointsPerHour: z.number().int(),
});
export type SkillTaught = z.infer<typeof skillTaughtSchema>;

/** A skill as the client sends it; id is optional for a new skill (the server assigns one). */
export const skillTaughtInputSchema = z.object({
  id: z.string().min(1).max(64).optional(),
  name: z.string().trim().min(1, profileTexts.skillNameEmpty).max(SKILL_NAME_MAX, profileTexts.skillNameTooLong),
  description: z.string().trim().min(1, profileTexts.skillDescriptionEmpty).max(SKILL_DESCRIPTION_MAX, profileTexts.skillDescriptionTooLong),
  category: z.string().trim().min(1).max(SKILL_CATEGORY_MAX, profileTexts.skillCategoryTooLong).default(DEFAULT_SKILL_CATEGORY),
  experienceLevel: z.enum(experienceLevels, { message: profileTexts.experienceLevelInvalid }).default(DEFAULT_EXPERIENCE_LEVEL),
  pointsPerHour: z
    .number({ message: profileTexts.pointsPerHourInvalid })
    .int(profileTexts.pointsPerHourInvalid)
    .min(MIN_POINTS_PER_HOUR, profileTexts.pointsPerHourInvalid)
    .max(MAX_POINTS_PER_HOUR, profileTexts.pointsPerHourInvalid)
    .default(MIN_POINTS_PER_HOUR),
});
export type SkillTaughtInput = z.input<typeof skillTaughtInputSchema>;

export const availabilityEntrySchema = z.object({
  day: z.enum(weekDays, { message: profileTexts.dayInvalid }),
  startTime: hhmm,
  endTime: hhmm,
});
export type AvailabilityEntry = z.infer<typeof availabilityEntrySchema>;
/** One entry as the profile form adds it: the decider also refuses an end before the start. */
export const availabilityEntryFormSchema = availabilityEntrySchema.refine((entry) => entry.endTime > entry.startTime, {
  message: profileTexts.endBeforeStart,
  path: ['endTime'],
});

export const userSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Only to the member themself and to admins (issue 19 point 4); absent for everyone else. */
  email: z.string().optional(),
  avatar: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  bio: z.string(),
  location: z.string(),
  timeZone: z.string(),
  rating: z.number(),
  reviewCount: z.number().int(),
  completedSwaps: z.number().int(),
  joinedDate: z.string(),
  /** A balance: only to the member themself and to admins, like the e-mail (decision 60); absent for everyone else. */
  points: z.number().int().optional(),
  heldPoints: z.number().int().optional(),
  streak: z.number().int(),
  skillsToTeach: z.array(skillTaughtSchema),
  skillsToLearn: z.array(z.string()),
  availability: z.array(availabilityEntrySchema),
});
export type User = z.infer<typeof userSchema>;

/** GET /api/user adds what only the signed-in member may know about themselves. */
export const currentUserSchema = userSchema.extend({ email: z.string(), points: z.number().int(), heldPoints: z.number().int(), isAdmin: z.boolean() });
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** Every field of the profile form; the PATCH body sends only the changed ones. */
export const profileFieldsSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, profileTexts.nameEmpty)
    .max(NAME_MAX, profileTexts.nameTooLong)
    .refine((name) => !DIRECTION_CONTROLS.test(name), profileTexts.nameDirectionControls),
  bio: z.string().max(BIO_MAX, profileTexts.bioTooLong),
  location: z.string().max(LOCATION_MAX, profileTexts.locationTooLong),
  timeZone: z.string().min(1).max(64),
  skillsToTeach: z.array(skillTaughtInputSchema).max(50, 'At most 50 skills'),
  skillsToLearn: z.array(z.string().max(SKILL_TO_LEARN_MAX, profileTexts.skillToLearnTooLong)).max(100, 'At most 100 skills to learn'),
  availability: z.array(availabilityEntrySchema).max(100, 'At most 100 availability entries'),
});
export const updateProfileSchema = profileFieldsSchema.partial().strict();
export type UpdateProfile = z.input<typeof updateProfileSchema>;

export const balanceSchema = z.object({ availablePoints: z.number().int(), heldPoints: z.number().int() });
export type Balance = z.infer<typeof balanceSchema>;

export const transactionSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  type: z.string(), // welcome | hold | refund | transfer_in | transfer_out | correction
  amount: z.number().int(),
  description: z.string(),
  created_at: z.string(),
  swap_id: z.string().nullable(),
});
export type Transaction = z.infer<typeof transactionSchema>;

export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  /** The admin's health grade (api/contracts/admin-health.ts), added for operators; load balancers read the status. */
  grade: z.enum(['healthy', 'degraded', 'critical']),
  eventStore: z.enum(['postgres', 'pglite', 'eventstoredb']),
  database: z.enum(['postgres', 'pglite']),
  projections: z.array(z.object({ name: z.string(), status: z.string(), lag: z.number().int().nullable() })),
  /** Followers of the log that issue commands (session follow-ups, welcome bonus); lag in events. */
  reactors: z.array(z.object({ name: z.string(), status: z.string(), lag: z.number().int().nullable() })),
});

export const errorBodySchema = z.object({ error: z.string() });

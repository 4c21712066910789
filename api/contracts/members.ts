// Request and response shapes of the member area. The web client imports these *types* only.
import { z } from 'zod';

export const experienceLevels = ['beginner', 'intermediate', 'advanced', 'expert'] as const;
export const weekDays = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
export const skillCategories = ['Development', 'Design', 'Business', 'Marketing', 'Digital Marketing', 'Data', 'Other'] as const;

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Times must be HH:MM (24-hour)');

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
  name: z.string().trim().min(1, 'Please enter a skill name').max(100, 'Skill names are at most 100 characters'),
  description: z.string().trim().min(1, 'Please enter a description for this skill').max(1000, 'Skill descriptions are at most 1000 characters'),
  category: z.string().trim().min(1).max(50).default('Development'),
  experienceLevel: z.enum(experienceLevels, { message: 'Experience level must be beginner, intermediate, advanced or expert' }).default('intermediate'),
  pointsPerHour: z.number({ message: 'Points per hour must be a whole number from 1 to 20' }).int('Points per hour must be a whole number from 1 to 20').min(1, 'Points per hour must be a whole number from 1 to 20').max(20, 'Points per hour must be a whole number from 1 to 20').default(1),
});
export type SkillTaughtInput = z.input<typeof skillTaughtInputSchema>;

export const availabilityEntrySchema = z.object({
  day: z.enum(weekDays, { message: 'Day must be Monday to Sunday' }),
  startTime: hhmm,
  endTime: hhmm,
});
export type AvailabilityEntry = z.infer<typeof availabilityEntrySchema>;

export const userSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  avatar: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  bio: z.string(),
  location: z.string(),
  timeZone: z.string(),
  rating: z.number(),
  reviewCount: z.number().int(),
  completedSwaps: z.number().int(),
  joinedDate: z.string(),
  points: z.number().int(),
  heldPoints: z.number().int(),
  streak: z.number().int(),
  skillsToTeach: z.array(skillTaughtSchema),
  skillsToLearn: z.array(z.string()),
  availability: z.array(availabilityEntrySchema),
});
export type User = z.infer<typeof userSchema>;

/** GET /api/user adds what only the signed-in member may know about themselves. */
export const currentUserSchema = userSchema.extend({ isAdmin: z.boolean() });
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const updateProfileSchema = z
  .object({
    name: z.string().trim().min(1, 'Please enter your name').max(100, 'Names are at most 100 characters'),
    bio: z.string().max(2000, 'Bios are at most 2000 characters'),
    location: z.string().max(200, 'Locations are at most 200 characters'),
    timeZone: z.string().min(1).max(64),
    skillsToTeach: z.array(skillTaughtInputSchema).max(50, 'At most 50 skills'),
    skillsToLearn: z.array(z.string().max(100, 'Skills to learn are at most 100 characters')).max(100, 'At most 100 skills to learn'),
    availability: z.array(availabilityEntrySchema).max(100, 'At most 100 availability entries'),
  })
  .partial()
  .strict();
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
  eventStore: z.enum(['postgres', 'pglite', 'eventstoredb']),
  database: z.enum(['postgres', 'pglite']),
  projections: z.array(z.object({ name: z.string(), status: z.string(), lag: z.number().int().nullable() })),
  /** Followers of the log that issue commands (session follow-ups, welcome bonus); lag in events. */
  reactors: z.array(z.object({ name: z.string(), status: z.string(), lag: z.number().int().nullable() })),
});

export const errorBodySchema = z.object({ error: z.string() });

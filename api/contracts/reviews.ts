// GET /api/users/{id}/reviews (spec 001 §2.11, §3 "Review source", §7): the rated, completed sessions
// a member taught, with what a review card shows (rating, text, skill, scheduled time, level,
// duration) and who wrote it. Field names follow the spec's session row; `rating` and `review` are
// the same values under shorter names.
import { z } from 'zod';

export * from './review-texts.js';

export const reviewSchema = z.object({
  id: z.string(),
  session_id: z.string(),
  status: z.literal('completed'),
  instructor_id: z.string(),
  student_id: z.string(),
  student_name: z.string().nullable(),
  /** The reviewer's avatar (the members read model's 128 px picture), null without one. */
  student_avatar: z.string().nullable(),
  rating: z.number().int(),
  student_rating: z.number().int(),
  review: z.string().nullable(),
  student_review: z.string().nullable(),
  skill_name: z.string(),
  scheduled_at: z.string(),
  experience_level: z.string(),
  duration_hours: z.number(),
  rated_at: z.string(),
});
export type Review = z.infer<typeof reviewSchema>;

// Response shapes of the dashboard, its sidebar, notifications, skill likes and feedback (issue 3,
// docs/sessions-api.md), and the feedback form's schema with the domain's limit and texts.
import { z } from 'zod';
import { FEEDBACK_EMPTY_MESSAGE, FEEDBACK_TOO_LONG_MESSAGE } from '../../domain/feedback/decide.js';
import { FEEDBACK_MAX_LENGTH } from '../../domain/feedback/events.js';
import { DASHBOARD_PAGE_SIZE, HIGHLIGHT_PAGE_SIZE } from './limits.js';
import { skillTaughtSchema } from './members.js';
import { dashboardTabs, sessionSchema } from './sessions.js';

export { DASHBOARD_PAGE_SIZE, HIGHLIGHT_PAGE_SIZE };

export const dashboardQuerySchema = z.object({
  tab: z.enum(dashboardTabs, { message: 'tab must be requested, upcoming, completed or history' }).optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(HIGHLIGHT_PAGE_SIZE).default(DASHBOARD_PAGE_SIZE),
  search: z.string().max(200).optional(),
  skill: z.string().max(200).optional(),
  /** A status filter inside the tab; the spec's client also sends a tab name here. */
  status: z.string().max(40).optional(),
  userId: z.string().max(100).optional(),
});

export const dashboardPageSchema = z.object({
  sessions: z.array(sessionSchema),
  total: z.number().int(),
  hasMore: z.boolean(),
  page: z.number().int(),
  totalPages: z.number().int(),
});
export type DashboardPage = z.infer<typeof dashboardPageSchema>;

export const dashboardCountsSchema = z.object({
  requested: z.number().int(),
  upcoming: z.number().int(),
  completed: z.number().int(),
  history: z.number().int(),
});
export type DashboardCounts = z.infer<typeof dashboardCountsSchema>;

export const dashboardStatsSchema = z.object({ totalPoints: z.number().int(), completedSwaps: z.number().int(), rating: z.number(), reviews: z.number().int() });
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;

export const activitySummarySchema = z.object({
  upcoming: z.array(sessionSchema),
  upcomingCount: z.number().int(),
  requestedCount: z.number().int(),
  completedCount: z.number().int(),
  /** Requests to answer as mentor plus reschedules the other side proposed. */
  actionRequired: z.number().int(),
});
export type ActivitySummary = z.infer<typeof activitySummarySchema>;

export const recommendationSchema = z.object({
  skill: skillTaughtSchema,
  mentor: z.object({
    id: z.string(),
    name: z.string(),
    avatar: z.string().nullable(),
    location: z.string(),
    rating: z.number(),
    reviewCount: z.number().int(),
    hasAvailability: z.boolean(),
  }),
  score: z.number(),
  reasons: z.array(z.enum(['name_match', 'related_skill', 'text_match'])),
});
export type Recommendation = z.infer<typeof recommendationSchema>;

export const suggestionSchema = z.object({
  type: z.enum(['skill_match', 'helper_match', 'industry_news', 'next_skill']),
  title: z.string(),
  description: z.string(),
});
export type Suggestion = z.infer<typeof suggestionSchema>;

export const onboardingStepsSchema = z.object({
  completed_profile: z.boolean(),
  added_skills: z.boolean(),
  set_availability: z.boolean(),
  shared_post: z.boolean(),
  asked_ai: z.boolean(),
  scheduled_session: z.boolean(),
});
export const onboardingSchema = z.object({
  onboardingSteps: onboardingStepsSchema,
  hasSeenWelcomeTour: z.boolean(),
  completedSteps: z.number().int(),
  /** 6, or 5 where The S brain is not configured: asking it cannot be done there, so it is not a step. */
  totalSteps: z.number().int(),
  /** Every step that counts is done: the card shows 'All Set'. */
  complete: z.boolean(),
  /** Whether the assistant is configured, so whether 'Ask The S brain' is one of the steps. */
  assistantAvailable: z.boolean(),
});
export type Onboarding = z.infer<typeof onboardingSchema>;
export const onboardingPatchSchema = z.object({ hasSeenWelcomeTour: z.literal(true, { message: 'hasSeenWelcomeTour can only be set to true' }) }).strict();

export const streakSchema = z.object({ streak: z.number().int() });

export const notificationSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  type: z.string(),
  event_type: z.string(),
  title: z.string(),
  message: z.string(),
  session_id: z.string().nullable(),
  from_user_id: z.string().nullable(),
  from_user_name: z.string().nullable(),
  comment_id: z.string().nullable(),
  post_id: z.string().nullable(),
  read: z.boolean(),
  created_at: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;
/** The unread badge; by_type feeds the nav bar's dots (a post's likes count as one item, as listed). */
export const unreadCountSchema = z.object({ count: z.number().int(), by_type: z.record(z.string(), z.number().int()) });
export type UnreadCount = z.infer<typeof unreadCountSchema>;
export const okSchema = z.object({ ok: z.literal(true) });

export const skillLikeStatusSchema = z.object({ liked: z.boolean(), likesCount: z.number().int() });
export type SkillLikeStatus = z.infer<typeof skillLikeStatusSchema>;
export const skillLikeBodySchema = z.object({ userId: z.string().max(100).nullish() }).nullish();

// Blank and over-long texts are refused by the feedback decider with the dialog's own words.
export const feedbackBodySchema = z.object({
  message: z.string({ message: FEEDBACK_EMPTY_MESSAGE }).max(FEEDBACK_MAX_LENGTH * 2, FEEDBACK_TOO_LONG_MESSAGE),
  /** Where the dialog was opened (feed, dashboard). */
  source: z.string().max(40).nullish(),
});
export type FeedbackBody = z.input<typeof feedbackBodySchema>;
/** The feedback dialog's own check: what the decider refuses, with its texts. */
export const feedbackFormSchema = z.object({ message: z.string().trim().min(1, FEEDBACK_EMPTY_MESSAGE).max(FEEDBACK_MAX_LENGTH, FEEDBACK_TOO_LONG_MESSAGE) });
export type FeedbackForm = z.input<typeof feedbackFormSchema>;
export { FEEDBACK_MAX_LENGTH };
export const feedbackResultSchema = z.object({ ok: z.literal(true), id: z.string() });

// GET /api/admin/ai/analytics (spec 002 §2 'AI Analytics tab', §7, §8, §9): the four cards' figures,
// the feedback figures and the recent invocations, newest first. The spec's 30 s refresh is only the
// fallback while the admin's socket is down; the figures move over /ws.
import { z } from 'zod';

/** Spec 002 §9: AI analytics every 30 s (auto-refresh), here only while the socket is down. */
export const AI_ANALYTICS_FALLBACK_MS = 30_000;
/** The recent invocations table's rows. */
export const AI_ANALYTICS_RECENT_LIMIT = 50;
/** Spec 002 §9: AI cost shown with 4 decimals. */
export const AI_COST_DECIMALS = 4;

export const aiAnalyticsTexts = {
  title: 'AI Analytics',
  loadFailedTitle: 'Failed to Load AI Analytics',
  loadFailed: 'There was an error fetching AI performance metrics. Please try again.',
  retry: 'Retry',
  empty: 'No AI analytics data available',
  notAvailable: 'N/A',
  loading: 'Loading AI analytics',
  recentTitle: 'Recent invocations',
  feedbackTitle: 'User feedback',
} as const;

export const aiAnalyticsTriggers = ['post_mention', 'comment_mention', 'ask'] as const;
export const aiAnalyticsStatuses = ['pending', 'success', 'failed'] as const;

export const aiInvocationSummarySchema = z.object({
  requestId: z.string(),
  postId: z.string(),
  /** post_mention and comment_mention are mentions; ask is the other type. */
  triggerType: z.enum(aiAnalyticsTriggers),
  /** pending while the assistant answers; failed with its reason (model_error, timed_out). */
  status: z.enum(aiAnalyticsStatuses),
  failureReason: z.string().nullable(),
  /** The model call's time in ms; null when no call was made (timed out before it). */
  latencyMs: z.number().int().nullable(),
  /** US dollars; null when no call was made. */
  costUsd: z.number().nullable(),
  imageCount: z.number().int(),
  createdAt: z.string(),
});

export const aiAnalyticsSchema = z.object({
  summary: z.object({
    /** Requests that ended (answered or failed); a request refused by the daily quota is not one. */
    totalInvocations: z.number().int(),
    successfulInvocations: z.number().int(),
    failedInvocations: z.number().int(),
    /** Percent of the invocations that succeeded; null with none. */
    successRate: z.number().nullable(),
    /** Mean latency of the calls made, in ms; null with none. */
    avgResponseTimeMs: z.number().nullable(),
    /** US dollars, every call made. */
    totalCostUsd: z.number(),
  }),
  feedback: z.object({
    total: z.number().int(),
    helpful: z.number().int(),
    unhelpful: z.number().int(),
    /** Percent helpful of all feedback; null with none. */
    satisfactionRate: z.number().nullable(),
  }),
  /** Newest first, at most AI_ANALYTICS_RECENT_LIMIT. */
  recentInvocations: z.array(aiInvocationSummarySchema),
});

export type AiInvocationSummary = z.infer<typeof aiInvocationSummarySchema>;
export type AiAnalytics = z.infer<typeof aiAnalyticsSchema>;

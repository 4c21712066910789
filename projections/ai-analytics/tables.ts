// The AI Analytics read model's tables (spec 002 §2 'AI Analytics tab'): one row per request to The S
// brain for the recent invocations table, and the running totals the four cards and the feedback section
// read in one small query (rows hold changes that the write adds to the stored totals).
import { defineTable, int4, int8, text, timestamptz, type DatabaseOf, type RowOfTable } from '../runtime/table.js';

export const aiAnalyticsInvocationsTable = defineTable({
  name: 'ai_analytics_invocations',
  key: ['request_id'],
  columns: {
    request_id: text(),
    post_id: text(),
    /** post_mention, comment_mention or ask. */
    trigger: text(),
    /** pending (asked, not yet answered), success or failed. */
    status: text<AiAnalyticsStatus>(),
    /** model_error or timed_out, when failed. */
    failure_reason: text().nullable(),
    /** The model call's, when one was made. */
    latency_ms: int4().nullable(),
    /** Millionths of a US dollar, when a call was made. */
    cost_micro_usd: int8().nullable(),
    /** Images sent to the model (0 until a call is recorded). */
    image_count: int4(),
    requested_at: timestamptz(),
  },
  indexes: { ai_analytics_invocations_requested_idx: ['requested_at desc', 'request_id'] },
});

export const aiAnalyticsStatuses = ['pending', 'success', 'failed'] as const;
export type AiAnalyticsStatus = (typeof aiAnalyticsStatuses)[number];

export const aiAnalyticsMetrics = [
  'invocations',
  'successes',
  'failures',
  'latency_sum_ms',
  'latency_count',
  'cost_micro_usd',
  'feedback_total',
  'feedback_helpful',
  'feedback_unhelpful',
] as const;
export type AiAnalyticsMetric = (typeof aiAnalyticsMetrics)[number];

export const aiAnalyticsTotalsTable = defineTable({
  name: 'ai_analytics_totals',
  key: ['metric'],
  columns: { metric: text<AiAnalyticsMetric>(), total: int8() },
  add: ['total'],
});

export type AiAnalyticsInvocationRow = RowOfTable<typeof aiAnalyticsInvocationsTable>;
export type AiAnalyticsTotalRow = RowOfTable<typeof aiAnalyticsTotalsTable>;
export type AiAnalyticsDb = DatabaseOf<{ ai_analytics_invocations: typeof aiAnalyticsInvocationsTable; ai_analytics_totals: typeof aiAnalyticsTotalsTable }>;

// The AI Analytics answer: the totals (nine rows) and the newest invocations by their index.
import type { Kysely } from 'kysely';
import { AI_ANALYTICS_RECENT_LIMIT, type AiAnalytics, type AiInvocationSummary } from '../../api/contracts/admin-ai-analytics.js';
import type { ReadModelsDb } from '../read-models.js';
import type { AiAnalyticsMetric } from './tables.js';

const MICRO = 1_000_000;
const iso = (value: Date | string) => new Date(value).toISOString();
const percent = (part: number, whole: number) => (whole === 0 ? null : (part / whole) * 100);

export const readAiAnalytics = async (db: Kysely<ReadModelsDb>, limit = AI_ANALYTICS_RECENT_LIMIT): Promise<AiAnalytics> => {
  const [totalRows, recent] = await Promise.all([
    db.selectFrom('ai_analytics_totals').select(['metric', 'total']).execute(),
    db.selectFrom('ai_analytics_invocations').selectAll().orderBy('requested_at', 'desc').orderBy('request_id').limit(limit).execute(),
  ]);
  const totals = new Map(totalRows.map((r) => [r.metric, Number(r.total)]));
  const t = (metric: AiAnalyticsMetric) => totals.get(metric) ?? 0;
  const latencyCount = t('latency_count');
  return {
    summary: {
      totalInvocations: t('invocations'),
      successfulInvocations: t('successes'),
      failedInvocations: t('failures'),
      successRate: percent(t('successes'), t('invocations')),
      avgResponseTimeMs: latencyCount === 0 ? null : t('latency_sum_ms') / latencyCount,
      totalCostUsd: t('cost_micro_usd') / MICRO,
    },
    feedback: {
      total: t('feedback_total'),
      helpful: t('feedback_helpful'),
      unhelpful: t('feedback_unhelpful'),
      satisfactionRate: percent(t('feedback_helpful'), t('feedback_total')),
    },
    recentInvocations: recent.map((r): AiInvocationSummary => ({
      requestId: r.request_id,
      postId: r.post_id,
      triggerType: r.trigger as AiInvocationSummary['triggerType'],
      status: r.status,
      failureReason: r.failure_reason,
      latencyMs: r.latency_ms,
      costUsd: r.cost_micro_usd === null ? null : Number(r.cost_micro_usd) / MICRO,
      imageCount: r.image_count,
      createdAt: iso(r.requested_at),
    })),
  };
};

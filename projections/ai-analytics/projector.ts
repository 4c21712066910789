// The AI Analytics tab's read model (spec 002 §2, §7 GET /api/admin/ai/analytics; DESIGN.md §12): from
// the post streams' record of each request to The S brain, a row per request (trigger, outcome, the
// call's latency, cost and images) and running totals (invocations, successes, failures, latency,
// cost, feedback), so the cards are one read of nine rows, never a pass over the requests. An
// invocation is a request that ended (answered or failed); a request refused by the member's daily
// quota never reached the model and is left out (docs/decisions.md 315). Eventual: no member reads
// their own write from it, and the admins' sockets hear of each change.
import type { AiFeedbackGiven, AiReplyCompleted, AiReplyFailed, AiReplyRequested } from '../../domain/post/events.js';
import type { ChangedMessage } from '../../api/contracts/live.js';
import { toAdmins } from '../change-notices.js';
import { defineProjection, type Recorded, type RowSet } from '../runtime/define-projection.js';
import { aiAnalyticsInvocationsTable, aiAnalyticsTotalsTable, type AiAnalyticsMetric, type AiAnalyticsTotalRow } from './tables.js';

type AiAnalyticsEvent = AiReplyRequested | AiReplyCompleted | AiReplyFailed | AiFeedbackGiven;
const aiAnalyticsEventTypes = ['AiReplyRequested', 'AiReplyCompleted', 'AiReplyFailed', 'AiFeedbackGiven'] as const satisfies readonly AiAnalyticsEvent['type'][];

/** Adds `delta` to a total: the batch's row holds the change, which the write adds to the stored total. */
const tally = (totals: RowSet<AiAnalyticsTotalRow>, metric: AiAnalyticsMetric, delta: number) => {
  if (delta !== 0) totals.put({ metric, total: Number(totals.get(metric)?.total ?? 0) + delta });
};

const adminChanged = toAdmins<ChangedMessage>({ type: 'changed', scope: 'admin' });

export const aiAnalyticsProjector = defineProjection({
  name: 'ai-analytics',
  version: 1,
  migration: '20261129T1000-create-ai-analytics',
  tables: { ai_analytics_invocations: aiAnalyticsInvocationsTable, ai_analytics_totals: aiAnalyticsTotalsTable },
  canHandle: aiAnalyticsEventTypes,
  consistency: 'eventual',
  creates: (event: Recorded<AiAnalyticsEvent>) => (event.type === 'AiReplyRequested' ? { ai_analytics_invocations: event.data.requestId } : {}),
  reads: (event: Recorded<AiAnalyticsEvent>) =>
    event.type === 'AiReplyCompleted' || event.type === 'AiReplyFailed' ? { ai_analytics_invocations: event.data.requestId } : {},
  evolve(rows, event) {
    const totals = rows.ai_analytics_totals;
    switch (event.type) {
      case 'AiReplyRequested': {
        const d = event.data;
        rows.ai_analytics_invocations.put({
          request_id: d.requestId,
          post_id: d.postId,
          trigger: d.trigger,
          status: 'pending',
          failure_reason: null,
          latency_ms: null,
          cost_micro_usd: null,
          image_count: 0,
          requested_at: d.requestedAt,
        });
        return [adminChanged];
      }
      case 'AiReplyCompleted':
      case 'AiReplyFailed': {
        const row = rows.ai_analytics_invocations.get(event.data.requestId);
        // Each request ends once; a request this read model never saw asked has nothing to end.
        if (!row || row.status !== 'pending') return;
        if (event.type === 'AiReplyFailed' && event.data.reason === 'quota_exceeded') {
          rows.ai_analytics_invocations.delete(row.request_id);
          return [adminChanged];
        }
        const call = event.data.invocation;
        const success = event.type === 'AiReplyCompleted';
        const cost = call ? Math.round(call.cost * 1_000_000) : null;
        rows.ai_analytics_invocations.put({
          ...row,
          status: success ? 'success' : 'failed',
          failure_reason: event.type === 'AiReplyFailed' ? event.data.reason : null,
          latency_ms: call?.latencyMs ?? null,
          cost_micro_usd: cost,
          image_count: call?.imageCount ?? 0,
        });
        tally(totals, 'invocations', 1);
        tally(totals, success ? 'successes' : 'failures', 1);
        if (call) {
          tally(totals, 'latency_sum_ms', call.latencyMs);
          tally(totals, 'latency_count', 1);
          tally(totals, 'cost_micro_usd', cost ?? 0);
        }
        return [adminChanged];
      }
      case 'AiFeedbackGiven':
        tally(totals, 'feedback_total', 1);
        tally(totals, event.data.feedback === 'helpful' ? 'feedback_helpful' : 'feedback_unhelpful', 1);
        return [adminChanged];
    }
  },
});

import { describe, expect, it } from 'vitest';
import type { AiInvocation, PostEvent } from '../../domain/post/events.js';
import type { RecordedEvent } from '../../eventstore/types.js';
import { projectionSpec } from '../../test/projections/support/projection-spec.js';
import { createEventLog } from '../../test/projections/support/recorded-events.js';
import { testTargets } from '../../test/projections/support/test-databases.js';
import { aiAnalyticsProjector } from './projector.js';
import { readAiAnalytics } from './queries.js';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 29, 9, minute)).toISOString();
const call = (latencyMs: number, cost: number, imageCount = 0): AiInvocation => ({ model: 'gpt-4o-mini', tokensIn: 100, tokensOut: 50, latencyMs, imageCount, cost });

/**
 * Six requests: r1 answered (1 image), r2 failed at the model, r3 answered, r4 refused by the quota,
 * r5 still pending, r6 timed out before any call; three votes on the answers.
 */
const history = (): RecordedEvent[] => {
  const log = createEventLog();
  const post = (postId: string, event: PostEvent, minute: number) => log.record(`post-${postId}`, event, at(minute));
  const ask = (requestId: string, postId: string, trigger: 'post_mention' | 'comment_mention' | 'ask', minute: number) =>
    post(
      postId,
      {
        type: 'AiReplyRequested',
        data: { postId, requestId, requestedBy: 'ann', trigger, triggerCommentId: null, replyToCommentId: null, question: 'why?', requestedAt: at(minute) },
      },
      minute,
    );
  const done = (requestId: string, postId: string, invocation: AiInvocation, minute: number) =>
    post(postId, { type: 'AiReplyCompleted', data: { postId, requestId, requestedBy: 'ann', commentId: `c-${requestId}`, invocation } }, minute);
  const failed = (requestId: string, postId: string, reason: 'model_error' | 'quota_exceeded' | 'timed_out', invocation: AiInvocation | null, minute: number) =>
    post(postId, { type: 'AiReplyFailed', data: { postId, requestId, requestedBy: 'ann', reason, message: 'trouble', invocation } }, minute);
  const vote = (memberId: string, requestId: string, postId: string, feedback: 'helpful' | 'unhelpful', minute: number) =>
    post(postId, { type: 'AiFeedbackGiven', data: { postId, commentId: `c-${requestId}`, memberId, feedback } }, minute);

  ask('r1', 'p1', 'post_mention', 1);
  post('p1', { type: 'AiReplyStarted', data: { postId: 'p1', requestId: 'r1', model: 'gpt-4o-mini' } }, 1);
  done('r1', 'p1', call(1200, 0.00036, 1), 2);
  ask('r2', 'p2', 'ask', 3);
  failed('r2', 'p2', 'model_error', call(800, 0.0001), 4);
  ask('r3', 'p3', 'comment_mention', 5);
  done('r3', 'p3', call(2000, 0.0012345), 6);
  vote('bob', 'r1', 'p1', 'helpful', 7);
  vote('cai', 'r1', 'p1', 'unhelpful', 8);
  vote('dan', 'r3', 'p3', 'helpful', 9);
  ask('r4', 'p4', 'post_mention', 10);
  failed('r4', 'p4', 'quota_exceeded', null, 10);
  ask('r5', 'p5', 'post_mention', 11);
  ask('r6', 'p6', 'ask', 12);
  failed('r6', 'p6', 'timed_out', null, 13);
  return log.events;
};

describe.each(testTargets())('ai-analytics read model on $kind', (target) => {
  const spec = projectionSpec(target, aiAnalyticsProjector);

  it('keeps the totals of the ended calls and the feedback, without a quota refusal or a pending request', () =>
    spec.given(history()).then(async (db) => {
      const { summary, feedback } = await readAiAnalytics(db);
      expect(summary).toEqual({
        totalInvocations: 4,
        successfulInvocations: 2,
        failedInvocations: 2,
        successRate: 50,
        // The three calls made; the timed-out request made none.
        avgResponseTimeMs: (1200 + 800 + 2000) / 3,
        totalCostUsd: 0.00036 + 0.0001 + 0.001235,
      });
      expect(feedback).toEqual({ total: 3, helpful: 2, unhelpful: 1, satisfactionRate: (2 / 3) * 100 });
    }));

  it('lists the recent invocations newest first, each with its trigger, outcome, latency, cost and images', () =>
    spec.given(history()).then(async (db) => {
      const { recentInvocations } = await readAiAnalytics(db);
      expect(recentInvocations.map((r) => [r.requestId, r.postId, r.triggerType, r.status, r.failureReason, r.latencyMs, r.costUsd, r.imageCount, r.createdAt])).toEqual([
        ['r6', 'p6', 'ask', 'failed', 'timed_out', null, null, 0, at(12)],
        ['r5', 'p5', 'post_mention', 'pending', null, null, null, 0, at(11)],
        ['r3', 'p3', 'comment_mention', 'success', null, 2000, 0.001235, 0, at(5)],
        ['r2', 'p2', 'ask', 'failed', 'model_error', 800, 0.0001, 0, at(3)],
        ['r1', 'p1', 'post_mention', 'success', null, 1200, 0.00036, 1, at(1)],
      ]);
      expect((await readAiAnalytics(db, 2)).recentInvocations.map((r) => r.requestId)).toEqual(['r6', 'r5']);
    }));

  it('answers zeros and no rates before the assistant was ever asked', async () => {
    const empty = await spec
      .given([])
      .apply()
      .then(() => readAiAnalytics(spec.db));
    expect(empty).toEqual({
      summary: { totalInvocations: 0, successfulInvocations: 0, failedInvocations: 0, successRate: null, avgResponseTimeMs: null, totalCostUsd: 0 },
      feedback: { total: 0, helpful: 0, unhelpful: 0, satisfactionRate: null },
      recentInvocations: [],
    });
  });

  it("tells the admins' sockets of each change", () =>
    spec.given(history()).then((_, { notices }) => {
      expect(notices.length).toBeGreaterThan(0);
      expect(notices.every((n) => n.audience.to === 'admins')).toBe(true);
    }));
});

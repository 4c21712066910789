import { describe, expect, it } from 'vitest';
import type { AiInvocation, PostEvent } from '../../domain/post/events.js';
import { THE_S_BRAIN_ID } from '../../domain/post/rules.js';
import type { RecordedEvent } from '../../eventstore/types.js';
import { projectionSpec } from '../../test/projections/support/projection-spec.js';
import { createEventLog } from '../../test/projections/support/recorded-events.js';
import { dumpTables } from '../../test/projections/support/table-dump.js';
import { testTargets } from '../../test/projections/support/test-databases.js';
import { assistantCommentsProjector } from './comments-projector.js';
import { aiInvocationsProjector } from './invocations-projector.js';
import { aiFeedbackStats, postOfComment, recentAiInvocations } from './queries.js';

const call: AiInvocation = { model: 'gpt-4o-mini', tokensIn: 1200, tokensOut: 300, latencyMs: 2100, imageCount: 1, cost: 0.000362 };
const comment = (commentId: string, authorId: string, isAiGenerated: boolean, aiRequestId: string | null = null): PostEvent => ({
  type: 'CommentAdded',
  data: {
    postId: 'p1',
    postAuthorId: 'ann',
    commentId,
    authorId,
    content: 'Hi',
    parentCommentId: null,
    parentAuthorId: null,
    depth: 0,
    isOffer: false,
    skillOffered: null,
    tags: [],
    mentions: [],
    isAiGenerated,
    aiRequestId,
  },
});
const requested = (requestId: string, at: string, trigger: 'post_mention' | 'ask' = 'ask'): PostEvent => ({
  type: 'AiReplyRequested',
  data: { postId: 'p1', requestId, requestedBy: 'bob', trigger, triggerCommentId: null, replyToCommentId: null, question: 'How?', requestedAt: at },
});

const history = (): RecordedEvent[] => {
  const log = createEventLog();
  const on = (event: PostEvent, at: string) => log.record('post-p1', event, at);
  on(comment('c1', 'bob', false), '2026-03-01T09:00:00.000Z');
  on(requested('r1', '2026-03-01T09:01:00.000Z', 'post_mention'), '2026-03-01T09:01:00.000Z');
  on({ type: 'AiReplyStarted', data: { postId: 'p1', requestId: 'r1', model: 'gpt-4o-mini' } }, '2026-03-01T09:01:01.000Z');
  on(comment('ai1', THE_S_BRAIN_ID, true, 'r1'), '2026-03-01T09:01:03.000Z');
  on({ type: 'AiReplyCompleted', data: { postId: 'p1', requestId: 'r1', requestedBy: 'bob', commentId: 'ai1', invocation: call } }, '2026-03-01T09:01:03.000Z');
  on({ type: 'AiFeedbackGiven', data: { postId: 'p1', commentId: 'ai1', memberId: 'ann', feedback: 'helpful' } }, '2026-03-01T09:02:00.000Z');
  on({ type: 'AiFeedbackGiven', data: { postId: 'p1', commentId: 'ai1', memberId: 'cat', feedback: 'unhelpful' } }, '2026-03-01T09:03:00.000Z');
  on({ type: 'AiFeedbackGiven', data: { postId: 'p1', commentId: 'ai1', memberId: 'dan', feedback: 'helpful' } }, '2026-03-01T09:04:00.000Z');
  on(requested('r2', '2026-03-01T09:05:00.000Z'), '2026-03-01T09:05:00.000Z');
  on(
    { type: 'AiReplyFailed', data: { postId: 'p1', requestId: 'r2', requestedBy: 'bob', reason: 'quota_exceeded', message: 'Tomorrow', invocation: null } },
    '2026-03-01T09:05:01.000Z',
  );
  return log.events;
};

const projectors = [aiInvocationsProjector, assistantCommentsProjector];

describe.each(testTargets())("The S brain's read models on $kind", (target) => {
  const spec = projectionSpec(target, projectors);

  it('records each request with its trigger and the outcome of its call, newest first', () =>
    spec.given(history()).then(async (db, { notices }) => {
      expect(await recentAiInvocations(db, { limit: 10 })).toEqual([
        expect.objectContaining({
          requestId: 'r2',
          trigger: 'ask',
          status: 'failed',
          failureReason: 'quota_exceeded',
          model: null,
          tokensIn: null,
          cost: null,
          commentId: null,
        }),
        {
          requestId: 'r1',
          postId: 'p1',
          requestedBy: 'bob',
          trigger: 'post_mention',
          status: 'completed',
          failureReason: null,
          model: 'gpt-4o-mini',
          tokensIn: 1200,
          tokensOut: 300,
          latencyMs: 2100,
          imageCount: 1,
          cost: 0.000362,
          commentId: 'ai1',
          requestedAt: '2026-03-01T09:01:00.000Z',
          endedAt: '2026-03-01T09:01:03.000Z',
        },
      ]);
      expect(notices).toContainEqual({ audience: { to: 'admins' }, payload: { type: 'changed', scope: 'admin' } });
    }));

  it("counts the votes on the assistant's comments, tells each reader their own and knows every comment's post", () =>
    spec.given(history()).then(async (db, { notices }) => {
      expect(await aiFeedbackStats(db, 'ai1', 'ann')).toEqual({ helpful: 2, unhelpful: 1, total: 3, my_vote: 'helpful' });
      expect(await aiFeedbackStats(db, 'ai1', 'cat')).toEqual({ helpful: 2, unhelpful: 1, total: 3, my_vote: 'unhelpful' });
      expect(await aiFeedbackStats(db, 'ai1', 'bob')).toEqual({ helpful: 2, unhelpful: 1, total: 3, my_vote: null });
      expect(await aiFeedbackStats(db, 'c1', 'ann')).toBeNull();
      expect(await aiFeedbackStats(db, 'nope', 'ann')).toBeNull();
      expect(await postOfComment(db, 'c1')).toBe('p1');
      expect(await postOfComment(db, 'nope')).toBeNull();
      expect(notices).toContainEqual({ audience: { to: 'subscribers', topic: 'post:p1' }, payload: { type: 'changed', scope: 'post', id: 'p1', postId: 'p1' } });
    }));

  // projectionSpec compares every split's rows with the first's.
  it('gives the same rows whether events arrive in one batch or in many small ones', () =>
    spec.given(history()).then(async (db) => {
      expect((await dumpTables(db, projectors)).ai_invocations).toHaveLength(2);
    }));
});

// The S brain's side of a post: a member's ask (POST /api/the-s-brain/ask), and the commands the
// assistant reactor issues while it answers a request: started (thinking), completed (its comment) or
// failed. The reactor's commands carry the cause (correlation and causation ids, actor null) and are
// idempotent: the decider answers a request no longer pending with no events, and the answer's
// comment id derives from the request, so a replay after a crash adds no second comment.
import { randomUUID } from 'node:crypto';
import type { AiInvocation } from '../../domain/post/events.js';
import type { AiFailureReason } from '../../domain/post/rules.js';
import { aiQuotaDecider, questionsLeft, quotaDay } from '../../domain/assistant-quota/quota.js';
import { uuidV5 } from '../deterministic-id.js';
import { aiQuotaStreamId } from '../stream-ids.js';
import { actOnPost, existingMentions, recordedAiRequestId, type FeedContext, type FeedDeps } from './post-stream.js';
import type { MemberAction } from './posts.js';

export interface AskInput extends MemberAction {
  /** The comment asked about, or null for the post. */
  commentId: string | null;
  question: string;
  requestId?: string | undefined;
}

export const requestAiReply = async (deps: FeedDeps, input: AskInput) => {
  const result = await actOnPost(
    deps,
    {
      type: 'RequestAiReply',
      postId: input.postId,
      now: input.now,
      actorId: input.actorId,
      requestId: input.requestId ?? randomUUID(),
      commentId: input.commentId,
      question: input.question,
    },
    input,
  );
  return { ...result, aiRequestId: recordedAiRequestId(result.events) };
};

export interface AssistantStep extends FeedContext {
  postId: string;
  requestId: string;
}

/** The id of the comment that answers a request: the same on every replay. */
export const aiReplyCommentId = (requestId: string) => uuidV5(`ai-reply:${requestId}`);

const system = (input: FeedContext) => ({ ...input, actorId: null });

export const startAiReply = (deps: FeedDeps, input: AssistantStep & { model: string }) =>
  actOnPost(deps, { type: 'StartAiReply', postId: input.postId, now: input.now, requestId: input.requestId, model: input.model }, system(input));

export const completeAiReply = async (
  deps: FeedDeps,
  input: AssistantStep & { content: string; mentions?: readonly string[] | undefined; invocation: AiInvocation | null },
) =>
  actOnPost(
    deps,
    {
      type: 'CompleteAiReply',
      postId: input.postId,
      now: input.now,
      requestId: input.requestId,
      commentId: aiReplyCommentId(input.requestId),
      content: input.content,
      mentions: await existingMentions(deps, input.mentions),
      invocation: input.invocation,
    },
    system(input),
  );

export const failAiReply = (deps: FeedDeps, input: AssistantStep & { reason: AiFailureReason; invocation: AiInvocation | null }) =>
  actOnPost(
    deps,
    { type: 'FailAiReply', postId: input.postId, now: input.now, requestId: input.requestId, reason: input.reason, invocation: input.invocation },
    system(input),
  );

export interface QuotaInput extends FeedContext {
  memberId: string;
  /** Questions a member may ask a day (configured). */
  dailyLimit: number;
}

/**
 * Uses one of the member's questions of the day for this request, before the model is called; throws
 * QUOTA_EXCEEDED (429, the clear message) when none is left. The same request counts once.
 */
export const useAiQuota = async (deps: FeedDeps, input: QuotaInput & { requestId: string }) => {
  const { memberId, requestId, now, dailyLimit } = input;
  const result = await deps.runtime.handle(
    aiQuotaDecider,
    aiQuotaStreamId(memberId, quotaDay(now)),
    { type: 'UseAiQuota', memberId, requestId, now, dailyLimit },
    { now, actorId: null, correlationId: input.correlationId, causationId: input.causationId },
  );
  return { checkpoint: result.checkpoint, left: questionsLeft(result.state, dailyLimit) };
};

/** Questions the member may still ask today (the ask route answers 429 at once when none are left). */
export const aiQuestionsLeft = async (deps: FeedDeps, input: QuotaInput): Promise<number> =>
  questionsLeft((await deps.runtime.load(aiQuotaDecider, aiQuotaStreamId(input.memberId, quotaDay(input.now)))).state, input.dailyLimit);

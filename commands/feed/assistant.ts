// The S brain's side of a post: a member's ask (POST /api/the-s-brain/ask), and the commands the
// assistant reactor issues while it answers a request: started (thinking), completed (its comment) or
// failed. The reactor's commands carry the cause (correlation and causation ids, actor null) and are
// idempotent: the decider answers a request no longer pending with no events, and the answer's
// comment id derives from the request, so a replay after a crash adds no second comment.
import { randomUUID } from 'node:crypto';
import type { AiInvocation } from '../../domain/post/events.js';
import type { AiFailureReason } from '../../domain/post/rules.js';
import { aiQuotaDecider, questionsLeft, quotaDay, type UseAiQuota } from '../../domain/assistant-quota/quota.js';
import type { RequestAiReply } from '../../domain/post/commands.js';
import { postDecider } from '../../domain/post/decide.js';
import type { PostState } from '../../domain/post/state.js';
import type { Event } from '../../domain/shared.js';
import { WrongExpectedVersionError, type EventToAppend } from '../../eventstore/types.js';
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- the ask writes two streams at once: AskDeps says why
import type { CommandRuntime, ProcessRuntime, StreamWrite } from '../runtime/types.js';
import { uuidV5 } from '../runtime/deterministic-id.js';
import { aiQuotaStreamId, postStreamId } from '../stream-ids.js';
import { actOnPost, existingMentions, recordedAiRequestId, type FeedContext, type FeedDeps } from './post-stream.js';
import type { MemberAction } from './posts.js';

export interface AskInput extends MemberAction {
  /** The comment asked about, or null for the post. */
  commentId: string | null;
  question: string;
  requestId?: string | undefined;
  /** Questions a member may ask a day (configured). */
  dailyLimit: number;
}

/** Attempts at the two appends when other asks of the member (or writes to the post) race this one. */
const ASK_ATTEMPTS = 30;
const pause = (attempt: number) => new Promise((resolve) => setTimeout(resolve, 2 * attempt + Math.random() * 10 * attempt));

/**
 * The one feed command that writes more than one stream: the ask uses a question of the member's day
 * (ai-quota-{member}-{day}) and records the request on the post in one writeMany, both or neither, so
 * an ask the post refuses spends no question and concurrent asks cannot both take the last one. It
 * needs writeMany of the process runtime, and nothing else of it.
 */
export interface AskDeps {
  runtime: CommandRuntime & Pick<ProcessRuntime, 'writeMany'>;
}

/**
 * A member's ask (POST /api/the-s-brain/ask): one of their questions of the day is used in the same
 * write that records the request (issue 29 item 6), so the answer is the quota as it stands when they
 * ask. Both streams are appended at the revisions decided on (atomically on the SQL stores), so
 * concurrent asks serialise on the member's quota stream: past the quota they are refused at once
 * (QUOTA_EXCEEDED), and an ask the post refuses (busy, not found) uses no question. The reactor's
 * later use of the same request's unit appends nothing.
 */
export const requestAiReply = async (deps: AskDeps, input: AskInput) => {
  const requestId = input.requestId ?? randomUUID();
  const quotaStream = aiQuotaStreamId(input.actorId, quotaDay(input.now));
  const postStream = postStreamId(input.postId);
  const use: UseAiQuota = { type: 'UseAiQuota', memberId: input.actorId, requestId, now: input.now, dailyLimit: input.dailyLimit };
  const ask: RequestAiReply = {
    type: 'RequestAiReply',
    postId: input.postId,
    now: input.now,
    actorId: input.actorId,
    requestId,
    commentId: input.commentId,
    question: input.question,
  };
  const correlationId = input.correlationId ?? randomUUID();
  const toAppend = (events: readonly Event[]): EventToAppend[] =>
    events.map((event) => ({
      type: event.type,
      data: event.data,
      metadata: { eventId: randomUUID(), occurredAt: input.now, actorId: input.actorId, correlationId, causationId: input.causationId ?? null, schemaVersion: 1 },
    }));
  for (let attempt = 1; ; attempt++) {
    const [quota, post] = await Promise.all([deps.runtime.load(aiQuotaDecider, quotaStream), deps.runtime.load(postDecider, postStream)]);
    const used = aiQuotaDecider.decide(use, quota.state);
    const events = postDecider.decide(ask, post.state);
    // Nothing new on the post: this request was recorded before (a re-sent ask).
    if (events.length === 0) return { checkpoint: null, events, state: post.state, aiRequestId: null };
    const writes: StreamWrite[] = [{ decider: postDecider, streamId: postStream, from: post, events: toAppend(events) }];
    if (used.length > 0) writes.unshift({ decider: aiQuotaDecider, streamId: quotaStream, from: quota, events: toAppend(used) });
    try {
      const written = await deps.runtime.writeMany(writes);
      const last = written.at(-1)!;
      return { checkpoint: last.checkpoint, events, state: last.stream.state as PostState, aiRequestId: recordedAiRequestId(events) };
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError) || attempt >= ASK_ATTEMPTS) throw error;
      await pause(attempt);
    }
  }
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

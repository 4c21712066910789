// Answers one recorded request to The S brain, from the request's event (issue 20 point 7):
// still pending? -> one unit of the member's daily quota (refused: failed as quota_exceeded before any
// call) -> started ('thinking') -> the model, streamed, with the post, its thread and its images ->
// the AI comment with the call's record, or the failure with the spec's text and nothing half-written.
// Run again for the same request (after a crash while the model streamed) it calls the model again and
// answers once: every command is idempotent and the answer's comment id derives from the request.
import type { AiInvocation, AiReplyRequested } from '../../domain/post/events.js';
import { AI_REPLY_TIMEOUT_MINUTES, THE_S_BRAIN_ID, feedTexts } from '../../domain/post/rules.js';
import { memberDecider } from '../../domain/member/decide.js';
import { DomainError } from '../../domain/shared.js';
import { AI_QUOTA_EXCEEDED_MESSAGE } from '../../domain/assistant-quota/quota.js';
import type { AiStatusMessage } from '../../api/contracts/assistant.js';
import { aiReplyCommentId, completeAiReply, failAiReply, startAiReply, useAiQuota } from '../feed/assistant.js';
import { loadPost, type FeedContext, type FeedDeps } from '../feed/post-stream.js';
import type { PostEvent } from '../../domain/post/events.js';
import { foldThread, type PostThread } from '../../domain/post/thread.js';
import type { CommandRuntime, ProcessRuntime } from '../runtime/types.js';
import { memberStreamId, postStreamId } from '../stream-ids.js';
import { buildContext } from './context.js';
import { ModelCallError, type ChatModel } from './model-call.js';
import { costOf, type AiPrice } from './pricing.js';

export interface AssistantDeps {
  /**
   * The feed's commands, and the post's stream read as it is: the model is given every word of the
   * thread, which the post decider's state does not keep (domain/post/thread.ts). A reactor's; no
   * feature command reads raw events.
   */
  runtime: CommandRuntime & Pick<ProcessRuntime, 'reads'>;
  model: ChatModel;
  modelName: string;
  prices: Readonly<Record<string, AiPrice>>;
  dailyQuota: number;
  /** Sends an `ai_status` to every API process (PostgreSQL NOTIFY); never throws. */
  publish(message: AiStatusMessage): Promise<void>;
  /** The time the answer's events carry. */
  clock(): Date;
}

export type AnswerOutcome = 'skipped' | 'refused' | 'completed' | 'failed';

/**
 * NOTIFY payloads stay under 8000 bytes: the partial text is cut well below, measured as it travels
 * (JSON-escaped, so quotes and control characters count twice or six times); the comment has it all.
 */
const PARTIAL_MAX_BYTES = 6000;
export const fitPartial = (text: string) => {
  let fitted = text;
  for (let bytes = Buffer.byteLength(JSON.stringify(fitted)); bytes > PARTIAL_MAX_BYTES; bytes = Buffer.byteLength(JSON.stringify(fitted))) {
    fitted = fitted.slice(0, Math.floor((fitted.length * PARTIAL_MAX_BYTES) / bytes) - 1).replace(/[\uD800-\uDBFF]$/, '');
  }
  return fitted;
};

/** The post and its whole thread, every word, from its stream (the assistant's context; commands never read read models). */
export const loadThread = async (deps: Pick<AssistantDeps, 'runtime'>, postId: string): Promise<PostThread | null> =>
  foldThread((await deps.runtime.reads.readStream(postStreamId(postId))).map((e) => ({ type: e.type, data: e.data }) as PostEvent));

const memberNames = async (deps: FeedDeps, ids: readonly string[]): Promise<Map<string, string>> => {
  const members = [...new Set(ids)].filter((id) => id !== THE_S_BRAIN_ID);
  const loaded = await deps.runtime.loadMany(memberDecider, members.map(memberStreamId));
  const names = new Map<string, string>();
  for (const id of members) {
    const state = loaded.get(memberStreamId(id))?.state;
    if (state?.status === 'active' && state.name.trim()) names.set(id, state.name.trim());
  }
  return names;
};

export const answerRequest = async (deps: AssistantDeps, request: AiReplyRequested['data'], cause: Omit<FeedContext, 'now'>): Promise<AnswerOutcome> => {
  const { postId, requestId, requestedBy } = request;
  const post = await loadPost(deps, postId);
  // Answered, failed, timed out or its post deleted: nothing left to do (a replay after the answer).
  if (post.status !== 'active' || post.pendingAi?.requestId !== requestId || requestedBy === THE_S_BRAIN_ID) return 'skipped';
  const status = (s: Pick<AiStatusMessage, 'status' | 'message' | 'partial' | 'commentId'>) => deps.publish({ type: 'ai_status', postId, requestId, ...s });
  const step = () => ({ ...cause, postId, requestId, now: deps.clock().toISOString() });
  // A request older than the domain's timeout (a reactor that was off, a restart after hours) is not
  // answered late: it ends as timed out, and the member may ask again.
  if (deps.clock().getTime() - Date.parse(request.requestedAt) >= AI_REPLY_TIMEOUT_MINUTES * 60_000) {
    await failAiReply(deps, { ...step(), reason: 'timed_out', invocation: null });
    await status({ status: 'error', message: feedTexts.aiTrouble, partial: null, commentId: null });
    return 'failed';
  }

  try {
    // The request's own day: a replay on the next day still counts against the day it was asked.
    await useAiQuota(deps, { ...cause, memberId: requestedBy, requestId, now: request.requestedAt, dailyLimit: deps.dailyQuota });
  } catch (error) {
    if (!(error instanceof DomainError && error.code === 'QUOTA_EXCEEDED')) throw error;
    await failAiReply(deps, { ...step(), reason: 'quota_exceeded', invocation: null });
    await status({ status: 'error', message: AI_QUOTA_EXCEEDED_MESSAGE, partial: null, commentId: null });
    return 'refused';
  }

  await startAiReply(deps, { ...step(), model: deps.modelName });
  await status({ status: 'thinking', message: null, partial: null, commentId: null });

  const thread = await loadThread(deps, postId);
  if (!thread || thread.deleted) return 'skipped';
  const names = await memberNames(deps, [thread.authorId, requestedBy, ...thread.comments.map((c) => c.authorId)]);
  const { messages, imageCount } = buildContext(thread, request, names);
  const invocation = (measured: { tokensIn: number; tokensOut: number; latencyMs: number }): AiInvocation => ({
    model: deps.modelName,
    ...measured,
    imageCount,
    cost: costOf(deps.prices, deps.modelName, measured.tokensIn, measured.tokensOut),
  });

  let outcome;
  try {
    outcome = await deps.model(messages, (partial) => void status({ status: 'thinking', message: null, partial: fitPartial(partial), commentId: null }));
  } catch (error) {
    if (!(error instanceof ModelCallError)) throw error;
    await failAiReply(deps, { ...step(), reason: 'model_error', invocation: invocation(error.measured) });
    await status({ status: 'error', message: feedTexts.aiTrouble, partial: null, commentId: null });
    return 'failed';
  }
  const { content, ...measured } = outcome;
  const result = await completeAiReply(deps, { ...step(), content, invocation: invocation(measured) });
  const completed = result.events.some((e) => e.type === 'AiReplyCompleted');
  if (completed) {
    await status({ status: 'complete', message: feedTexts.aiResponded, partial: null, commentId: aiReplyCommentId(requestId) });
    return 'completed';
  }
  // An empty answer is recorded as the model's failure by the decider; a request ended meanwhile appends nothing.
  if (result.events.some((e) => e.type === 'AiReplyFailed')) {
    await status({ status: 'error', message: feedTexts.aiTrouble, partial: null, commentId: null });
    return 'failed';
  }
  return 'skipped';
};

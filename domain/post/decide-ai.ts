// The S brain on a post: a mention or an ask records a request; the assistant reactor starts, then
// completes (the AI comment) or fails it. One request at a time per post; the assistant never asks
// itself. The reactor's commands answer "already done" or "no longer pending" with no events, so a
// replay after a crash (or a post deleted meanwhile) never raises an error nobody can act on.
import type { CompleteAiReply, FailAiReply, RequestAiReply, StartAiReply } from './commands.js';
import type { AiReplyFailed, AiReplyRequested, AiTrigger, CommentAdded, PostEvent } from './events.js';
import { activePost, boundedText, fail, instantMs } from './guards.js';
import { AI_QUESTION_MAX, AI_REPLY_MAX, AI_REPLY_TIMEOUT_MINUTES, MAX_MENTIONS, MAX_REPLY_DEPTH, THE_S_BRAIN_ID, feedTexts } from './rules.js';
import { extractTags } from './text.js';
import type { ActivePost, PendingAiReply, PostState } from './state.js';

export interface AiAsk {
  postId: string;
  requestId: string;
  requestedBy: string;
  trigger: AiTrigger;
  /** The asking comment: where the answer nests (its own reply, or beside it at the deepest level). */
  triggerComment: { commentId: string; parentCommentId: string | null; depth: number } | null;
  question: string;
  now: string;
}

const isStale = (pending: PendingAiReply, now: string) => instantMs(now) - instantMs(pending.requestedAt) >= AI_REPLY_TIMEOUT_MINUTES * 60_000;

/**
 * The events that record an ask, given the post's pending request: none when one is being answered
 * (`busy`: a mention is still posted, an ask is refused by the caller), or the stale one's failure
 * first when it outlived AI_REPLY_TIMEOUT_MINUTES.
 */
export const recordAsk = (pending: PendingAiReply | null, ask: AiAsk): { events: PostEvent[]; busy: boolean } => {
  if (ask.requestedBy === THE_S_BRAIN_ID) return { events: [], busy: false };
  if (pending && !isStale(pending, ask.now)) return { events: [], busy: true };
  const events: PostEvent[] = pending ? [failure(ask.postId, pending, 'timed_out', null)] : [];
  const trigger = ask.triggerComment;
  const replyToCommentId = !trigger ? null : trigger.depth < MAX_REPLY_DEPTH ? trigger.commentId : trigger.parentCommentId;
  const requested: AiReplyRequested = {
    type: 'AiReplyRequested',
    data: {
      postId: ask.postId,
      requestId: ask.requestId,
      requestedBy: ask.requestedBy,
      trigger: ask.trigger,
      triggerCommentId: trigger?.commentId ?? null,
      replyToCommentId,
      question: ask.question,
      requestedAt: ask.now,
    },
  };
  return { events: [...events, requested], busy: false };
};

const failure = (postId: string, pending: PendingAiReply, reason: AiReplyFailed['data']['reason'], invocation: AiReplyFailed['data']['invocation']): AiReplyFailed => ({
  type: 'AiReplyFailed',
  data: {
    postId,
    requestId: pending.requestId,
    requestedBy: pending.requestedBy,
    reason,
    message: reason === 'quota_exceeded' ? feedTexts.aiQuotaExceeded : feedTexts.aiTrouble,
    invocation,
  },
});

export const requestAiReply = (command: RequestAiReply, state: PostState): PostEvent[] => {
  const post = activePost(state);
  if (command.actorId === THE_S_BRAIN_ID) fail('VALIDATION', feedTexts.aiAnswersNoOne);
  if (post.pendingAi?.requestId === command.requestId || post.endedAiRequests.has(command.requestId)) return [];
  const question = boundedText(command.question, AI_QUESTION_MAX, { empty: feedTexts.aiQuestionRequired, tooLong: feedTexts.aiQuestionTooLong });
  const comment = command.commentId === null ? null : (post.comments.get(command.commentId) ?? fail('NOT_FOUND', feedTexts.commentNotFound));
  const { events, busy } = recordAsk(post.pendingAi, {
    postId: post.post.postId,
    requestId: command.requestId,
    requestedBy: command.actorId,
    trigger: 'ask',
    triggerComment: comment,
    question,
    now: command.now,
  });
  return busy ? fail('CONFLICT', feedTexts.aiBusy) : events;
};

/** The request this reactor command is about, while it is still the pending one; null otherwise. */
const pendingOne = (state: PostState, requestId: string): { post: ActivePost; pending: PendingAiReply } | null =>
  state.status === 'active' && state.pendingAi?.requestId === requestId ? { post: state, pending: state.pendingAi } : null;

export const startAiReply = (command: StartAiReply, state: PostState): PostEvent[] => {
  const found = pendingOne(state, command.requestId);
  if (!found || found.pending.started) return [];
  return [{ type: 'AiReplyStarted', data: { postId: found.post.post.postId, requestId: command.requestId, model: command.model } }];
};

export const completeAiReply = (command: CompleteAiReply, state: PostState): PostEvent[] => {
  const found = pendingOne(state, command.requestId);
  if (!found || found.post.comments.has(command.commentId)) return [];
  const { post, pending } = found;
  const content = command.content.trim().slice(0, AI_REPLY_MAX).trim();
  // An empty answer is the model's failure, not a comment: nothing half-written reaches the thread.
  if (!content) return [failure(post.post.postId, pending, 'model_error', command.invocation)];
  const parent = pending.replyToCommentId === null ? null : (post.comments.get(pending.replyToCommentId) ?? null);
  const comment: CommentAdded = {
    type: 'CommentAdded',
    data: {
      postId: post.post.postId,
      postAuthorId: post.post.authorId,
      commentId: command.commentId,
      authorId: THE_S_BRAIN_ID,
      content,
      parentCommentId: parent?.commentId ?? null,
      parentAuthorId: parent?.authorId ?? null,
      depth: parent ? parent.depth + 1 : 0,
      isOffer: false,
      skillOffered: null,
      tags: extractTags(content),
      mentions: [...new Set(command.mentions.filter((id) => id !== THE_S_BRAIN_ID))].slice(0, MAX_MENTIONS),
      isAiGenerated: true,
      aiRequestId: command.requestId,
    },
  };
  return [
    comment,
    {
      type: 'AiReplyCompleted',
      data: { postId: post.post.postId, requestId: command.requestId, requestedBy: pending.requestedBy, commentId: command.commentId, invocation: command.invocation },
    },
  ];
};

export const failAiReply = (command: FailAiReply, state: PostState): PostEvent[] => {
  const found = pendingOne(state, command.requestId);
  return found ? [failure(found.post.post.postId, found.pending, command.reason, command.invocation)] : [];
};

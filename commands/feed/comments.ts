// Comments on a post (spec 001 §2.6): comments and replies to depth 3, offers of help, likes, and the
// helpful / unhelpful vote on The S brain's comments. A comment that mentions The S brain asks it.
import { randomUUID } from 'node:crypto';
import { DomainError } from '../../domain/shared.js';
import { postDecider } from '../../domain/post/decide.js';
import { feedTexts } from '../../domain/post/rules.js';
import { aiFeedbackStats } from '../../domain/post/state.js';
import { postStreamId } from '../stream-ids.js';
import { actOnPost, existingMentions, recordedAiRequestId, type FeedDeps, type PostCommandResult } from './post-stream.js';
import type { MemberAction } from './posts.js';

export interface AddCommentInput extends MemberAction {
  /** Made here when absent. */
  commentId?: string | undefined;
  content: string;
  parentCommentId?: string | null | undefined;
  isOffer?: boolean | undefined;
  skillOffered?: string | null | undefined;
  mentions?: readonly string[] | undefined;
  assistantAvailable?: boolean | undefined;
}

export interface AddCommentResult extends PostCommandResult {
  commentId: string;
  aiRequestId: string | null;
}

export const addComment = async (deps: FeedDeps, input: AddCommentInput): Promise<AddCommentResult> => {
  const commentId = input.commentId ?? randomUUID();
  const result = await actOnPost(
    deps,
    {
      type: 'AddComment',
      postId: input.postId,
      now: input.now,
      actorId: input.actorId,
      commentId,
      content: input.content,
      parentCommentId: input.parentCommentId ?? null,
      isOffer: input.isOffer ?? false,
      skillOffered: input.skillOffered ?? null,
      mentions: await existingMentions(deps, input.mentions),
      aiRequestId: randomUUID(),
      assistantAvailable: input.assistantAvailable ?? false,
    },
    input,
  );
  return { ...result, commentId, aiRequestId: recordedAiRequestId(result.events) };
};

export interface CommentAction extends MemberAction {
  commentId: string;
}

export const likeComment = (deps: FeedDeps, input: CommentAction) =>
  actOnPost(deps, { type: 'LikeComment', postId: input.postId, now: input.now, actorId: input.actorId, commentId: input.commentId }, input);

export const unlikeComment = (deps: FeedDeps, input: CommentAction) =>
  actOnPost(deps, { type: 'UnlikeComment', postId: input.postId, now: input.now, actorId: input.actorId, commentId: input.commentId }, input);

/** POST /api/ai/feedback: once per member per AI comment, else 409 'Already submitted'. */
export const giveAiFeedback = (deps: FeedDeps, input: CommentAction & { feedback: string }) =>
  actOnPost(deps, { type: 'GiveAiFeedback', postId: input.postId, now: input.now, actorId: input.actorId, commentId: input.commentId, feedback: input.feedback }, input);

/** GET /api/ai/feedback/stats/{commentId}, straight from the stream (a read model may serve lists instead). */
export const aiFeedbackStatsOf = async (deps: FeedDeps, input: { postId: string; commentId: string }) => {
  const { state } = await deps.runtime.load(postDecider, postStreamId(input.postId));
  const comment = state.status === 'active' ? state.comments.get(input.commentId) : undefined;
  if (!comment) throw new DomainError('NOT_FOUND', feedTexts.commentNotFound);
  return aiFeedbackStats(comment);
};

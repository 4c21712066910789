// The post itself (spec 001 §2.3-2.5): create, edit and soft-delete by the author, like and unlike by
// anyone. Ids are made here (the domain makes none); mentions arrive as member ids the API resolved.
import { randomUUID } from 'node:crypto';
import type { MediaAttachment } from '../../domain/post/events.js';
import { actOnPost, existingMentions, recordedAiRequestId, type FeedContext, type FeedDeps, type PostCommandResult } from './post-stream.js';

export interface MemberAction extends FeedContext {
  postId: string;
  /** The signed-in member. */
  actorId: string;
}

/** Whether a mention of The S brain records a request: false when no endpoint is configured. */
interface AssistantOption {
  assistantAvailable?: boolean | undefined;
}

export interface CreatePostInput extends FeedContext, AssistantOption {
  actorId: string;
  /** Made here when absent. */
  postId?: string | undefined;
  content: string;
  category: string | null;
  urgency: string | null;
  skillNeeded?: string | null | undefined;
  mentions?: readonly string[] | undefined;
  mediaAttachments?: readonly MediaAttachment[] | undefined;
}

export interface CreatePostResult extends PostCommandResult {
  postId: string;
  /** The request The S brain will answer, when the post mentioned it. */
  aiRequestId: string | null;
}

export const createPost = async (deps: FeedDeps, input: CreatePostInput): Promise<CreatePostResult> => {
  const postId = input.postId ?? randomUUID();
  const result = await actOnPost(
    deps,
    {
      type: 'CreatePost',
      postId,
      now: input.now,
      actorId: input.actorId,
      content: input.content,
      category: input.category,
      urgency: input.urgency,
      skillNeeded: input.skillNeeded ?? null,
      mentions: await existingMentions(deps, input.mentions),
      mediaAttachments: input.mediaAttachments ?? [],
      aiRequestId: randomUUID(),
      assistantAvailable: input.assistantAvailable ?? false,
    },
    input,
  );
  return { ...result, postId, aiRequestId: recordedAiRequestId(result.events) };
};

export interface EditPostInput extends MemberAction, AssistantOption {
  content: string;
  urgency: string | null;
  skillNeeded?: string | null | undefined;
  /** Kept when absent. */
  category?: string | undefined;
  mentions?: readonly string[] | undefined;
}

export const editPost = async (deps: FeedDeps, input: EditPostInput): Promise<CreatePostResult> => {
  const result = await actOnPost(
    deps,
    {
      type: 'EditPost',
      postId: input.postId,
      now: input.now,
      actorId: input.actorId,
      content: input.content,
      urgency: input.urgency,
      skillNeeded: input.skillNeeded ?? null,
      category: input.category,
      mentions: await existingMentions(deps, input.mentions),
      aiRequestId: randomUUID(),
      assistantAvailable: input.assistantAvailable ?? false,
    },
    input,
  );
  return { ...result, postId: input.postId, aiRequestId: recordedAiRequestId(result.events) };
};

/** Soft: hidden from the feed, kept in the log (and for admins). */
export const deletePost = (deps: FeedDeps, input: MemberAction) =>
  actOnPost(deps, { type: 'DeletePost', postId: input.postId, now: input.now, actorId: input.actorId }, input);

export const likePost = (deps: FeedDeps, input: MemberAction) =>
  actOnPost(deps, { type: 'LikePost', postId: input.postId, now: input.now, actorId: input.actorId }, input);

export const unlikePost = (deps: FeedDeps, input: MemberAction) =>
  actOnPost(deps, { type: 'UnlikePost', postId: input.postId, now: input.now, actorId: input.actorId }, input);

/** The spec's like toggle (PUT /feed-posts/{id} with `likes`): the member likes when the list holds them. */
export const setPostLike = (deps: FeedDeps, input: MemberAction & { liked: boolean }) => (input.liked ? likePost(deps, input) : unlikePost(deps, input));

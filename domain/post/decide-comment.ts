// Decisions on comments: add one (on the post or as a reply, at most MAX_REPLY_DEPTH deep; an offer of
// help has the spec's default text), like and unlike one (idempotent), and vote once on an AI comment.
import type { AddComment, GiveAiFeedback, LikeComment, UnlikeComment } from './commands.js';
import { recordAsk } from './decide-ai.js';
import type { AiFeedbackGiven, CommentAdded, CommentLiked, CommentUnliked, PostEvent } from './events.js';
import { activePost, boundedText, fail, mentionList, requireId } from './guards.js';
import { AI_FEEDBACK_TYPES, COMMENT_CONTENT_MAX, DEFAULT_OFFER_TEXT, MAX_REPLY_DEPTH, SKILL_NEEDED_MAX, THE_S_BRAIN_ID, feedTexts } from './rules.js';
import type { AiFeedbackType } from './rules.js';
import type { ActivePost, CommentFacts, PostState } from './state.js';
import { extractTags } from './text.js';

const commentOf = (post: ActivePost, commentId: string): CommentFacts => post.comments.get(commentId) ?? fail('NOT_FOUND', feedTexts.commentNotFound);

export const addComment = (command: AddComment, state: PostState): PostEvent[] => {
  const current = activePost(state);
  const { post } = current;
  const commentId = requireId(command.commentId);
  if (current.comments.has(commentId)) fail('CONFLICT', feedTexts.commentExists);
  if (command.isOffer && command.actorId === post.authorId) fail('VALIDATION', feedTexts.offerOnOwnPost);
  const written = command.isOffer && !command.content.trim() ? DEFAULT_OFFER_TEXT : command.content;
  const content = boundedText(written, COMMENT_CONTENT_MAX, { empty: feedTexts.commentRequired, tooLong: feedTexts.commentTooLong });
  const parent = command.parentCommentId === null ? null : commentOf(current, command.parentCommentId);
  const depth = parent ? parent.depth + 1 : 0;
  if (depth > MAX_REPLY_DEPTH) fail('VALIDATION', feedTexts.replyTooDeep);
  const skillOffered = command.skillOffered?.trim() || (command.isOffer ? post.skillNeeded : null);
  if (skillOffered && skillOffered.length > SKILL_NEEDED_MAX) fail('VALIDATION', feedTexts.skillNeededTooLong);
  const mentions = mentionList(command.mentions);
  const added: CommentAdded = {
    type: 'CommentAdded',
    data: {
      postId: post.postId,
      postAuthorId: post.authorId,
      commentId,
      authorId: requireId(command.actorId),
      content,
      parentCommentId: parent?.commentId ?? null,
      parentAuthorId: parent?.authorId ?? null,
      depth,
      isOffer: command.isOffer,
      skillOffered,
      tags: extractTags(content),
      mentions,
      isAiGenerated: false,
      aiRequestId: null,
    },
  };
  if (!command.assistantAvailable || !mentions.includes(THE_S_BRAIN_ID)) return [added];
  // A mention while The S brain is answering on this post is posted all the same; it asks nothing more.
  const { events } = recordAsk(current.pendingAi, {
    postId: post.postId,
    requestId: requireId(command.aiRequestId),
    requestedBy: command.actorId,
    trigger: 'comment_mention',
    triggerComment: { commentId, parentCommentId: added.data.parentCommentId, depth },
    question: content,
    now: command.now,
  });
  return [added, ...events];
};

export const likeComment = (command: LikeComment, state: PostState): CommentLiked[] => {
  const current = activePost(state);
  const comment = commentOf(current, command.commentId);
  const memberId = requireId(command.actorId);
  if (comment.likedBy.has(memberId)) return [];
  return [{ type: 'CommentLiked', data: { postId: current.post.postId, commentId: comment.commentId, commentAuthorId: comment.authorId, memberId } }];
};

export const unlikeComment = (command: UnlikeComment, state: PostState): CommentUnliked[] => {
  const current = activePost(state);
  const comment = commentOf(current, command.commentId);
  const memberId = requireId(command.actorId);
  if (!comment.likedBy.has(memberId)) return [];
  return [{ type: 'CommentUnliked', data: { postId: current.post.postId, commentId: comment.commentId, commentAuthorId: comment.authorId, memberId } }];
};

const isFeedbackType = (value: string): value is AiFeedbackType => (AI_FEEDBACK_TYPES as readonly string[]).includes(value);

/** Once per member per AI comment (spec 001 §4): a second vote, even the same one, is 409 'Already submitted'. */
export const giveAiFeedback = (command: GiveAiFeedback, state: PostState): AiFeedbackGiven[] => {
  const current = activePost(state);
  const comment = commentOf(current, command.commentId);
  if (!comment.isAiGenerated) fail('VALIDATION', feedTexts.onlyAiRated);
  if (!isFeedbackType(command.feedback)) fail('VALIDATION', feedTexts.aiFeedbackTypeInvalid);
  const memberId = requireId(command.actorId);
  if (comment.feedback.has(memberId)) fail('CONFLICT', feedTexts.aiFeedbackAlreadySubmitted);
  return [{ type: 'AiFeedbackGiven', data: { postId: current.post.postId, commentId: comment.commentId, memberId, feedback: command.feedback } }];
};

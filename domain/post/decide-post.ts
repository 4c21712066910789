// Decisions on the post itself: create, edit and soft-delete (the author only), like and unlike
// (anyone, idempotent: a repeated like or an unlike of what was never liked appends nothing).
import type { CreatePost, DeletePost, EditPost, LikePost, UnlikePost } from './commands.js';
import { recordAsk } from './decide-ai.js';
import type { PostEvent, PostLiked, PostUnliked } from './events.js';
import { activePost, attachmentList, boundedText, categoryOf, fail, mentionList, requireId, urgencyOf } from './guards.js';
import { POST_CONTENT_MAX, SKILL_NEEDED_MAX, THE_S_BRAIN_ID, feedTexts } from './rules.js';
import type { PostState } from './state.js';
import { extractTags, skillNeededFor } from './text.js';

const contentTexts = { empty: feedTexts.contentRequired, tooLong: feedTexts.contentTooLong };

const skillNeeded = (given: string | null, content: string): string => {
  const skill = skillNeededFor(given, content);
  return skill.length > SKILL_NEEDED_MAX ? fail('VALIDATION', feedTexts.skillNeededTooLong) : skill;
};

/** A post or edit that newly mentions The S brain asks it about the post (when an endpoint is configured). */
const askedInPost = (command: CreatePost | EditPost, newMentions: readonly string[], content: string, pending: Parameters<typeof recordAsk>[0]): PostEvent[] => {
  if (!command.assistantAvailable || !newMentions.includes(THE_S_BRAIN_ID)) return [];
  const ask = { postId: command.postId, requestId: requireId(command.aiRequestId), requestedBy: command.actorId, now: command.now };
  return recordAsk(pending, { ...ask, trigger: 'post_mention', triggerComment: null, question: content }).events;
};

export const createPost = (command: CreatePost, state: PostState): PostEvent[] => {
  if (state.status !== 'absent') fail('CONFLICT', feedTexts.postExists);
  const content = boundedText(command.content, POST_CONTENT_MAX, contentTexts);
  const mentions = mentionList(command.mentions);
  const created: PostEvent = {
    type: 'PostCreated',
    data: {
      postId: requireId(command.postId),
      authorId: requireId(command.actorId),
      content,
      category: categoryOf(command.category),
      urgency: urgencyOf(command.urgency),
      skillNeeded: skillNeeded(command.skillNeeded, content),
      tags: extractTags(content),
      mentions,
      mediaAttachments: attachmentList(command.mediaAttachments),
    },
  };
  return [created, ...askedInPost(command, mentions, content, null)];
};

export const editPost = (command: EditPost, state: PostState): PostEvent[] => {
  const current = activePost(state);
  const { post } = current;
  if (command.actorId !== post.authorId) fail('NOT_AUTHORISED', feedTexts.onlyAuthorEdits);
  const content = boundedText(command.content, POST_CONTENT_MAX, contentTexts);
  const urgency = urgencyOf(command.urgency);
  const category = command.category === undefined ? post.category : categoryOf(command.category);
  const skill = skillNeeded(command.skillNeeded, content);
  const mentions = mentionList(command.mentions);
  const unchanged =
    content === post.content &&
    urgency === post.urgency &&
    category === post.category &&
    skill === post.skillNeeded &&
    mentions.length === post.mentions.length &&
    mentions.every((id, i) => post.mentions[i] === id);
  if (unchanged) return [];
  const newMentions = mentions.filter((id) => !post.mentions.includes(id));
  const edited: PostEvent = {
    type: 'PostEdited',
    data: { postId: post.postId, authorId: post.authorId, content, category, urgency, skillNeeded: skill, tags: extractTags(content), mentions, newMentions },
  };
  return [edited, ...askedInPost(command, newMentions, content, current.pendingAi)];
};

export const deletePost = (command: DeletePost, state: PostState): PostEvent[] => {
  const { post } = activePost(state);
  if (command.actorId !== post.authorId) fail('NOT_AUTHORISED', feedTexts.onlyAuthorDeletes);
  return [{ type: 'PostDeleted', data: { postId: post.postId, authorId: post.authorId, deletedBy: command.actorId } }];
};

export const likePost = (command: LikePost, state: PostState): PostLiked[] => {
  const current = activePost(state);
  const memberId = requireId(command.actorId);
  if (current.likedBy.has(memberId)) return [];
  return [{ type: 'PostLiked', data: { postId: current.post.postId, postAuthorId: current.post.authorId, memberId } }];
};

export const unlikePost = (command: UnlikePost, state: PostState): PostUnliked[] => {
  const current = activePost(state);
  const memberId = requireId(command.actorId);
  if (!current.likedBy.has(memberId)) return [];
  return [{ type: 'PostUnliked', data: { postId: current.post.postId, postAuthorId: current.post.authorId, memberId } }];
};

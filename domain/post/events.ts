// Events of a post's stream `post-{postId}` (DESIGN.md §10): the post, its edits and soft delete, its
// likes, its comments and their likes, the requests to The S brain and their outcome, and the votes
// on the assistant's comments. Events name the authors they concern (postAuthorId, parentAuthorId...),
// so the notification reactor and the feed read model build from one event without a lookup.
import type { Event } from '../shared.js';
import type { AiFailureReason, AiFeedbackType, PostCategory, PostUrgency } from './rules.js';

export const MEDIA_TYPES = ['image', 'video', 'link'] as const;
export const ASPECT_RATIOS = ['custom', '9:16', '3:4', '16:9'] as const;

/** Spec 001 §3 media attachment; the server checked the object before a command may carry it. */
export interface MediaAttachment {
  id: string;
  type: (typeof MEDIA_TYPES)[number];
  /** Without query string. */
  url: string;
  thumbnailUrl: string | null;
  title: string | null;
  description: string | null;
  provider: string | null;
  width: number | null;
  height: number | null;
  aspectRatio: (typeof ASPECT_RATIOS)[number] | null;
  sizeBytes: number | null;
  createdAt: string;
}

/** What a post says, as written or last edited: the part its events, its state and its thread share. */
export interface PostBody {
  postId: string;
  authorId: string;
  content: string;
  category: PostCategory;
  urgency: PostUrgency;
  /** As given, else the first #tag, else 'General Help'. */
  skillNeeded: string;
}

export type PostCreated = Event<
  'PostCreated',
  PostBody & {
    tags: string[];
    /** Member ids, distinct (The S brain's id included when it was mentioned). */
    mentions: string[];
    mediaAttachments: MediaAttachment[];
  }
>;

/** The post as it reads after the edit; newMentions are the members it did not mention before. */
export type PostEdited = Event<
  'PostEdited',
  PostBody & {
    tags: string[];
    mentions: string[];
    newMentions: string[];
  }
>;

/** Soft: hidden from the feed, kept in the log and visible to admins. */
export type PostDeleted = Event<'PostDeleted', { postId: string; authorId: string; deletedBy: string }>;

export type PostLiked = Event<'PostLiked', { postId: string; postAuthorId: string; memberId: string }>;
export type PostUnliked = Event<'PostUnliked', { postId: string; postAuthorId: string; memberId: string }>;

export type CommentAdded = Event<
  'CommentAdded',
  {
    postId: string;
    postAuthorId: string;
    commentId: string;
    authorId: string;
    content: string;
    /** null for a comment on the post itself. */
    parentCommentId: string | null;
    parentAuthorId: string | null;
    /** 0 for a comment on the post, parent's + 1 for a reply, at most MAX_REPLY_DEPTH. */
    depth: number;
    isOffer: boolean;
    skillOffered: string | null;
    tags: string[];
    mentions: string[];
    isAiGenerated: boolean;
    /** The request this comment answers, for The S brain's comments. */
    aiRequestId: string | null;
  }
>;

export type CommentLiked = Event<'CommentLiked', { postId: string; commentId: string; commentAuthorId: string; memberId: string }>;
export type CommentUnliked = Event<'CommentUnliked', { postId: string; commentId: string; commentAuthorId: string; memberId: string }>;

export type AiTrigger = 'post_mention' | 'comment_mention' | 'ask';

/** A member asked The S brain (a mention or the ask call); the assistant reactor answers it. */
export type AiReplyRequested = Event<
  'AiReplyRequested',
  {
    postId: string;
    requestId: string;
    requestedBy: string;
    trigger: AiTrigger;
    /** The comment that asked, or null when the post did or the ask named the post. */
    triggerCommentId: string | null;
    /** Where the answer goes: the asking comment, its parent when it is already at the deepest level, or null (the post). */
    replyToCommentId: string | null;
    question: string;
    requestedAt: string;
  }
>;

/** What one call of the model cost (DESIGN.md §10), recorded with its outcome. */
export interface AiInvocation {
  model: string;
  tokensIn: number;
  tokensOut: number;
  latencyMs: number;
  imageCount: number;
  /** In US dollars, from the configured price table. */
  cost: number;
}

/** The model was called: the post's AI status reads 'thinking'. */
export type AiReplyStarted = Event<'AiReplyStarted', { postId: string; requestId: string; model: string }>;
/** Appended with the CommentAdded of the answer (isAiGenerated). */
export type AiReplyCompleted = Event<'AiReplyCompleted', { postId: string; requestId: string; requestedBy: string; commentId: string; invocation: AiInvocation | null }>;
export type AiReplyFailed = Event<
  'AiReplyFailed',
  { postId: string; requestId: string; requestedBy: string; reason: AiFailureReason; message: string; invocation: AiInvocation | null }
>;

export type AiFeedbackGiven = Event<'AiFeedbackGiven', { postId: string; commentId: string; memberId: string; feedback: AiFeedbackType }>;

export type PostEvent =
  | PostCreated
  | PostEdited
  | PostDeleted
  | PostLiked
  | PostUnliked
  | CommentAdded
  | CommentLiked
  | CommentUnliked
  | AiReplyRequested
  | AiReplyStarted
  | AiReplyCompleted
  | AiReplyFailed
  | AiFeedbackGiven;

export type PostEventType = PostEvent['type'];

export const postEventTypes = [
  'PostCreated',
  'PostEdited',
  'PostDeleted',
  'PostLiked',
  'PostUnliked',
  'CommentAdded',
  'CommentLiked',
  'CommentUnliked',
  'AiReplyRequested',
  'AiReplyStarted',
  'AiReplyCompleted',
  'AiReplyFailed',
  'AiFeedbackGiven',
] as const satisfies readonly PostEventType[];
// Fails to compile when an event type is added to the union but not to the list above.
const everyTypeListed: Exclude<PostEventType, (typeof postEventTypes)[number]> extends never ? true : false = true;
void everyTypeListed;

export const postStreamId = (postId: string) => `post-${postId}`;

// Commands of the post aggregate. Clock and ids arrive on the command (`now`, `postId`, `commentId`,
// `aiRequestId`); `actorId` is the signed-in member from the session cookie, never from a body.
// Mentions arrive resolved to member ids (text.ts resolveMentions against the members read model).
import type { AiInvocation, MediaAttachment } from './events.js';
import type { AiFailureReason } from './rules.js';

interface Base {
  postId: string;
  now: string; // UTC ISO
}

/** Whether an AI mention records a request: false when no endpoint is configured (nothing recorded then). */
interface MayAskAssistant {
  aiRequestId: string;
  assistantAvailable: boolean;
}

/** category and urgency are strings here: a command from outside may carry anything; decide checks them. */
export interface CreatePost extends Base, MayAskAssistant {
  type: 'CreatePost';
  actorId: string;
  content: string;
  category: string | null;
  urgency: string | null;
  skillNeeded: string | null;
  mentions: readonly string[];
  mediaAttachments: readonly MediaAttachment[];
}

/** Fields left undefined keep their value; an empty skillNeeded falls back to the first #tag again. */
export interface EditPost extends Base, MayAskAssistant {
  type: 'EditPost';
  actorId: string;
  content: string;
  urgency: string | null;
  skillNeeded: string | null;
  category?: string | undefined;
  mentions: readonly string[];
}

export interface DeletePost extends Base {
  type: 'DeletePost';
  actorId: string;
}

export interface LikePost extends Base {
  type: 'LikePost';
  actorId: string;
}

export interface UnlikePost extends Base {
  type: 'UnlikePost';
  actorId: string;
}

/** An offer with no text gets DEFAULT_OFFER_TEXT; skillOffered defaults to the post's skill needed. */
export interface AddComment extends Base, MayAskAssistant {
  type: 'AddComment';
  actorId: string;
  commentId: string;
  content: string;
  parentCommentId: string | null;
  isOffer: boolean;
  skillOffered: string | null;
  mentions: readonly string[];
}

export interface LikeComment extends Base {
  type: 'LikeComment';
  actorId: string;
  commentId: string;
}

export interface UnlikeComment extends Base {
  type: 'UnlikeComment';
  actorId: string;
  commentId: string;
}

/** POST /api/the-s-brain/ask: about the post, or about one of its comments. */
export interface RequestAiReply extends Base {
  type: 'RequestAiReply';
  actorId: string;
  requestId: string;
  commentId: string | null;
  question: string;
}

/** The assistant reactor's commands: "already done" and "no longer pending" give no events, never an error. */
export interface StartAiReply extends Base {
  type: 'StartAiReply';
  requestId: string;
  model: string;
}

export interface CompleteAiReply extends Base {
  type: 'CompleteAiReply';
  requestId: string;
  commentId: string;
  content: string;
  /** Members the answer mentions (The S brain's own id is dropped: it never asks itself). */
  mentions: readonly string[];
  invocation: AiInvocation | null;
}

export interface FailAiReply extends Base {
  type: 'FailAiReply';
  requestId: string;
  reason: AiFailureReason;
  invocation: AiInvocation | null;
}

export interface GiveAiFeedback extends Base {
  type: 'GiveAiFeedback';
  actorId: string;
  commentId: string;
  feedback: string;
}

export type PostCommand =
  | CreatePost
  | EditPost
  | DeletePost
  | LikePost
  | UnlikePost
  | AddComment
  | LikeComment
  | UnlikeComment
  | RequestAiReply
  | StartAiReply
  | CompleteAiReply
  | FailAiReply
  | GiveAiFeedback;

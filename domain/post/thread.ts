// A post's text and thread folded from its events, with every word written: what The S brain is given
// as context (the post, its images and the comments around a question). The decider's state keeps only
// what decisions need, so this is a second, pure fold of the same stream for readers of the write side.
import type { MediaAttachment, PostBody, PostEvent } from './events.js';

export interface ThreadComment {
  commentId: string;
  authorId: string;
  content: string;
  parentCommentId: string | null;
  depth: number;
  isAiGenerated: boolean;
}

export interface PostThread extends PostBody {
  mediaAttachments: readonly MediaAttachment[];
  /** In the order written. */
  comments: readonly ThreadComment[];
  deleted: boolean;
}

/** null when the stream holds no post. One pass: the comments go into one array, not a copy per comment. */
export const foldThread = (events: readonly PostEvent[]): PostThread | null => {
  let thread = null as PostThread | null;
  const comments: ThreadComment[] = [];
  for (const event of events) {
    if (event.type === 'PostCreated') {
      if (thread) continue;
      const { postId, authorId, content, category, urgency, skillNeeded, mediaAttachments } = event.data;
      thread = { postId, authorId, content, category, urgency, skillNeeded, mediaAttachments, comments, deleted: false };
    } else if (!thread) {
      continue;
    } else if (event.type === 'PostEdited') {
      const { content, category, urgency, skillNeeded } = event.data;
      thread = { ...thread, content, category, urgency, skillNeeded };
    } else if (event.type === 'PostDeleted') {
      thread = { ...thread, deleted: true };
    } else if (event.type === 'CommentAdded') {
      const { commentId, authorId, content, parentCommentId, depth, isAiGenerated } = event.data;
      comments.push({ commentId, authorId, content, parentCommentId, depth, isAiGenerated });
    }
  }
  return thread;
};

/** The comment and the comments above it, from the top of the thread down (the question's context). */
export const ancestry = (thread: PostThread, commentId: string | null): ThreadComment[] => {
  const byId = new Map(thread.comments.map((c) => [c.commentId, c]));
  const chain: ThreadComment[] = [];
  for (let c = commentId === null ? undefined : byId.get(commentId); c; c = c.parentCommentId === null ? undefined : byId.get(c.parentCommentId)) {
    chain.unshift(c);
    if (chain.length > byId.size) break; // a cycle only hand-repaired data could hold
  }
  return chain;
};

// Post state, folded from the stream. evolve is total: an event that does not fit the state (decide
// never produces one, but old or hand-repaired data might) is ignored, never thrown on.
// Its records are persistent maps (Immutable.js): one more comment, like or vote costs the same on a post with thousands
// of comments as on a new one (an object copied per event made folding a thread cost its length squared).
import { Map as ImmutableMap } from 'immutable';
import type { AiReplyRequested, CommentAdded, PostBody, PostEvent } from './events.js';
import type { AiFeedbackType } from './rules.js';

export interface PostFacts extends PostBody {
  mentions: readonly string[];
}

export interface CommentFacts {
  commentId: string;
  authorId: string;
  parentCommentId: string | null;
  depth: number;
  isAiGenerated: boolean;
  likedBy: ImmutableMap<string, true>;
  /** Votes on an AI comment, one per member. */
  feedback: ImmutableMap<string, AiFeedbackType>;
}

export interface PendingAiReply {
  requestId: string;
  requestedBy: string;
  requestedAt: string;
  replyToCommentId: string | null;
  /** The model was called (status 'thinking'). */
  started: boolean;
}

export type ActivePost = {
  status: 'active';
  post: PostFacts;
  likedBy: ImmutableMap<string, true>;
  comments: ImmutableMap<string, CommentFacts>;
  /** One reply at a time per post: the request being answered, if any. */
  pendingAi: PendingAiReply | null;
  /** Requests that ended, so a replayed reactor command finds them done. */
  endedAiRequests: ImmutableMap<string, 'completed' | 'failed'>;
};

export type PostState = { status: 'absent' } | ActivePost | { status: 'deleted'; postId: string; authorId: string };

export const initialState = (): PostState => ({ status: 'absent' });

const withComment = (state: ActivePost, data: CommentAdded['data']): ActivePost => {
  if (state.comments.has(data.commentId)) return state;
  const comment: CommentFacts = {
    commentId: data.commentId,
    authorId: data.authorId,
    parentCommentId: data.parentCommentId,
    depth: data.depth,
    isAiGenerated: data.isAiGenerated,
    likedBy: ImmutableMap(),
    feedback: ImmutableMap(),
  };
  return { ...state, comments: state.comments.set(data.commentId, comment) };
};

const withCommentChange = (state: ActivePost, commentId: string, change: (comment: CommentFacts) => CommentFacts): ActivePost => {
  const comment = state.comments.get(commentId);
  return comment ? { ...state, comments: state.comments.set(commentId, change(comment)) } : state;
};

const requested = (data: AiReplyRequested['data']): PendingAiReply => ({
  requestId: data.requestId,
  requestedBy: data.requestedBy,
  requestedAt: data.requestedAt,
  replyToCommentId: data.replyToCommentId,
  started: false,
});

const ended = (state: ActivePost, requestId: string, outcome: 'completed' | 'failed'): ActivePost => ({
  ...state,
  pendingAi: state.pendingAi?.requestId === requestId ? null : state.pendingAi,
  endedAiRequests: state.endedAiRequests.set(requestId, outcome),
});

const evolveActive = (state: ActivePost, event: PostEvent): PostState => {
  switch (event.type) {
    case 'PostEdited': {
      const { content, category, urgency, skillNeeded, mentions } = event.data;
      return { ...state, post: { ...state.post, content, category, urgency, skillNeeded, mentions } };
    }
    case 'PostDeleted':
      return { status: 'deleted', postId: state.post.postId, authorId: state.post.authorId };
    case 'PostLiked':
      return state.likedBy.has(event.data.memberId) ? state : { ...state, likedBy: state.likedBy.set(event.data.memberId, true) };
    case 'PostUnliked':
      return state.likedBy.has(event.data.memberId) ? { ...state, likedBy: state.likedBy.delete(event.data.memberId) } : state;
    case 'CommentAdded':
      return withComment(state, event.data);
    case 'CommentLiked':
      return withCommentChange(state, event.data.commentId, (c) => ({ ...c, likedBy: c.likedBy.set(event.data.memberId, true) }));
    case 'CommentUnliked':
      return withCommentChange(state, event.data.commentId, (c) => ({ ...c, likedBy: c.likedBy.delete(event.data.memberId) }));
    case 'AiReplyRequested':
      return state.endedAiRequests.has(event.data.requestId) ? state : { ...state, pendingAi: requested(event.data) };
    case 'AiReplyStarted':
      return state.pendingAi?.requestId === event.data.requestId ? { ...state, pendingAi: { ...state.pendingAi, started: true } } : state;
    case 'AiReplyCompleted':
      return ended(state, event.data.requestId, 'completed');
    case 'AiReplyFailed':
      return ended(state, event.data.requestId, 'failed');
    case 'AiFeedbackGiven': {
      const { commentId, memberId, feedback } = event.data;
      return withCommentChange(state, commentId, (c) => (c.feedback.has(memberId) ? c : { ...c, feedback: c.feedback.set(memberId, feedback) }));
    }
    default:
      return state;
  }
};

export const evolve = (state: PostState, event: PostEvent): PostState => {
  if (state.status === 'absent') {
    if (event.type !== 'PostCreated') return state;
    const { postId, authorId, content, category, urgency, skillNeeded, mentions } = event.data;
    return {
      status: 'active',
      post: { postId, authorId, content, category, urgency, skillNeeded, mentions },
      likedBy: ImmutableMap(),
      comments: ImmutableMap(),
      pendingAi: null,
      endedAiRequests: ImmutableMap(),
    };
  }
  // A deleted post keeps nothing more: its events after the delete (none are decided) change nothing.
  if (state.status === 'deleted') return state;
  return evolveActive(state, event);
};

export const foldPost = (events: readonly PostEvent[]): PostState => events.reduce(evolve, initialState());

export const likesCount = (state: ActivePost): number => state.likedBy.size;

/** GET /api/ai/feedback/stats/{commentId}. */
export const aiFeedbackStats = (comment: CommentFacts): { helpful: number; unhelpful: number; total: number } => {
  const votes = [...comment.feedback.values()];
  const helpful = votes.filter((v) => v === 'helpful').length;
  return { helpful, unhelpful: votes.length - helpful, total: votes.length };
};

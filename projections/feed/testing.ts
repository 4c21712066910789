// Commands for the feed read model's tests (imported by *.test.ts only): the post domain's defaults,
// without The S brain unless a test asks.
import type { AddComment, CreatePost } from '../../domain/post/commands.js';

export const createPostCommand = (overrides: Partial<CreatePost> & Pick<CreatePost, 'postId' | 'now' | 'actorId'>): CreatePost => ({
  type: 'CreatePost',
  content: 'Need help with #React hooks',
  category: 'development',
  urgency: 'high',
  skillNeeded: null,
  mentions: [],
  mediaAttachments: [],
  aiRequestId: `ai-${overrides.postId}`,
  assistantAvailable: false,
  ...overrides,
});

export const createCommentCommand = (overrides: Partial<AddComment> & Pick<AddComment, 'postId' | 'now' | 'actorId' | 'commentId'>): AddComment => ({
  type: 'AddComment',
  content: 'Have you tried useEffect?',
  parentCommentId: null,
  isOffer: false,
  skillOffered: null,
  mentions: [],
  aiRequestId: `ai-${overrides.commentId}`,
  assistantAvailable: false,
  ...overrides,
});

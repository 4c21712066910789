// Given/when helpers for the post unit tests (imported by *.unit.test.ts only). No test-runner import
// here: domain/ depends on nothing outside domain/.
import { DeciderSpecification } from '../decider-spec.js';
import type { AddComment, CreatePost, PostCommand } from './commands.js';
import { postDecider } from './decide.js';
import type { PostEvent } from './events.js';
import { foldPost } from './state.js';

export const AUTHOR = 'member-author';
export const READER = 'member-reader';
export const OTHER = 'member-other';
export const POST_ID = 'post-1';
export const NOW = '2026-03-02T09:00:00.000Z';

export const given = DeciderSpecification.for(postDecider);

export const createCommand = (overrides: Partial<CreatePost> = {}): CreatePost => ({
  type: 'CreatePost',
  postId: POST_ID,
  now: NOW,
  actorId: AUTHOR,
  content: 'Need help with #React hooks',
  category: 'development',
  urgency: 'high',
  skillNeeded: null,
  mentions: [],
  mediaAttachments: [],
  aiRequestId: 'ai-1',
  assistantAvailable: true,
  ...overrides,
});

export const commentCommand = (overrides: Partial<AddComment> = {}): AddComment => ({
  type: 'AddComment',
  postId: POST_ID,
  now: NOW,
  actorId: READER,
  commentId: 'c-1',
  content: 'Have you tried useEffect?',
  parentCommentId: null,
  isOffer: false,
  skillOffered: null,
  mentions: [],
  aiRequestId: 'ai-c',
  assistantAvailable: true,
  ...overrides,
});

/** The history after `command` was decided on top of `events`. */
export const append = (events: readonly PostEvent[], command: PostCommand): PostEvent[] => [...events, ...postDecider.decide(command, foldPost(events))];

export const created = () => append([], createCommand());

/** A chain of replies: c-0 on the post, c-1 replying to it, ... down to depth `deepest`. */
export const thread = (deepest: number): PostEvent[] => {
  let events = created();
  for (let depth = 0; depth <= deepest; depth++) {
    events = append(events, commentCommand({ commentId: `c-${depth}`, parentCommentId: depth === 0 ? null : `c-${depth - 1}` }));
  }
  return events;
};

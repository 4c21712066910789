// The post decider: one decide function per command (decide-post, decide-comment, decide-ai),
// dispatched by an exhaustive switch.
import { assertNever } from '../shared.js';
import type { Decider } from '../shared.js';
import type { PostCommand } from './commands.js';
import { completeAiReply, failAiReply, requestAiReply, startAiReply } from './decide-ai.js';
import { addComment, giveAiFeedback, likeComment, unlikeComment } from './decide-comment.js';
import { createPost, deletePost, editPost, likePost, unlikePost } from './decide-post.js';
import type { PostEvent } from './events.js';
import { evolve, initialState } from './state.js';
import type { PostState } from './state.js';

export const decide = (command: PostCommand, state: PostState): PostEvent[] => {
  switch (command.type) {
    case 'CreatePost':
      return createPost(command, state);
    case 'EditPost':
      return editPost(command, state);
    case 'DeletePost':
      return deletePost(command, state);
    case 'LikePost':
      return likePost(command, state);
    case 'UnlikePost':
      return unlikePost(command, state);
    case 'AddComment':
      return addComment(command, state);
    case 'LikeComment':
      return likeComment(command, state);
    case 'UnlikeComment':
      return unlikeComment(command, state);
    case 'RequestAiReply':
      return requestAiReply(command, state);
    case 'StartAiReply':
      return startAiReply(command, state);
    case 'CompleteAiReply':
      return completeAiReply(command, state);
    case 'FailAiReply':
      return failAiReply(command, state);
    case 'GiveAiFeedback':
      return giveAiFeedback(command, state);
    default:
      return assertNever(command);
  }
};

export const postDecider: Decider<PostState, PostCommand, PostEvent> = { initialState, evolve, decide };

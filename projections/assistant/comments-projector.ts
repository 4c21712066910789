// Every comment's post, and the votes on The S brain's comments: the ask on a comment and a vote name
// only the comment, so their routes find its post here; the stats are its counts.
import type { AiFeedbackGiven, CommentAdded } from '../../domain/post/events.js';
import { postChanged } from '../change-notices.js';
import { defineProjection, type Recorded } from '../runtime/define-projection.js';
import { assistantCommentsTable, assistantFeedbackVotesTable } from './tables.js';

type AssistantCommentEvent = CommentAdded | AiFeedbackGiven;
const commentEventTypes = ['CommentAdded', 'AiFeedbackGiven'] as const satisfies readonly AssistantCommentEvent['type'][];

export const assistantCommentsProjector = defineProjection({
  name: 'assistant-comments',
  // 2: each member's own vote (assistant_feedback_votes).
  version: 2,
  migration: '20261125T1601-create-assistant-comments',
  tables: { assistant_comments: assistantCommentsTable, assistant_feedback_votes: assistantFeedbackVotesTable },
  canHandle: commentEventTypes,
  creates: (event: Recorded<AssistantCommentEvent>) => (event.type === 'CommentAdded' ? { assistant_comments: event.data.commentId } : {}),
  reads: (event: Recorded<AssistantCommentEvent>) => (event.type === 'AiFeedbackGiven' ? { assistant_comments: event.data.commentId } : {}),
  evolve(rows, event) {
    const { commentId, postId } = event.data;
    if (event.type === 'CommentAdded') {
      // Members' comments are kept without votes: only their post is needed (an ask on them).
      if (!rows.assistant_comments.get(commentId)) {
        rows.assistant_comments.put({ comment_id: commentId, post_id: postId, is_ai_generated: event.data.isAiGenerated, helpful: 0, unhelpful: 0 });
      }
      return;
    }
    const row = rows.assistant_comments.get(commentId);
    if (!row) return;
    // The domain takes one vote per member and comment, so each event counts once.
    rows.assistant_feedback_votes.put({ comment_id: commentId, member_id: event.data.memberId, feedback: event.data.feedback });
    rows.assistant_comments.put(event.data.feedback === 'helpful' ? { ...row, helpful: row.helpful + 1 } : { ...row, unhelpful: row.unhelpful + 1 });
    return [postChanged(postId)];
  },
});

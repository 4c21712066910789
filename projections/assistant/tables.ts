// The assistant's read models: one row per request to The S brain with the call's record (the admin
// analytics to come), and one row per comment with the post it is on and, for the assistant's own
// comments, the helpful / unhelpful votes (GET /api/ai/feedback/stats/{commentId}).
import { bool, defineTable, int4, int8, text, timestamptz, type DatabaseOf, type RowOfTable } from '../runtime/table.js';

export const aiInvocationsTable = defineTable({
  name: 'ai_invocations',
  key: ['request_id'],
  columns: {
    request_id: text(),
    post_id: text(),
    requested_by: text(),
    /** post_mention, comment_mention or ask. */
    trigger: text(),
    trigger_comment_id: text().nullable(),
    requested_at: timestamptz(),
    /** requested, started (the model is being called), completed or failed. */
    status: text(),
    /** Why it failed: model_error, quota_exceeded or timed_out. */
    failure_reason: text().nullable(),
    model: text().nullable(),
    tokens_in: int4().nullable(),
    tokens_out: int4().nullable(),
    latency_ms: int4().nullable(),
    image_count: int4().nullable(),
    /** Millionths of a US dollar, from the price table at the time of the call. */
    cost_micro_usd: int8().nullable(),
    /** The answer, when completed. */
    comment_id: text().nullable(),
    ended_at: timestamptz().nullable(),
  },
  indexes: { ai_invocations_requested_at_idx: ['requested_at desc'], ai_invocations_member_idx: ['requested_by'] },
});

export const assistantCommentsTable = defineTable({
  name: 'assistant_comments',
  key: ['comment_id'],
  columns: {
    comment_id: text(),
    post_id: text(),
    is_ai_generated: bool(),
    helpful: int4(),
    unhelpful: int4(),
  },
});

/** Each member's own vote on The S brain's comments: the stats tell the reader theirs (the web locks on it). */
export const assistantFeedbackVotesTable = defineTable({
  name: 'assistant_feedback_votes',
  key: ['comment_id', 'member_id'],
  columns: { comment_id: text(), member_id: text(), feedback: text() },
  onConflict: 'nothing',
});

export type AiInvocationRow = RowOfTable<typeof aiInvocationsTable>;
export type AssistantCommentRow = RowOfTable<typeof assistantCommentsTable>;
export type AiInvocationsDb = DatabaseOf<{ ai_invocations: typeof aiInvocationsTable }>;
export type AssistantCommentsDb = DatabaseOf<{ assistant_comments: typeof assistantCommentsTable; assistant_feedback_votes: typeof assistantFeedbackVotesTable }>;

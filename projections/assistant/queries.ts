// Queries of the assistant's read models; they take `db` first and answer in the contracts' shapes.
import type { Kysely } from 'kysely';
import type { AiFeedbackStats } from '../../api/contracts/assistant.js';
import type { ReadModelsDb } from '../read-models.js';

/** The post a comment is on, or null when no such comment is known (yet). */
export const postOfComment = async (db: Kysely<ReadModelsDb>, commentId: string): Promise<string | null> =>
  (await db.selectFrom('assistant_comments').select('post_id').where('comment_id', '=', commentId).executeTakeFirst())?.post_id ?? null;

/**
 * Votes on one of The S brain's comments and the reader's own (null when they have not voted); null
 * when the comment is unknown or not the assistant's.
 */
export const aiFeedbackStats = async (db: Kysely<ReadModelsDb>, commentId: string, memberId: string): Promise<AiFeedbackStats['data'] | null> => {
  const row = await db.selectFrom('assistant_comments').select(['helpful', 'unhelpful', 'is_ai_generated']).where('comment_id', '=', commentId).executeTakeFirst();
  if (!row?.is_ai_generated) return null;
  const mine = await db
    .selectFrom('assistant_feedback_votes')
    .select('feedback')
    .where('comment_id', '=', commentId)
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  const myVote = mine?.feedback === 'helpful' || mine?.feedback === 'unhelpful' ? mine.feedback : null;
  return { helpful: row.helpful, unhelpful: row.unhelpful, total: row.helpful + row.unhelpful, my_vote: myVote };
};

export interface AiInvocationRecord {
  requestId: string;
  postId: string;
  requestedBy: string;
  trigger: string;
  status: string;
  failureReason: string | null;
  model: string | null;
  tokensIn: number | null;
  tokensOut: number | null;
  latencyMs: number | null;
  imageCount: number | null;
  /** US dollars. */
  cost: number | null;
  commentId: string | null;
  requestedAt: string;
  endedAt: string | null;
}

const iso = (value: Date | string) => new Date(value).toISOString();

/** The latest requests and their calls, newest first (the admin analytics). */
export const recentAiInvocations = async (db: Kysely<ReadModelsDb>, options: { limit: number; postId?: string }): Promise<AiInvocationRecord[]> => {
  let query = db.selectFrom('ai_invocations').selectAll().orderBy('requested_at', 'desc').orderBy('request_id').limit(options.limit);
  if (options.postId) query = query.where('post_id', '=', options.postId);
  const rows = await query.execute();
  return rows.map((r) => ({
    requestId: r.request_id,
    postId: r.post_id,
    requestedBy: r.requested_by,
    trigger: r.trigger,
    status: r.status,
    failureReason: r.failure_reason,
    model: r.model,
    tokensIn: r.tokens_in,
    tokensOut: r.tokens_out,
    latencyMs: r.latency_ms,
    imageCount: r.image_count,
    cost: r.cost_micro_usd === null ? null : Number(r.cost_micro_usd) / 1_000_000,
    commentId: r.comment_id,
    requestedAt: iso(r.requested_at),
    endedAt: r.ended_at === null ? null : iso(r.ended_at),
  }));
};

// The S brain's requests and the record of each call (DESIGN.md §10, issue 20 point 7): trigger and
// asker from the request, model, tokens, latency, images and cost from its outcome. Admins' analytics
// read it; admins hear of each change.
import type { AiReplyCompleted, AiReplyFailed, AiReplyRequested, AiReplyStarted } from '../../domain/post/events.js';
import type { ChangedMessage } from '../../api/contracts/live.js';
import { toAdmins } from '../change-notices.js';
import { defineProjection, type Recorded } from '../runtime/define-projection.js';
import { aiInvocationsTable, type AiInvocationRow } from './tables.js';

type InvocationEvent = AiReplyRequested | AiReplyStarted | AiReplyCompleted | AiReplyFailed;
const invocationEventTypes = ['AiReplyRequested', 'AiReplyStarted', 'AiReplyCompleted', 'AiReplyFailed'] as const satisfies readonly InvocationEvent['type'][];

const ended = (row: AiInvocationRow, event: Recorded<AiReplyCompleted | AiReplyFailed>): AiInvocationRow => {
  const call = event.data.invocation;
  return {
    ...row,
    status: event.type === 'AiReplyCompleted' ? 'completed' : 'failed',
    failure_reason: event.type === 'AiReplyFailed' ? event.data.reason : null,
    model: call?.model ?? row.model,
    tokens_in: call?.tokensIn ?? null,
    tokens_out: call?.tokensOut ?? null,
    latency_ms: call?.latencyMs ?? null,
    image_count: call?.imageCount ?? null,
    cost_micro_usd: call ? Math.round(call.cost * 1_000_000) : null,
    comment_id: event.type === 'AiReplyCompleted' ? event.data.commentId : null,
    ended_at: event.metadata.occurredAt,
  };
};

/** The admin's AI usage screen reads these rows: every admin socket hears that they changed. */
const adminChanged = toAdmins<ChangedMessage>({ type: 'changed', scope: 'admin' });

export const aiInvocationsProjector = defineProjection({
  name: 'ai-invocations',
  version: 1,
  migration: '20261125T1600-create-ai-invocations',
  tables: { ai_invocations: aiInvocationsTable },
  canHandle: invocationEventTypes,
  creates: (event: Recorded<InvocationEvent>) => (event.type === 'AiReplyRequested' ? { ai_invocations: event.data.requestId } : {}),
  reads: (event: Recorded<InvocationEvent>) => (event.type === 'AiReplyRequested' ? {} : { ai_invocations: event.data.requestId }),
  evolve(rows, event) {
    if (event.type === 'AiReplyRequested') {
      const d = event.data;
      rows.ai_invocations.put({
        request_id: d.requestId,
        post_id: d.postId,
        requested_by: d.requestedBy,
        trigger: d.trigger,
        trigger_comment_id: d.triggerCommentId,
        requested_at: d.requestedAt,
        status: 'requested',
        failure_reason: null,
        model: null,
        tokens_in: null,
        tokens_out: null,
        latency_ms: null,
        image_count: null,
        cost_micro_usd: null,
        comment_id: null,
        ended_at: null,
      });
      return [adminChanged];
    }
    const row = rows.ai_invocations.get(event.data.requestId);
    if (!row) return;
    if (event.type === 'AiReplyStarted') {
      if (row.status === 'requested') rows.ai_invocations.put({ ...row, status: 'started', model: event.data.model });
    } else {
      rows.ai_invocations.put(ended(row, event));
    }
    return [adminChanged];
  },
});

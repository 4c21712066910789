// POST /api/feedback: one stream per message, created with 'no stream expected' semantics through
// the decider (a retried request with the same id appends nothing).
import { feedbackDecider } from '../../domain/feedback/decide.js';
import { feedbackStreamId, type FeedbackEvent } from '../../domain/feedback/events.js';
import type { Checkpoint } from '../../eventstore/types.js';
import type { CommandRuntime } from '../runtime/types.js';

export interface FeedbackDeps {
  runtime: CommandRuntime;
}

export interface SubmitFeedbackInput {
  feedbackId: string;
  memberId: string;
  message: string;
  source?: string | null | undefined;
  now: string;
  correlationId?: string | undefined;
}

export const submitFeedback = async (
  deps: FeedbackDeps,
  input: SubmitFeedbackInput,
): Promise<{ feedbackId: string; checkpoint: Checkpoint | null; events: readonly FeedbackEvent[] }> => {
  const { feedbackId, memberId, message, source, now } = input;
  const result = await deps.runtime.handle(
    feedbackDecider,
    feedbackStreamId(feedbackId),
    { type: 'SubmitFeedback', feedbackId, memberId, message, source },
    { now, actorId: memberId, correlationId: input.correlationId },
  );
  return { feedbackId, checkpoint: result.checkpoint, events: result.events };
};

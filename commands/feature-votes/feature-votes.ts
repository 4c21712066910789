// Feature voting on /coming-soon (spec 002 §2, §4, §7): a member's vote, decided on its own stream (one
// vote per member per feature, replaced on change), a comment and an admin's status on the feature's
// stream. Reads answer from the feature-votes read model; these answer the writes.
import type { FeatureCommand } from '../../domain/feature-vote/commands.js';
import { featureDecider, featureVoteDecider } from '../../domain/feature-vote/decide.js';
import type { FeatureCommentAdded, FeatureEvent, FeatureVoteEvent } from '../../domain/feature-vote/events.js';
import type { FeatureStatus, VoteType } from '../../domain/feature-vote/features.js';
import type { Checkpoint } from '../../eventstore/types.js';
import type { CommandRuntime } from '../runtime/types.js';
import { featureStreamId, featureVoteStreamId } from '../stream-ids.js';

export interface FeatureVoteDeps {
  runtime: CommandRuntime;
}

interface Written<E> {
  checkpoint: Checkpoint | null;
  events: E[];
}

interface Common {
  featureId: string;
  now: string;
  correlationId?: string | undefined;
}

/**
 * The member's vote, replacing the one they had. Changes of one member race on one stream: each retry
 * decides on the vote the last one left, so five at once leave one vote (and five events at most).
 */
export const castFeatureVote = async (
  deps: FeatureVoteDeps,
  input: Common & { memberId: string; voteType: VoteType },
): Promise<Written<FeatureVoteEvent> & { voteType: VoteType }> => {
  const { featureId, memberId, voteType, now } = input;
  const result = await deps.runtime.handle(
    featureVoteDecider,
    featureVoteStreamId(featureId, memberId),
    { type: 'CastFeatureVote', featureId, memberId, voteType },
    { now, actorId: memberId, correlationId: input.correlationId, maxAttempts: 12 },
  );
  return { checkpoint: result.checkpoint, events: result.events, voteType };
};

const onFeature = async (deps: FeatureVoteDeps, command: FeatureCommand, actorId: string, input: Common) => {
  const result = await deps.runtime.handle(featureDecider, featureStreamId(input.featureId), command, {
    now: input.now,
    actorId,
    correlationId: input.correlationId,
    // A busy discussion is one stream: comments queue for its lock.
    maxAttempts: 12,
  });
  return { checkpoint: result.checkpoint, events: result.events as FeatureEvent[], state: result.state };
};

export const addFeatureComment = async (
  deps: FeatureVoteDeps,
  input: Common & { commentId: string; memberId: string; content: string },
): Promise<Written<FeatureEvent> & { comment: FeatureCommentAdded['data']; at: string }> => {
  const { featureId, commentId, memberId, content } = input;
  const result = await onFeature(deps, { type: 'AddFeatureComment', featureId, commentId, memberId, content }, memberId, input);
  const added = result.events.find((e): e is FeatureCommentAdded => e.type === 'FeatureCommentAdded');
  return { checkpoint: result.checkpoint, events: result.events, comment: added!.data, at: input.now };
};

export const setFeatureStatus = async (
  deps: FeatureVoteDeps,
  input: Common & { adminId: string; status: FeatureStatus; note: string },
): Promise<Written<FeatureEvent> & { status: FeatureStatus; note: string }> => {
  const { featureId, adminId, status, note } = input;
  const result = await onFeature(deps, { type: 'SetFeatureStatus', featureId, adminId, status, note }, adminId, input);
  return { checkpoint: result.checkpoint, events: result.events, status: result.state.status, note: result.state.note };
};

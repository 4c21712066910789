// Records an operator's `rebuild` of a read model, who asked and why, as an event on the operations
// stream, once the rebuild may begin and before it touches a table (projections/runtime/live-rebuilds.ts),
// in the process that carries it out. The projection runtime takes this as its `recordRebuild`.
import { followerOperationsDecider } from '../../domain/follower-operations/decide.js';
import { FOLLOWER_OPERATIONS_STREAM } from '../../domain/follower-operations/events.js';
import type { CommandRuntime } from '../runtime/types.js';

export interface ProjectionRebuildInput {
  projection: string;
  version: number;
  reason: string | null;
  actorId: string | null;
}

export const requestProjectionRebuild = async (deps: { runtime: CommandRuntime }, input: ProjectionRebuildInput, now: string): Promise<void> => {
  const { projection, version, reason, actorId } = input;
  await deps.runtime.handle(
    followerOperationsDecider,
    FOLLOWER_OPERATIONS_STREAM,
    { type: 'RequestProjectionRebuild', projection, version, reason, actorId, now },
    { now, actorId },
  );
};

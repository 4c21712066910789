// Records an operator's skip of the event a failed projector or reactor stopped at, as an event on the
// operations stream, before the follower moves past it (projections/runtime/log-follower.ts). The
// projection runtime takes this as its `recordSkip` (commands/ and projections/ never import each
// other: the composition root passes it in).
import { followerOperationsDecider } from '../../domain/follower-operations/decide.js';
import { FOLLOWER_OPERATIONS_STREAM } from '../../domain/follower-operations/events.js';
import type { CommandRuntime } from '../runtime/types.js';

export interface FollowerSkipInput {
  follower: string;
  kind: 'projector' | 'reactor';
  failure: { position: string; eventId: string; eventType: string; streamId: string; error: string };
  reason: string;
  actorId: string | null;
}

export const skipFollowerEvent = async (deps: { runtime: CommandRuntime }, input: FollowerSkipInput, now: string): Promise<void> => {
  const { follower, kind, failure, reason, actorId } = input;
  await deps.runtime.handle(
    followerOperationsDecider,
    FOLLOWER_OPERATIONS_STREAM,
    { type: 'SkipFollowerEvent', follower, kind, ...failure, reason, actorId, now },
    // The skip follows the skipped event's chain: the audit finds it from the event.
    { now, actorId, causationId: failure.eventId },
  );
};

// PATCH /api/users/{id}/onboarding with hasSeenWelcomeTour: true. The fact lives in the member
// stream (domain/member/welcome-tour.ts); marking it again appends nothing.
import type { MemberStreamEvent } from '../../domain/member/events.js';
import { welcomeTourDecider } from '../../domain/member/welcome-tour.js';
import type { Checkpoint } from '../../eventstore/types.js';
import type { CommandRuntime } from '../runtime/types.js';
import { memberStreamId } from '../stream-ids.js';

export interface WelcomeTourDeps {
  runtime: CommandRuntime;
}

export interface WelcomeTourResult {
  hasSeenWelcomeTour: true;
  /** null when the tour was already marked seen. */
  checkpoint: Checkpoint | null;
  events: readonly MemberStreamEvent[];
}

export const markWelcomeTourSeen = async (
  deps: WelcomeTourDeps,
  input: { memberId: string; actorId: string; now: string; correlationId?: string | undefined },
): Promise<WelcomeTourResult> => {
  const { memberId, actorId, now } = input;
  const result = await deps.runtime.handle(
    welcomeTourDecider,
    memberStreamId(memberId),
    { type: 'MarkWelcomeTourSeen', memberId, actorId, now },
    { now, actorId, correlationId: input.correlationId },
  );
  return { hasSeenWelcomeTour: true, checkpoint: result.checkpoint, events: result.events };
};

/** Straight from the stream, for an answer that must not lag behind the PATCH. */
export const hasSeenWelcomeTour = async (deps: WelcomeTourDeps, memberId: string): Promise<boolean> =>
  (await deps.runtime.load(welcomeTourDecider, memberStreamId(memberId))).state.seenAt !== null;

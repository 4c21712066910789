// Approving a reschedule takes the new time's slot cells of both members before RescheduleApproved is
// appended (that is what keeps two sessions off one slot, for the mentor and for the student); cells
// shared with the current time are already the session's. If the approval is then refused, the cells taken for it are given back.
import { randomUUID } from 'node:crypto';
import type { ApproveReschedule } from '../../domain/session/commands.js';
import { sessionDecider } from '../../domain/session/decide.js';
import type { SessionState } from '../../domain/session/state.js';
import { slotsCovered } from '../../domain/slot/slots-covered.js';
import type { Checkpoint } from '../../eventstore/types.js';
import { checkpointTracker } from '../runtime/run-step.js';
import type { ProcessRuntime } from '../runtime/types.js';
import { sessionStreamId } from '../stream-ids.js';
import { texts } from '../../domain/session/rules.js';
import { releaseSessionTime, reserveSessionTime } from './slot-steps.js';

export interface ReservedForReschedule {
  add(checkpoint: Checkpoint | null): void;
  readonly latest: Checkpoint | null;
  /** Releases the cells taken for the approval unless the session stands at the new time after all. */
  giveBack(): Promise<void>;
}

const currentCells = (state: SessionState): Set<string> =>
  state.status === 'requested' || state.status === 'confirmed' || state.status === 'modification_pending' || state.status === 'completed'
    ? new Set(slotsCovered(state.session.startsAt, state.session.durationHours))
    : new Set();

export const reserveRescheduleCells = async (
  deps: { runtime: ProcessRuntime },
  command: ApproveReschedule,
  context: { actorId: string | null; now: string; correlationId?: string | undefined },
): Promise<ReservedForReschedule> => {
  const { runtime } = deps;
  const stream = sessionStreamId(command.sessionId);
  const written = checkpointTracker(runtime.compareCheckpoints);
  const { state } = await runtime.load(sessionDecider, stream);
  // Refusals (not a participant, nothing pending, proposer answering) come before anything is taken.
  const [approval] = sessionDecider.decide(command, state);
  if (approval?.type !== 'RescheduleApproved') {
    return {
      add: written.add,
      get latest() {
        return written.latest;
      },
      giveBack: async () => undefined,
    };
  }
  const { modificationId, instructorId, studentId, sessionId, startsAt, previousStartsAt, durationHours } = approval.data;
  const current = new Set(slotsCovered(previousStartsAt, durationHours));
  const fresh = slotsCovered(startsAt, durationHours).filter((cell) => !current.has(cell));
  const run = { actorId: context.actorId, now: context.now, correlationId: context.correlationId ?? randomUUID() };

  const giveBack = async () => {
    // Read again: the approval may have landed after all (a lost reply, or a double click that won).
    const keep = currentCells((await runtime.load(sessionDecider, stream)).state);
    const cells = fresh.filter((cell) => !keep.has(cell));
    await releaseSessionTime(runtime, { mentorId: instructorId, studentId, sessionId, cells }, { ...run, step: `reschedule:${modificationId}:release` });
  };

  try {
    const taken = await reserveSessionTime(
      runtime,
      { mentorId: instructorId, studentId, sessionId, cells: fresh },
      { ...run, step: `reschedule:${modificationId}:reserve` },
      texts.studentBusyReschedule,
    );
    for (const checkpoint of taken) written.add(checkpoint);
  } catch (error) {
    await giveBack().catch(() => undefined);
    throw error;
  }
  return {
    add: written.add,
    get latest() {
      return written.latest;
    },
    // Best effort: what it cannot give back now, the follow-ups of the event that ends the proposal do.
    giveBack: () => giveBack().catch(() => undefined),
  };
};

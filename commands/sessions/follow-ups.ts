// What a session event asks of other streams (domain followUpsFor: refund or transfer the hold,
// release slot cells), carried out idempotently. runFollowUps replays them for a whole session, so
// running it again after a crash finishes whatever the first run did not, and does nothing twice.
import { followUpsFor, type SessionFollowUp } from '../../domain/session/follow-ups.js';
import type { SessionEvent } from '../../domain/session/events.js';
import { foldSession, type SessionState } from '../../domain/session/state.js';
import { slotsCovered } from '../../domain/slot/slots-covered.js';
import type { Checkpoint, RecordedEvent } from '../../eventstore/types.js';
import { checkpointTracker } from '../runtime/run-step.js';
import type { ProcessRuntime, StepContext } from '../runtime/types.js';
import { sessionStreamId } from '../stream-ids.js';
import { refundHoldIfActive, transferHeldPoints } from './ledger-steps.js';
import { releaseSessionTime } from './slot-steps.js';

export interface FollowUpDeps {
  runtime: ProcessRuntime;
}

/**
 * Cells the session needs now: its current time while it is on, plus a pending proposal's (whose
 * approval reserves them before it is recorded). Releases never touch these, so replaying an old
 * release cannot free time the session took again by a later reschedule back.
 */
export const cellsInUse = (state: SessionState): Set<string> => {
  switch (state.status) {
    case 'requested':
    case 'confirmed':
    case 'completed':
      return new Set(slotsCovered(state.session.startsAt, state.session.durationHours));
    case 'modification_pending':
      return new Set([
        ...slotsCovered(state.session.startsAt, state.session.durationHours),
        ...slotsCovered(state.pending.proposedStartsAt, state.session.durationHours),
      ]);
    default:
      return new Set();
  }
};

/**
 * Beyond followUpsFor: a proposal that ended without being approved may have had its cells reserved
 * by an approval that crashed or lost a race; the event that ended it gives them back.
 */
const unusedProposalCells = (event: SessionEvent, history: readonly SessionEvent[]): SessionFollowUp[] => {
  const release = (proposedStartsAt: string): SessionFollowUp[] => [
    {
      kind: 'release-slots',
      mentorId: event.data.instructorId,
      studentId: event.data.studentId,
      sessionId: event.data.sessionId,
      slotStarts: slotsCovered(proposedStartsAt, event.data.durationHours),
    },
  ];
  switch (event.type) {
    case 'RescheduleDeclined':
    case 'RescheduleCancelled':
      return release(event.data.proposedStartsAt);
    case 'SessionCancelled':
    case 'SessionCompleted': {
      const dropped = event.data.droppedModificationId;
      const proposal = history.find((e) => e.type === 'RescheduleProposed' && e.data.modificationId === dropped);
      return proposal?.type === 'RescheduleProposed' ? release(proposal.data.proposedStartsAt) : [];
    }
    default:
      return [];
  }
};

const perform = async (runtime: ProcessRuntime, followUp: SessionFollowUp, keep: Set<string>, run: StepContext): Promise<Checkpoint[]> => {
  switch (followUp.kind) {
    case 'release-slots': {
      const cells = followUp.slotStarts.filter((cell) => !keep.has(cell));
      const time = { mentorId: followUp.mentorId, studentId: followUp.studentId, sessionId: followUp.sessionId, cells };
      return releaseSessionTime(runtime, time, { ...run, step: `${run.step}:release` });
    }
    case 'refund-hold': {
      const { memberId, holdId, reason, description } = followUp;
      const checkpoint = await refundHoldIfActive(runtime, { studentId: memberId, holdId, reason, description }, { ...run, step: `${run.step}:refund` });
      return checkpoint ? [checkpoint] : [];
    }
    case 'adjudicate-hold': {
      const { memberId, mentorId, holdId, sessionId, description } = followUp;
      return transferHeldPoints(runtime, { studentId: memberId, mentorId, holdId, sessionId, description }, { ...run, step: `${run.step}:transfer` });
    }
  }
};

// Time is given back before points: a settled hold then also means the cells were released.
const releasesFirst = (a: SessionFollowUp, b: SessionFollowUp) => Number(a.kind !== 'release-slots') - Number(b.kind !== 'release-slots');

/** Carries out the follow-ups of every event of the session; returns the checkpoint of the last write. */
export const runFollowUps = async (deps: FollowUpDeps, sessionId: string): Promise<{ checkpoint: Checkpoint | null }> => {
  const { runtime } = deps;
  const recorded: RecordedEvent[] = await runtime.reads.readStream(sessionStreamId(sessionId));
  const history = recorded.map((r) => ({ type: r.type, data: r.data }) as SessionEvent);
  const keep = cellsInUse(foldSession(history));
  const written = checkpointTracker(runtime.compareCheckpoints);
  for (const [index, cause] of recorded.entries()) {
    const event = history[index]!;
    const followUps = [...followUpsFor(event), ...unusedProposalCells(event, history)].sort(releasesFirst);
    // Follow-ups are the system's doing: they carry the cause's instant and correlation, no actor.
    const run: StepContext = {
      step: `followup:${cause.metadata.eventId}`,
      now: cause.metadata.occurredAt,
      actorId: null,
      correlationId: cause.metadata.correlationId,
      causationId: cause.metadata.eventId,
    };
    for (const followUp of followUps) {
      for (const checkpoint of await perform(runtime, followUp, keep, run)) written.add(checkpoint);
    }
  }
  return { checkpoint: written.latest };
};

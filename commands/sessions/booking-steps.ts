// The steps of the RequestSession process, one function each, shared by the process itself
// (step-booking-writer.ts) and the reconciler that finishes or undoes a process that crashed. Every step
// is safe to run again: ids are derived from the session id and the step (runtime/run-step.ts), and each
// decision is idempotent on the state it reads.
import { requestCommandOf } from '../../domain/booking/decide-booking.js';
import type { BookingPlan } from '../../domain/booking/plan.js';
import type { RequestSession } from '../../domain/session/commands.js';
import { sessionDecider } from '../../domain/session/decide.js';
import type { SessionEvent } from '../../domain/session/events.js';
import type { SessionState } from '../../domain/session/state.js';
import type { LedgerState } from '../../domain/ledger/state.js';
import type { Decider } from '../../domain/shared.js';
import type { Checkpoint } from '../../eventstore/types.js';
import { uuidV5 } from '../runtime/deterministic-id.js';
import { processMetadata } from '../runtime/run-step.js';
import type { ProcessRuntime, LoadedStream, RunContext, StepResult } from '../runtime/types.js';
import { bookingStreamId, bookingsIndexStreamId, sessionStreamId } from '../stream-ids.js';
import { step } from './booking-step.js';
import { bookingDecisionDecider, type BookingDecisionState, type BookingOutcome } from './booking-record.js';
import { placeSessionHold, refundHoldIfActive } from './ledger-steps.js';
import { texts } from '../../domain/session/rules.js';
import { releaseSessionTime, reserveSessionTime, type KnownCells, type TimeOfSession } from './slot-steps.js';

/**
 * Creating the session twice (the process and a roll-forward racing) is one creation. `decided`: the
 * events the booking decided already, which a process that has them need not decide again.
 */
const creatingDecider = (decided?: readonly SessionEvent[]): Decider<SessionState, RequestSession, SessionEvent> => ({
  ...sessionDecider,
  decide: (command, state) => (state.status !== 'none' ? [] : decided ? [...decided] : sessionDecider.decide(command, state)),
});

/** Appends one event to the booking's index shard (any revision: the shard is shared by many bookings). */
const appendToIndex = (sessionId: string, eventId: string, type: string, data: unknown, runtime: ProcessRuntime, run: RunContext): Promise<Checkpoint> =>
  runtime.record(bookingsIndexStreamId(sessionId), [{ type, data, metadata: processMetadata(run, eventId) }], 'any');

/** The time a booking takes: its cells in the mentor's hours and in the student's. */
export const timeOf = (plan: BookingPlan): TimeOfSession => ({ mentorId: plan.instructorId, studentId: plan.studentId, sessionId: plan.sessionId, cells: plan.cells });

export const bookingSteps = {
  /** Lists the booking in the index before anything is taken, so a crash after this point is found. */
  start: (runtime: ProcessRuntime, plan: BookingPlan, run: RunContext): Promise<Checkpoint> =>
    appendToIndex(plan.sessionId, uuidV5(`booking-started:${plan.sessionId}`), 'BookingStarted', plan, runtime, run),

  // `known`: the stream as the caller read it moments ago, which saves the step's own read (runStep).
  hold: (runtime: ProcessRuntime, plan: BookingPlan, run: RunContext, known?: LoadedStream<LedgerState>): Promise<Checkpoint | null> =>
    placeSessionHold(runtime, { studentId: plan.studentId, sessionId: plan.sessionId, holdId: plan.holdId, amount: plan.cost }, step(run, plan, 'hold'), known),

  reserve: (runtime: ProcessRuntime, plan: BookingPlan, run: RunContext, known?: KnownCells): Promise<Checkpoint[]> =>
    reserveSessionTime(runtime, timeOf(plan), step(run, plan, 'reserve'), texts.studentBusy, known),

  /** The pivot; throws CONFLICT (BOOKING_LOST_MESSAGE) when the reconciler abandoned the booking first. */
  commit: (runtime: ProcessRuntime, plan: BookingPlan, run: RunContext, known?: LoadedStream<BookingDecisionState>) =>
    runtime.step(bookingDecisionDecider, bookingStreamId(plan.sessionId), { type: 'Commit', sessionId: plan.sessionId }, step(run, plan, 'commit'), known),

  /** Only after commit. Decided as of the request's own instant, also when rolled forward later. */
  createSession: (
    runtime: ProcessRuntime,
    plan: BookingPlan,
    run: RunContext,
    known?: LoadedStream<SessionState>,
    decided?: readonly SessionEvent[],
  ): Promise<StepResult<SessionState, SessionEvent>> =>
    runtime.step(creatingDecider(decided), sessionStreamId(plan.sessionId), requestCommandOf(plan), step(run, plan, 'session'), known),

  /** Gives back whatever the booking took; harmless for what it never took. */
  compensate: async (runtime: ProcessRuntime, plan: BookingPlan, run: RunContext): Promise<void> => {
    await releaseSessionTime(runtime, timeOf(plan), step(run, plan, 'release'));
    await refundHoldIfActive(
      runtime,
      {
        studentId: plan.studentId,
        holdId: plan.holdId,
        reason: 'request_failed',
        description: `Refund: session request could not be completed (${plan.skillName})`,
      },
      step(run, plan, 'refund'),
    );
  },

  /** The process's own failure: record it (unless the reconciler already abandoned it), undo, close. */
  fail: async (runtime: ProcessRuntime, plan: BookingPlan, reason: string, run: RunContext): Promise<void> => {
    await runtime.step(bookingDecisionDecider, bookingStreamId(plan.sessionId), { type: 'Fail', sessionId: plan.sessionId, reason }, step(run, plan, 'fail'));
    await bookingSteps.compensate(runtime, plan, run);
    await bookingSteps.close(runtime, plan.sessionId, 'failed', run);
  },

  close: (runtime: ProcessRuntime, sessionId: string, outcome: BookingOutcome, run: RunContext): Promise<Checkpoint> =>
    appendToIndex(sessionId, uuidV5(`booking-closed:${sessionId}`), 'BookingClosed', { sessionId, outcome }, runtime, run),
};

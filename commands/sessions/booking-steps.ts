// The steps of the RequestSession process, one function each, shared by the process itself
// (request-session.ts) and the reconciler that finishes or undoes a process that crashed. Every step
// is safe to run again: ids are derived from the session id and the step (process-step.ts), and each
// decision is idempotent on the state it reads.
import type { RequestSession } from '../../domain/session/commands.js';
import { sessionDecider } from '../../domain/session/decide.js';
import type { SessionEvent } from '../../domain/session/events.js';
import type { SessionState } from '../../domain/session/state.js';
import type { LedgerState } from '../../domain/ledger/state.js';
import type { Decider } from '../../domain/shared.js';
import type { Checkpoint, EventStore } from '../../eventstore/types.js';
import { uuidV5 } from '../deterministic-id.js';
import type { LoadedStream } from '../handle-command.js';
import { bookingStreamId, bookingsIndexStreamId, sessionStreamId } from '../stream-ids.js';
import { bookingDecisionDecider, type BookingDecisionState, type BookingOutcome, type BookingPlan } from './booking-record.js';
import { placeSessionHold, refundHoldIfActive } from './ledger-steps.js';
import { processMetadata, runStep, type StepContext, type StepResult } from './process-step.js';
import { releaseCells, reserveCells, type KnownCells } from './slot-steps.js';

/** What every step of one run shares; `step` is filled in per step. */
export type RunContext = Omit<StepContext, 'step'>;

export const requestCommandOf = (plan: BookingPlan): RequestSession => ({
  type: 'RequestSession',
  sessionId: plan.sessionId,
  now: plan.requestedAt,
  studentId: plan.studentId,
  instructorId: plan.instructorId,
  skillId: plan.skillId,
  skillName: plan.skillName,
  experienceLevel: plan.experienceLevel,
  startsAt: plan.startsAt,
  durationHours: plan.durationHours,
  pointsPerHour: plan.pointsPerHour,
  holdId: plan.holdId,
  message: plan.message,
});

// Creating the session twice (the process and a roll-forward racing) is one creation.
const creatingDecider: Decider<SessionState, RequestSession, SessionEvent> = {
  ...sessionDecider,
  decide: (command, state) => (state.status === 'none' ? sessionDecider.decide(command, state) : []),
};

/** Appends one event to the booking's index shard (any revision: the shard is shared by many bookings). */
const appendToIndex = async (sessionId: string, eventId: string, type: string, data: unknown, store: EventStore, run: RunContext): Promise<Checkpoint> =>
  (await store.append(bookingsIndexStreamId(sessionId), [{ type, data, metadata: processMetadata(run, eventId) }], { expectedRevision: 'any' })).checkpoint;

export const step = (run: RunContext, plan: { sessionId: string }, name: string): StepContext => ({
  ...run,
  step: `booking:${plan.sessionId}:${name}`,
});

export const bookingSteps = {
  /** Lists the booking in the index before anything is taken, so a crash after this point is found. */
  start: (store: EventStore, plan: BookingPlan, run: RunContext): Promise<Checkpoint> =>
    appendToIndex(plan.sessionId, uuidV5(`booking-started:${plan.sessionId}`), 'BookingStarted', plan, store, run),

  // `known`: the stream as the caller read it moments ago, which saves the step's own read (runStep).
  hold: (store: EventStore, plan: BookingPlan, run: RunContext, known?: LoadedStream<LedgerState>): Promise<Checkpoint | null> =>
    placeSessionHold(
      store,
      { studentId: plan.studentId, sessionId: plan.sessionId, holdId: plan.holdId, amount: plan.cost },
      step(run, plan, 'hold'),
      known,
    ),

  reserve: (store: EventStore, plan: BookingPlan, run: RunContext, known?: KnownCells): Promise<Checkpoint[]> =>
    reserveCells(store, { mentorId: plan.instructorId, sessionId: plan.sessionId, cells: plan.cells }, step(run, plan, 'reserve'), known),

  /** The pivot; throws CONFLICT (BOOKING_LOST_MESSAGE) when the reconciler abandoned the booking first. */
  commit: (store: EventStore, plan: BookingPlan, run: RunContext, known?: LoadedStream<BookingDecisionState>) =>
    runStep(
      store,
      bookingDecisionDecider,
      bookingStreamId(plan.sessionId),
      { type: 'Commit', sessionId: plan.sessionId },
      step(run, plan, 'commit'),
      known,
    ),

  /** Only after commit. Decided as of the request's own instant, also when rolled forward later. */
  createSession: (
    store: EventStore,
    plan: BookingPlan,
    run: RunContext,
    known?: LoadedStream<SessionState>,
  ): Promise<StepResult<SessionState, SessionEvent>> =>
    runStep(store, creatingDecider, sessionStreamId(plan.sessionId), requestCommandOf(plan), step(run, plan, 'session'), known),

  /** Gives back whatever the booking took; harmless for what it never took. */
  compensate: async (store: EventStore, plan: BookingPlan, run: RunContext): Promise<void> => {
    await releaseCells(store, { mentorId: plan.instructorId, sessionId: plan.sessionId, cells: plan.cells }, step(run, plan, 'release'));
    await refundHoldIfActive(
      store,
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
  fail: async (store: EventStore, plan: BookingPlan, reason: string, run: RunContext): Promise<void> => {
    await runStep(store, bookingDecisionDecider, bookingStreamId(plan.sessionId), { type: 'Fail', sessionId: plan.sessionId, reason }, step(run, plan, 'fail'));
    await bookingSteps.compensate(store, plan, run);
    await bookingSteps.close(store, plan.sessionId, 'failed', run);
  },

  close: (store: EventStore, sessionId: string, outcome: BookingOutcome, run: RunContext): Promise<Checkpoint> =>
    appendToIndex(sessionId, uuidV5(`booking-closed:${sessionId}`), 'BookingClosed', { sessionId, outcome }, store, run),
};

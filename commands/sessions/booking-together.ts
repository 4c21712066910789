// The booking's writes on a store that appends to several streams in one transaction
// (multiStreamAppend 'atomic'): two appends instead of one per step. `takeTogether` lists the booking
// in the index and takes the hold and every cell; `commitTogether` writes the pivot, the session and
// the index's close. The process keeps its shape (request-session.ts): a crash between the two leaves
// a listed booking that holds points and cells, which the reconciler gives back exactly as after a
// crash between single steps. Event ids are the ones the single steps would derive, so the two paths
// never record one decision twice. On an 'in-order' store the steps run one by one instead.
import { ledgerDecider } from '../../domain/ledger/decide.js';
import type { LedgerState } from '../../domain/ledger/state.js';
import { sessionDecider } from '../../domain/session/decide.js';
import type { SessionEvent } from '../../domain/session/events.js';
import { initialState, type SessionState } from '../../domain/session/state.js';
import type { Event } from '../../domain/shared.js';
import { slotDecider, type SlotState } from '../../domain/slot/decider.js';
import { WrongExpectedVersionError, type EventStore, type StreamAppend } from '../../eventstore/types.js';
import { loadStream, type LoadedStream } from '../handle-command.js';
import { bookingStreamId, ledgerStreamId, sessionStreamId, slotStreamId } from '../stream-ids.js';
import type { BookingCommitted, BookingPlan } from './booking-record.js';
import { bookingClosedAppend, bookingStartedAppend, requestCommandOf, step, type RunContext } from './booking-steps.js';
import { pause, stepEvents, type StepContext, type StepResult } from './process-step.js';
import { cellsInOrder, loadCells, type KnownCells } from './slot-steps.js';

const MAX_ATTEMPTS = 8;

export interface TakeKnown {
  ledger: LoadedStream<LedgerState>;
  /** Cells as read moments ago; a cell missing here is taken to be a stream never written (free). */
  cells?: KnownCells | undefined;
}

const neverWritten = <S>(state: S): LoadedStream<S> => ({ state, revision: null });

const appendOf = (context: StepContext, streamId: string, loaded: LoadedStream<unknown>, events: readonly Event[]): StreamAppend => ({
  streamId,
  expectedRevision: loaded.revision ?? 'no_stream',
  events: stepEvents(context, streamId, loaded.revision, events),
});

/** Throws the refusal a member would hear first: INSUFFICIENT_POINTS (the spec's text), then the slot's CONFLICT. */
const decideTake = (plan: BookingPlan, run: RunContext, known: TakeKnown): StreamAppend[] => {
  const appends = [bookingStartedAppend(plan, run)];
  const ledgerId = ledgerStreamId(plan.studentId);
  const hold = ledgerDecider.decide(
    { type: 'PlaceHold', memberId: plan.studentId, holdId: plan.holdId, sessionId: plan.sessionId, amount: plan.cost },
    known.ledger.state,
  );
  if (hold.length > 0) appends.push(appendOf(step(run, plan, 'hold'), ledgerId, known.ledger, hold));
  for (const slotStart of cellsInOrder(plan.cells)) {
    const streamId = slotStreamId(plan.instructorId, slotStart);
    const cell = known.cells?.get(slotStart) ?? neverWritten<SlotState>({ status: 'free' });
    const reserved = slotDecider.decide({ type: 'ReserveSlot', mentorId: plan.instructorId, slotStart, sessionId: plan.sessionId }, cell.state);
    if (reserved.length > 0) appends.push(appendOf(step(run, plan, `reserve:${slotStart}`), streamId, cell, reserved));
  }
  return appends;
};

/** The student's ledger and the session's cells, read again after one of them moved. */
const readTake = async (store: EventStore, plan: BookingPlan): Promise<Required<TakeKnown>> => {
  const [ledger, cells] = await Promise.all([
    loadStream(store, ledgerDecider, ledgerStreamId(plan.studentId)),
    loadCells(store, { mentorId: plan.instructorId, cells: plan.cells }),
  ]);
  return { ledger, cells };
};

/**
 * Lists the booking, holds its cost and reserves every cell, all or nothing. A refusal (points,
 * slot) throws with nothing written; a stream that moved since `known` is read again and decided anew.
 */
export const takeTogether = async (store: EventStore, plan: BookingPlan, run: RunContext, known: TakeKnown): Promise<void> => {
  let current: TakeKnown = known;
  for (let attempt = 1; ; attempt++) {
    try {
      await store.appendMany(decideTake(plan, run, current));
      return;
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError) || attempt >= MAX_ATTEMPTS) throw error;
    }
    // A cell that moved is usually taken (the re-read refuses at once); a ledger that moved is the
    // same student booking twice at once, which a short pause lets settle.
    if (attempt > 1) await pause(attempt);
    current = await readTake(store, plan);
  }
};

/**
 * The pivot, the session and the index's close in one append. Null when the pivot or the session
 * stream was written first (the reconciler abandoned a slow booking, or rolled it forward): the
 * caller then goes step by step, which reads what happened and answers accordingly.
 */
export const commitTogether = async (store: EventStore, plan: BookingPlan, run: RunContext): Promise<StepResult<SessionState, SessionEvent> | null> => {
  const committed: BookingCommitted[] = [{ type: 'BookingCommitted', data: { sessionId: plan.sessionId } }];
  const created = sessionDecider.decide(requestCommandOf(plan), initialState());
  const none = neverWritten(null);
  try {
    const [, session] = await store.appendMany([
      appendOf(step(run, plan, 'commit'), bookingStreamId(plan.sessionId), none, committed),
      appendOf(step(run, plan, 'session'), sessionStreamId(plan.sessionId), none, created),
      bookingClosedAppend(plan.sessionId, 'requested', run),
    ]);
    return { events: created, state: created.reduce(sessionDecider.evolve, initialState()), checkpoint: session!.checkpoint };
  } catch (error) {
    if (error instanceof WrongExpectedVersionError) return null;
    throw error;
  }
};

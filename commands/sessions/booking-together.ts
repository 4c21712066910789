// The booking in one write, on a store that appends to several streams in one transaction
// (multiStreamAppend 'atomic'): the hold, every cell and the new session go into one appendMany, so
// the booking is whole or absent and there is nothing for a reconciler to repair. That is why this
// path lists nothing in the bookings index and writes no pivot: both exist for the step-by-step
// process (request-session.ts), which an 'in-order' store such as EventStoreDB runs instead and whose
// crashes the reconciler finishes or undoes. Event ids are the ones the steps would derive, so a
// re-sent request is recognised whichever path wrote the first one.
import { ledgerDecider } from '../../domain/ledger/decide.js';
import type { LedgerState } from '../../domain/ledger/state.js';
import type { LedgerEvent } from '../../domain/ledger/events.js';
import { sessionDecider } from '../../domain/session/decide.js';
import type { SessionEvent } from '../../domain/session/events.js';
import { initialState, type SessionState } from '../../domain/session/state.js';
import type { Event } from '../../domain/shared.js';
import { initialSlotState, slotDecider, type SlotState } from '../../domain/slot/decider.js';
import { WrongExpectedVersionError, type EventStore, type StreamAppend, type UnchangedStream } from '../../eventstore/types.js';
import { foldStream, type LoadedStream } from '../handle-command.js';
import { ledgerStreamId, sessionStreamId } from '../stream-ids.js';
import type { BookingPlan } from './booking-record.js';
import { requestCommandOf, step, type RunContext } from './booking-steps.js';
import { pause, stepEvents, type StepContext, type StepResult } from './process-step.js';
import { foldCells, hourStreams, type KnownCells } from './slot-steps.js';

const MAX_ATTEMPTS = 8;

export interface BookingKnown {
  ledger: LoadedStream<LedgerState>;
  /** Hours as read moments ago; an hour missing here is taken to be a stream never written (free). */
  cells?: KnownCells | undefined;
  /** The session stream; unset means never written (the API's fresh id). */
  session?: LoadedStream<SessionState> | undefined;
  /** Streams the plan was decided on from remembered states (the members'): the write checks them. */
  unchanged?: readonly UnchangedStream[] | undefined;
}

/** A stream the plan was decided on has moved since: plan again on what the store says now. */
export class StalePlanError extends Error {
  constructor(readonly streamId: string) {
    super(`The booking was planned on an old state of ${streamId}`);
    this.name = 'StalePlanError';
  }
}

export interface BookedTogether extends StepResult<SessionState, SessionEvent> {
  /** The student's ledger as the booking left it (null when nothing was written). */
  ledger: LoadedStream<LedgerState> | null;
}

const neverWritten = <S>(state: S): LoadedStream<S> => ({ state, revision: null });

const appendOf = (context: StepContext, streamId: string, loaded: LoadedStream<unknown>, events: readonly Event[]): StreamAppend => ({
  streamId,
  expectedRevision: loaded.revision ?? 'no_stream',
  events: stepEvents(context, streamId, loaded.revision, events),
});

/** Throws the refusal a member would hear first: INSUFFICIENT_POINTS (the spec's text), then the slot's CONFLICT. */
const decideBooking = (plan: BookingPlan, run: RunContext, known: BookingKnown): { appends: StreamAppend[]; created: SessionEvent[]; held: LedgerEvent[] } => {
  const appends: StreamAppend[] = [];
  const ledgerId = ledgerStreamId(plan.studentId);
  const hold = ledgerDecider.decide(
    { type: 'PlaceHold', memberId: plan.studentId, holdId: plan.holdId, sessionId: plan.sessionId, amount: plan.cost },
    known.ledger.state,
  );
  if (hold.length > 0) appends.push(appendOf(step(run, plan, 'hold'), ledgerId, known.ledger, hold));
  for (const { hourStart, streamId, cells } of hourStreams(plan.instructorId, plan.cells)) {
    const hour = known.cells?.get(hourStart) ?? neverWritten<SlotState>(initialSlotState());
    const reserved = slotDecider.decide({ type: 'ReserveCells', mentorId: plan.instructorId, hourStart, cells, sessionId: plan.sessionId }, hour.state);
    if (reserved.length > 0) appends.push(appendOf(step(run, plan, `reserve:${hourStart}`), streamId, hour, reserved));
  }
  const session = known.session ?? neverWritten(initialState());
  const created = sessionDecider.decide(requestCommandOf(plan), session.state);
  appends.push(appendOf(step(run, plan, 'session'), sessionStreamId(plan.sessionId), session, created));
  return { appends, created, held: hold };
};

/** The student's ledger, the hours of the session's cells and the session stream, read again in one round trip. */
const readAgain = async (store: EventStore, plan: BookingPlan): Promise<Required<Omit<BookingKnown, 'unchanged'>>> => {
  const cells = hourStreams(plan.instructorId, plan.cells);
  const ledgerId = ledgerStreamId(plan.studentId);
  const sessionId = sessionStreamId(plan.sessionId);
  const read = await store.readStreams([ledgerId, sessionId, ...cells.map(({ streamId }) => streamId)]);
  return {
    ledger: foldStream(ledgerDecider, read.get(ledgerId) ?? []),
    session: foldStream(sessionDecider, read.get(sessionId) ?? []),
    cells: foldCells(cells, read),
  };
};

/**
 * Holds the cost, reserves every cell and opens the session, all or nothing. A refusal (points,
 * slot) throws with nothing written; a stream that moved since `known` is read again and decided
 * anew. A session already opened under this id (a re-sent request) is answered as it stands.
 */
export const bookTogether = async (store: EventStore, plan: BookingPlan, run: RunContext, known: BookingKnown): Promise<BookedTogether> => {
  let current: BookingKnown = known;
  const unchanged = known.unchanged ?? [];
  for (let attempt = 1; ; attempt++) {
    if (current.session && current.session.state.status !== 'none') return { events: [], state: current.session.state, checkpoint: null, ledger: null };
    const { appends, created, held } = decideBooking(plan, run, current);
    try {
      const written = await store.appendMany(appends, unchanged.length > 0 ? { unchanged } : undefined);
      const state = created.reduce(sessionDecider.evolve, current.session?.state ?? initialState());
      const ledgerAt = appends.findIndex((a) => a.streamId === ledgerStreamId(plan.studentId));
      const ledger =
        ledgerAt < 0
          ? current.ledger
          : { state: held.reduce(ledgerDecider.evolve, current.ledger.state), revision: written[ledgerAt]!.nextExpectedRevision };
      return { events: created, state, checkpoint: written[written.length - 1]!.checkpoint, ledger };
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError) || attempt >= MAX_ATTEMPTS) throw error;
      if (unchanged.some((u) => u.streamId === error.streamId)) throw new StalePlanError(error.streamId);
    }
    // A cell that moved is usually taken (the re-read refuses at once); a ledger that moved is the
    // same student booking twice at once, which a short pause lets settle.
    if (attempt > 1) await pause(attempt);
    current = await readAgain(store, plan);
  }
};

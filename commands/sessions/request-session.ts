// RequestSession: decided in domain/booking on both members' profiles and the student's ledger, then
// written by the BookingWriter the process was wired with (booking-writer.ts). Where the store checks
// them at the write, the states are the ones this process remembers (runtime.planOn, decision 34).
import type { BookingDecision, BookingParticipants, BookingRequest } from '../../domain/booking/decide-booking.js';
import type { SessionEvent, SessionRef } from '../../domain/session/events.js';
import type { StartInput } from '../../domain/session/start-time.js';
import type { Checkpoint } from '../../eventstore/types.js';
import type { ProcessRuntime } from '../runtime/types.js';
import { ledgerStreamId } from '../stream-ids.js';
import { decideOn, streamsOf } from './booking-states.js';
import type { BookingWriter } from './booking-writer.js';
import { alreadyRequested, nothingRecorded, type NotYetRequested } from './requested-before.js';

export type { BookingParticipants };

export interface BookingDeps {
  runtime: ProcessRuntime;
  bookings: BookingWriter;
}

export interface RequestSessionInput extends StartInput, Omit<BookingRequest, 'holdId'> {
  /**
   * The caller made `sessionId` just now (a random UUID), so nothing can have been recorded under it
   * and the check for a re-sent request is skipped. Leave it unset for an id that may be re-sent.
   */
  sessionIdIsNew?: boolean | undefined;
  correlationId?: string | undefined;
}

export interface RequestSessionResult {
  sessionId: string;
  /** Checkpoint of SessionRequested; null when the session already existed. */
  checkpoint: Checkpoint | null;
  events: SessionEvent[];
  /**
   * Every event the booking appended, of each stream it wrote (the student's hold, the slot cells, the
   * session): a read-your-writes wait must cover the read models of all of them (the balance shows the hold).
   */
  wrote: readonly { type: string }[];
  session: SessionRef;
  /** The zone the request's date and time were read in; null when the session already existed. */
  viewerTimeZone: string | null;
  /** Both members' names and pictures as their streams tell them; null when the session already existed. */
  participants: BookingParticipants | null;
}

export const requestSession = async (deps: BookingDeps, input: RequestSessionInput): Promise<RequestSessionResult> => {
  const { runtime, bookings } = deps;
  // Deciding writes nothing, so it runs alongside the check for a re-sent request, whose answer (the
  // existing session, or its refusal) still comes first.
  const before = input.sessionIdIsNew ? Promise.resolve(nothingRecorded()) : alreadyRequested(runtime, input.sessionId);
  before.catch(() => undefined); // awaited in `decide`
  type Decided = { existing: RequestSessionResult } | { prior: NotYetRequested; decision: BookingDecision };

  return runtime.planOn(
    streamsOf(input),
    async (plan): Promise<Decided> => {
      const prior = await before;
      return 'checkpoint' in prior ? { existing: prior } : { prior, decision: decideOn(input, plan) };
    },
    async (decided, { states, unchanged }): Promise<RequestSessionResult> => {
      if ('existing' in decided) return decided.existing;
      const { prior, decision } = decided;
      const run = { now: input.now, actorId: input.studentId, correlationId: input.correlationId ?? input.sessionId };
      const ledger = states.ledgers.get(ledgerStreamId(input.studentId))!;
      const created = await bookings.write({ decision, ledger, session: prior.session, record: prior.record, unchanged, run });
      if (created.state.status === 'none') throw new Error(`Session ${input.sessionId} was not created`);
      const opened = created.checkpoint !== null; // false: opened under this id by an earlier request (a re-send)
      return {
        sessionId: input.sessionId,
        checkpoint: created.checkpoint,
        events: created.events,
        wrote: opened ? [...decision.hold.events, ...decision.cells.flatMap((hour) => hour.events), ...created.events] : [],
        session: created.state.session,
        viewerTimeZone: opened ? decision.viewerTimeZone : null,
        participants: opened ? decision.participants : null,
      };
    },
  );
};

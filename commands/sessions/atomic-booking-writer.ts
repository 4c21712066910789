// The booking in one write, on a store that appends to several streams in one transaction: the hold,
// every cell and the new session go into one writeMany, so the booking is whole or absent and there is
// nothing for a reconciler to repair. That is why this writer lists nothing in the bookings index and
// writes no pivot (both exist for step-booking-writer.ts). Event ids are the ones the steps would
// derive, so a re-sent request is recognised whichever writer wrote the first one. Cells are taken to
// be free until the store says otherwise: an hour is usually a stream never written, and a wrong guess
// costs one more round.
import { decideTakes, timeStreamsOf, type BookingTakes } from '../../domain/booking/decide-booking.js';
import { ledgerDecider } from '../../domain/ledger/decide.js';
import { sessionDecider } from '../../domain/session/decide.js';
import { slotDecider, type SlotState } from '../../domain/slot/decider.js';
import { WrongExpectedVersionError } from '../../eventstore/types.js';
import { pause, stepEvents } from '../runtime/run-step.js';
import type { ProcessRuntime, LoadedStream, StreamWrite } from '../runtime/types.js';
import { step } from './booking-step.js';
import type { BookingWriter, BookingWritten } from './booking-writer.js';

const MAX_ATTEMPTS = 8;

const neverWritten = <S>(state: S): LoadedStream<S> => ({ state, revision: null });

export const atomicBookingWriter = (runtime: ProcessRuntime): BookingWriter => ({
  async write({ decision, ledger, session, unchanged, run }): Promise<BookingWritten> {
    const { plan } = decision;
    const hours = timeStreamsOf(plan); // the mentor's hours and the student's
    const writeOf = <S>(
      decider: StreamWrite<S>['decider'],
      name: string,
      streamId: string,
      from: LoadedStream<S>,
      events: readonly { type: string; data: unknown }[],
    ): StreamWrite<S> => ({
      decider,
      streamId,
      from,
      events: stepEvents(step(run, plan, name), streamId, from.revision, events),
    });
    let current = { ledger, session, cells: new Map<string, LoadedStream<SlotState>>() };
    let takes: BookingTakes = decision;
    for (let attempt = 1; ; attempt++) {
      if (current.session.state.status !== 'none') return { events: [], state: current.session.state, checkpoint: null };
      const writes: StreamWrite[] = [];
      if (takes.hold.events.length > 0) writes.push(writeOf(ledgerDecider, 'hold', takes.hold.streamId, current.ledger, takes.hold.events));
      for (const hour of takes.cells) {
        const from = current.cells.get(hour.streamId) ?? neverWritten(slotDecider.initialState());
        // Step names are per hour; event ids also derive from the stream, so both members' hours differ.
        writes.push(writeOf(slotDecider, `reserve:${hour.hourStart}`, hour.streamId, from, hour.events));
      }
      writes.push(writeOf(sessionDecider, 'session', decision.session.streamId, current.session, decision.session.events));
      try {
        const written = await runtime.writeMany(writes, unchanged);
        const opened = written.at(-1)!;
        return { events: decision.session.events, state: opened.stream.state, checkpoint: opened.checkpoint };
      } catch (error) {
        // StalePlanError (a remembered member moved) goes up: the runtime plans again.
        if (!(error instanceof WrongExpectedVersionError) || attempt >= MAX_ATTEMPTS) throw error;
      }
      // A cell that moved is usually taken (the re-read refuses at once); a ledger that moved is the
      // same student booking twice at once, which a short pause lets settle.
      if (attempt > 1) await pause(attempt);
      const [ledgers, sessions, cells] = await Promise.all([
        runtime.loadMany(ledgerDecider, [takes.hold.streamId]),
        runtime.loadMany(sessionDecider, [decision.session.streamId]),
        runtime.loadMany(
          slotDecider,
          hours.map((h) => h.streamId),
        ),
      ]);
      current = {
        ledger: ledgers.get(takes.hold.streamId)!,
        session: sessions.get(decision.session.streamId)!,
        cells: new Map(hours.map((h) => [h.streamId, cells.get(h.streamId)!])),
      };
      takes = decideTakes(plan, { ledger: current.ledger.state, cells: new Map([...current.cells].map(([streamId, s]) => [streamId, s.state])) });
    }
  },
});

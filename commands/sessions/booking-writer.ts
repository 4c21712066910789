// How a decided booking reaches the store. A store that appends to several streams in one transaction
// writes it whole or not at all (atomic-booking-writer.ts); one that cannot (EventStoreDB) runs it as a
// process of steps that a reconciler finishes or undoes after a crash (step-booking-writer.ts). The
// choice is made once, when the process is wired, from the store's capability (commands/wiring.ts).
import type { BookingDecision } from '../../domain/booking/decide-booking.js';
import type { LedgerState } from '../../domain/ledger/state.js';
import type { SessionEvent } from '../../domain/session/events.js';
import type { SessionState } from '../../domain/session/state.js';
import type { Checkpoint, UnchangedStream } from '../../eventstore/types.js';
import type { LoadedStream, RunContext } from '../runtime/types.js';
import type { BookingDecisionState } from './booking-record.js';

export interface BookingToWrite {
  decision: BookingDecision;
  /** The student's ledger the decision was taken on. */
  ledger: LoadedStream<LedgerState>;
  /** The session stream and the booking's decision record as read (or known never written). */
  session: LoadedStream<SessionState>;
  record: LoadedStream<BookingDecisionState>;
  /** Remembered streams the write must find unchanged (runtime.planOn). */
  unchanged: readonly UnchangedStream[] | undefined;
  run: RunContext;
}

export interface BookingWritten {
  /** The session's events this write appended; [] when a re-sent request found it opened. */
  events: SessionEvent[];
  state: SessionState;
  checkpoint: Checkpoint | null;
}

export interface BookingWriter {
  /** Throws the refusal a member would hear (INSUFFICIENT_POINTS, the slot's CONFLICT) with nothing left taken. */
  write(booking: BookingToWrite): Promise<BookingWritten>;
}

// A request re-sent with the id of one already made answers with that session, or refuses.
import { texts } from '../../domain/session/rules.js';
import { sessionDecider } from '../../domain/session/decide.js';
import type { SessionEvent, SessionRef } from '../../domain/session/events.js';
import { initialState, type SessionState } from '../../domain/session/state.js';
import { DomainError } from '../../domain/shared.js';
import type { CommandRuntime, LoadedStream } from '../runtime/types.js';
import { bookingStreamId, sessionStreamId } from '../stream-ids.js';
import { bookingDecisionDecider, type BookingDecisionState } from './booking-record.js';

export interface NotYetRequested {
  session: LoadedStream<SessionState>;
  /** The step-by-step booking's decision record (booking-record.ts). */
  record: LoadedStream<BookingDecisionState>;
}

export interface RequestedBefore {
  sessionId: string;
  checkpoint: null;
  events: SessionEvent[];
  wrote: readonly { type: string }[];
  session: SessionRef;
  viewerTimeZone: null;
  participants: null;
}

/** What the streams of a session id that was never used hold. */
export const nothingRecorded = (): NotYetRequested => ({
  session: { state: initialState(), revision: null },
  record: { state: bookingDecisionDecider.initialState(), revision: null },
});

export const alreadyRequested = async (runtime: CommandRuntime, sessionId: string): Promise<RequestedBefore | NotYetRequested> => {
  const [session, record] = await Promise.all([
    runtime.load(sessionDecider, sessionStreamId(sessionId)),
    runtime.load(bookingDecisionDecider, bookingStreamId(sessionId)),
  ]);
  if (session.state.status !== 'none')
    return { sessionId, checkpoint: null, events: [], wrote: [], session: session.state.session, viewerTimeZone: null, participants: null };
  if (record.revision !== null) throw new DomainError('CONFLICT', texts.alreadyExists);
  return { session, record };
};

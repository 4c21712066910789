// What every command takes, made once per process and store by the composition root (api/main.ts,
// and the tests' set-ups): the command runtime, remembering the stream states of the deciders named,
// and the booking writer the store's capability calls for (booking-writer.ts). Beside it, stateAt over
// the stream catalogue (stream-catalogue.ts), for the operations API.
import { conversationDecider } from '../domain/conversation/decide.js';
import { ledgerDecider } from '../domain/ledger/decide.js';
import { memberDecider } from '../domain/member/decide.js';
import { inboxDecider } from '../domain/notification-inbox/decide.js';
import { postDecider } from '../domain/post/decide.js';
import { sessionDecider } from '../domain/session/decide.js';
import { skillLikeDecider } from '../domain/skill-like/decide.js';
import type { EventStore } from '../eventstore/types.js';
import { createCommandRuntime } from './runtime/command-runtime.js';
import { createStateAt, type StateAtOperations } from './runtime/state-at.js';
import type { AnyDecider, ProcessRuntime, EventReads } from './runtime/types.js';
import { atomicBookingWriter } from './sessions/atomic-booking-writer.js';
import type { BookingWriter } from './sessions/booking-writer.js';
import { stepBookingWriter } from './sessions/step-booking-writer.js';
import { streamCatalogue } from './stream-catalogue.js';

export interface CommandDeps {
  runtime: ProcessRuntime;
  bookings: BookingWriter;
}

/**
 * The deciders whose stream states a process remembers. Members and ledgers: every booking reads both
 * members and the student's ledger. The others are streams that grow with use (a post's thread, a
 * conversation, a session's thread, an inbox, a skill's likes): remembered, a command reads and folds
 * only the events since its last one, so its cost does not grow with the stream (decision 190).
 */
export const rememberedDeciders: readonly AnyDecider[] = [memberDecider, ledgerDecider, postDecider, conversationDecider, sessionDecider, inboxDecider, skillLikeDecider];

export const wireCommands = (options: { store: EventStore; cachedDeciders?: readonly AnyDecider[] | undefined }): CommandDeps => {
  const runtime = createCommandRuntime(options);
  // Chosen once: a store that writes several streams in one transaction books in one write.
  const bookings = runtime.multiStreamAppend === 'atomic' ? atomicBookingWriter(runtime) : stepBookingWriter(runtime);
  return { runtime, bookings };
};

/** Time travel over a store's reads (the store itself, or a runtime's `reads`), every stream folded as the commands fold it. */
export const wireStateAt = (reads: Pick<EventReads, 'readStream'>): StateAtOperations => createStateAt({ reads, catalogue: streamCatalogue });

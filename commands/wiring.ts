// What every command takes, made once per process and store by the composition root (api/main.ts,
// and the tests' set-ups): the command runtime, remembering the stream states of the deciders named,
// and the booking writer the store's capability calls for (booking-writer.ts).
import type { EventStore } from '../eventstore/types.js';
import { createCommandRuntime } from './runtime/command-runtime.js';
import type { AnyDecider, CommandRuntime } from './runtime/types.js';
import { atomicBookingWriter } from './sessions/atomic-booking-writer.js';
import type { BookingWriter } from './sessions/booking-writer.js';
import { stepBookingWriter } from './sessions/step-booking-writer.js';

export interface CommandDeps {
  runtime: CommandRuntime;
  bookings: BookingWriter;
}

export const wireCommands = (options: { store: EventStore; cachedDeciders?: readonly AnyDecider[] | undefined }): CommandDeps => {
  const runtime = createCommandRuntime(options);
  // Chosen once: a store that writes several streams in one transaction books in one write.
  const bookings = runtime.multiStreamAppend === 'atomic' ? atomicBookingWriter(runtime) : stepBookingWriter(runtime);
  return { runtime, bookings };
};

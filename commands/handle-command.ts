// The generic command handler: read the stream, fold it, decide, append with the revision we read.
// A concurrent writer makes the append fail with WrongExpectedVersionError; we then re-read and
// decide again, because the decision may differ on the newer state.
import { randomUUID } from 'node:crypto';
import type { Decider, Event } from '../domain/shared.js';
import { rememberWritten } from './stream-caches.js';
import {
  WrongExpectedVersionError,
  type Checkpoint,
  type EventMetadata,
  type EventStore,
  type EventToAppend,
  type ExpectedRevision,
  type RecordedEvent,
} from '../eventstore/types.js';

export interface CommandContext<E extends Event = Event> {
  /** ISO-8601 UTC instant; becomes every event's occurredAt. */
  now: string;
  actorId: string | null;
  /** Defaults to a new id: this command starts a new conversation. */
  correlationId?: string | undefined;
  causationId?: string | null | undefined;
  /** Deterministic event ids (e.g. UUID v5) make a re-sent command idempotent at the store. */
  eventId?: ((event: E, index: number) => string) | undefined;
  /** Attempts in all, counting the first; default 5. */
  maxAttempts?: number | undefined;
}

export interface LoadedStream<S> {
  state: S;
  /** Position of the last event in the stream; null when the stream does not exist. */
  revision: bigint | null;
}

export interface CommandResult<S, E extends Event> {
  /** What was appended; [] when the decision was to do nothing. */
  events: E[];
  /** Checkpoint of the last appended event; null when nothing was appended. */
  checkpoint: Checkpoint | null;
  /** Stream revision after the command; null when the stream still does not exist. */
  nextExpectedRevision: bigint | null;
  /** State after the command's events. */
  state: S;
}

export const loadStream = async <S, C, E extends Event>(
  store: EventStore,
  decider: Decider<S, C, E>,
  streamId: string,
): Promise<LoadedStream<S>> => foldStream(decider, await store.readStream(streamId));

/** Folds a stream already read (e.g. by readStreams) into its state and revision, as loadStream does. */
export const foldStream = <S, C, E extends Event>(decider: Decider<S, C, E>, recorded: readonly RecordedEvent[]): LoadedStream<S> => {
  let state = decider.initialState();
  for (const event of recorded) state = decider.evolve(state, { type: event.type, data: event.data } as E);
  const last = recorded.at(-1);
  return { state, revision: last ? last.streamPosition : null };
};

const pause = (attempt: number) => new Promise((resolve) => setTimeout(resolve, 5 * attempt + Math.random() * 20 * attempt));

export const handleCommand = async <S, C, E extends Event>(
  store: EventStore,
  decider: Decider<S, C, E>,
  streamId: string,
  command: C,
  context: CommandContext<E>,
): Promise<CommandResult<S, E>> => {
  const maxAttempts = context.maxAttempts ?? 5;
  const correlationId = context.correlationId ?? randomUUID();
  for (let attempt = 1; ; attempt++) {
    const { state, revision } = await loadStream(store, decider, streamId);
    const events = decider.decide(command, state);
    if (events.length === 0) return { events, checkpoint: null, nextExpectedRevision: revision, state };
    const toAppend = events.map((event, index): EventToAppend => {
      const metadata: EventMetadata = {
        eventId: context.eventId?.(event, index) ?? randomUUID(),
        occurredAt: context.now,
        actorId: context.actorId,
        correlationId,
        causationId: context.causationId ?? null,
        schemaVersion: 1,
      };
      return { type: event.type, data: event.data, metadata };
    });
    const expectedRevision: ExpectedRevision = revision === null ? 'no_stream' : revision;
    try {
      const result = await store.append(streamId, toAppend, { expectedRevision });
      const next = events.reduce(decider.evolve, state);
      // Only a fresh append on top of the state read: a retried one answered as a duplicate may sit lower.
      if (result.nextExpectedRevision === (revision ?? -1n) + BigInt(events.length)) {
        rememberWritten(store, decider, streamId, { state: next, revision: result.nextExpectedRevision });
      }
      return { events, checkpoint: result.checkpoint, nextExpectedRevision: result.nextExpectedRevision, state: next };
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError) || attempt >= maxAttempts) throw error;
      await pause(attempt);
    }
  }
};

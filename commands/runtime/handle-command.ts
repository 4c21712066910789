// The generic command handler: load the stream's state, decide, append at the revision it was loaded
// at. A concurrent writer makes the append fail with WrongExpectedVersionError; we then load again
// and decide again, because the decision may differ on the newer state.
import { randomUUID } from 'node:crypto';
import type { Decider, Event } from '../../domain/shared.js';
import { WrongExpectedVersionError, type EventMetadata, type EventToAppend } from '../../eventstore/types.js';
import type { CommandContext, CommandResult, StreamStates } from './types.js';

const pause = (attempt: number) => new Promise((resolve) => setTimeout(resolve, 5 * attempt + Math.random() * 20 * attempt));

export const handleCommand = async <S, C, E extends Event>(
  streams: StreamStates,
  decider: Decider<S, C, E>,
  streamId: string,
  command: C,
  context: CommandContext<E>,
): Promise<CommandResult<S, E>> => {
  const maxAttempts = context.maxAttempts ?? 5;
  const correlationId = context.correlationId ?? randomUUID();
  for (let attempt = 1; ; attempt++) {
    const from = (await streams.load(decider, [streamId])).get(streamId)!;
    const events = decider.decide(command, from.state);
    if (events.length === 0) return { events, checkpoint: null, nextExpectedRevision: from.revision, state: from.state };
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
    try {
      const { stream, checkpoint } = await streams.write({ decider, streamId, from, events: toAppend });
      return { events, checkpoint, nextExpectedRevision: stream.revision, state: stream.state };
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError) || attempt >= maxAttempts) throw error;
      await pause(attempt);
    }
  }
};

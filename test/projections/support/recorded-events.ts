// Builds RecordedEvents the way the SQL store would return them, to feed projectors directly.
import type { DomainEvent, RecordedEvent } from '../../../eventstore/types.js';

export interface EventLog {
  record<E extends DomainEvent>(streamId: string, event: E, occurredAt: string): RecordedEvent;
  readonly events: RecordedEvent[];
}

export const createEventLog = (): EventLog => {
  const events: RecordedEvent[] = [];
  const streamVersions = new Map<string, bigint>();
  return {
    events,
    record(streamId, event, occurredAt) {
      const streamPosition = (streamVersions.get(streamId) ?? -1n) + 1n;
      streamVersions.set(streamId, streamPosition);
      const globalPosition = BigInt(events.length + 1);
      const recorded: RecordedEvent = {
        streamId,
        streamPosition,
        globalPosition,
        checkpoint: `1000:${globalPosition}`,
        type: event.type,
        data: event.data,
        metadata: {
          eventId: `evt-${globalPosition}`,
          occurredAt,
          actorId: null,
          correlationId: `corr-${globalPosition}`,
          causationId: null,
          schemaVersion: 1,
        },
      };
      events.push(recorded);
      return recorded;
    },
  };
};

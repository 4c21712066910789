// Event metadata as EventStoreDB stores it: our fields as custom JSON metadata, plus the two keys
// EventStoreDB's own tooling reads ($correlationId, $causationId: the $by_correlation_id projection,
// persistent-subscription tooling). Reading takes the event id from the record itself, which the
// adapter sets to the same value, so an event some other tool wrote without our metadata still reads
// as an event instead of crashing a projector on `metadata.eventId`.
import type { EventMetadata } from '../types.js';

type Stored = Record<string, unknown>;

export function toStoredMetadata(metadata: EventMetadata): Stored {
  return {
    ...metadata,
    $correlationId: metadata.correlationId,
    ...(metadata.causationId !== null ? { $causationId: metadata.causationId } : {}),
  };
}

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** Our metadata back from a record: `id` and `created` are the record's own. */
export function fromStoredMetadata(raw: unknown, record: { id: string; created: Date }): EventMetadata {
  const stored: Stored = raw !== null && typeof raw === 'object' && !Array.isArray(raw) && !(raw instanceof Uint8Array) ? (raw as Stored) : {};
  const written = text(stored.eventId);
  return {
    // The id as we wrote it, unless the record says otherwise (the server may print UUIDs in its own case).
    eventId: written !== null && written.toLowerCase() === record.id.toLowerCase() ? written : record.id,
    occurredAt: text(stored.occurredAt) ?? record.created.toISOString(),
    actorId: text(stored.actorId),
    correlationId: text(stored.correlationId) ?? text(stored.$correlationId) ?? record.id,
    causationId: text(stored.causationId) ?? text(stored.$causationId),
    schemaVersion: typeof stored.schemaVersion === 'number' ? stored.schemaVersion : 1,
  };
}

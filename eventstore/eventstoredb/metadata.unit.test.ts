import { describe, expect, it } from 'vitest';
import type { EventMetadata } from '../types.js';
import { fromStoredMetadata, toStoredMetadata } from './metadata.js';

const metadata: EventMetadata = {
  eventId: '6f1c2a4e-1b2c-4d3e-8f90-a1b2c3d4e5f6',
  occurredAt: '2026-03-01T10:00:00.000Z',
  actorId: 'member-1',
  correlationId: 'request-7',
  causationId: 'command-9',
  schemaVersion: 2,
};
const record = { id: metadata.eventId, created: new Date('2026-03-01T10:00:01.000Z') };

describe('event metadata in EventStoreDB', () => {
  it("adds the keys EventStoreDB's own tooling reads", () => {
    expect(toStoredMetadata(metadata)).toMatchObject({ $correlationId: 'request-7', $causationId: 'command-9' });
    expect(toStoredMetadata({ ...metadata, causationId: null })).not.toHaveProperty('$causationId');
  });

  it('reads back exactly what was written, without those keys', () => {
    const stored = JSON.parse(JSON.stringify(toStoredMetadata(metadata)));
    expect(fromStoredMetadata(stored, record)).toEqual(metadata);
    const noCause = { ...metadata, actorId: null, causationId: null };
    expect(fromStoredMetadata(JSON.parse(JSON.stringify(toStoredMetadata(noCause))), record)).toEqual(noCause);
  });

  it('keeps the event id as written when the server prints it in another case, and trusts the record otherwise', () => {
    const upper = { ...metadata, eventId: metadata.eventId.toUpperCase() };
    expect(fromStoredMetadata(toStoredMetadata(upper), record).eventId).toBe(upper.eventId);
    expect(fromStoredMetadata(toStoredMetadata({ ...metadata, eventId: 'something-else' }), record).eventId).toBe(record.id);
  });

  it("reads an event another tool wrote without our metadata, from the record's id and time", () => {
    const bare = { id: '0d9a6a50-0000-4000-8000-000000000001', created: new Date('2026-03-02T08:00:00.000Z') };
    const expected = { eventId: bare.id, occurredAt: '2026-03-02T08:00:00.000Z', actorId: null, correlationId: bare.id, causationId: null, schemaVersion: 1 };
    expect(fromStoredMetadata(undefined, bare)).toEqual(expected);
    expect(fromStoredMetadata(new Uint8Array([1, 2]), bare)).toEqual(expected);
    expect(fromStoredMetadata({ $correlationId: 'c-1', $causationId: 'e-0' }, bare)).toEqual({ ...expected, correlationId: 'c-1', causationId: 'e-0' });
  });
});
